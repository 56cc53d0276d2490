"""Attacks on the output: a file name or a message from a hostile deck tries to forge a CI
annotation, drive the terminal or break the JUnit report, or to flood the log. Each case
says what it tries; whatever it holds, every format prints one located line (or element)
per problem, with nothing raw that a terminal, a CI runner or an XML parser acts on."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.cli import main
from generator.files.problems import (
    FORMATS,
    MAX_LISTED,
    UNSAFE,
    Problem,
    counts,
    format_github,
    format_junit,
    format_text,
    printable,
)

FORGED = "::error file=README.md,line=1::forged"
HOSTILE = {  # what each string tries
    "a newline starts a forged annotation": f"x\n{FORGED}",
    "a carriage return overwrites the line shown": f"x\r{FORGED}",
    "ESC sequences clear the screen and colour the log": "x\x1b[2J\x1b[31mred",
    "a bell and a backspace": "x\x07\x08",
    "XML-illegal characters break the JUnit report": "x\x00\x0b\x0c\x1f\ufffe",
    "a lone surrogate from a bad file name": "x\udcff",
    "a right-to-left override reorders what is read": "x\u202eevil",
    "C1 controls (CSI) that some terminals obey": "x\x9b2J",
    "percent escapes that GitHub would decode": "x%0A::error::forged",
}


def hostile_problems(text: str) -> list[Problem]:
    return [Problem(f"deck/{text}.yaml", 3, 4, "error", f"message {text}", "rule"),
            Problem("deck/plain.yaml", 1, 1, "warning", text, "rule")]


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
def test_text_shows_every_unsafe_character_escaped(text: str) -> None:
    out = format_text(hostile_problems(text))
    assert not UNSAFE.search(out.replace("\n", "")) and len(out.splitlines()) == 2
    assert all(re.match(r"^deck/.*:\d+:\d+: (error|warning): ", line)
               for line in out.splitlines())


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
def test_github_prints_one_command_per_problem_and_nothing_forged(text: str) -> None:
    lines = format_github(hostile_problems(text)).split("\n")
    command = re.compile(r"^::(error|warning) file=deck/[^,:]*,line=\d+,col=\d+,title=rule::")
    assert len(lines) == 2 and all(command.match(line) for line in lines), lines
    assert not any(UNSAFE.search(line) for line in lines)


def test_github_escapes_by_its_rules_in_data_and_in_properties() -> None:
    problem = Problem("a,b:c\n%.yaml", 3, 4, "error", "50%\r\nmore: a,b", "r:1")
    assert format_github([problem]) == ("::error file=a%2Cb%3Ac%0A%25.yaml,line=3,col=4,"
                                        "title=r%3A1::50%25%0D%0Amore: a,b")


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
def test_junit_stays_valid_xml_and_says_the_same(text: str) -> None:
    suite = ET.fromstring(format_junit(hostile_problems(text))).find("testsuite")
    assert suite is not None and suite.get("failures") == "2"
    messages = [f.get("message") for f in suite.iter("failure")]
    assert sorted(messages) == sorted([f"message {printable(text)}", printable(text)])


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
def test_json_round_trips_the_text_itself(text: str) -> None:
    listed = json.loads(FORMATS["json"](hostile_problems(text)))
    assert sorted(p["message"] for p in listed) == sorted([f"message {text}", text])


def test_printable_names_each_escape_and_keeps_what_it_is_told() -> None:
    assert printable("a\nb\tc\x1bd\u202e") == "a\\nb\\tc\\x1bd\\u202e"
    assert printable("a\nb\x1b", keep="\n") == "a\nb\\x1b"
    assert printable("Zoë’s café — 7½") == "Zoë’s café — 7½"


def test_a_folder_name_with_a_newline_and_esc_forges_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole path of a user's tree is data too: a folder named to forge an annotation
    and colour the log, holding a game with one broken rule."""
    hostile = tmp_path / f"deck\n{FORGED}\x1b[31m"
    game = hostile / "deck-game"
    (game / "templates").mkdir(parents=True)
    (game / "game.yaml").write_text("id: deck-game\nname: Deck\nplayers: {min: 2, max: 4}\n"
                                    "play_time_min: 20\nrules_version: '1'\n"
                                    "components: [cards.yaml]\n")
    (game / "cards.yaml").write_text("pieces: 3\n")
    monkeypatch.chdir(tmp_path)
    for fmt in ("text", "github", "junit"):
        code = main(["validate", "deck-game", "--components", hostile.name, "--format", fmt])
        out = capsys.readouterr().out
        assert code == 1 and "\x1b" not in out and f"\n{FORGED}" not in out
    assert ET.fromstring(out).find("testsuite") is not None


def test_a_flood_of_problems_is_listed_up_to_the_limit_then_counted() -> None:
    flood = [Problem("deck/a.yaml", line, 1, "error", "broken", "rule")
             for line in range(1, MAX_LISTED + 251)]
    shown = format_text(flood).splitlines()
    assert len(shown) == MAX_LISTED + 1 and shown[MAX_LISTED - 1].startswith(
        f"deck/a.yaml:{MAX_LISTED}:1: ")
    assert shown[-1] == (f"deck/a.yaml:{MAX_LISTED + 1}:1: error: 250 more problem(s) not "
                         f"listed (250 error(s), 0 warning(s)); the first {MAX_LISTED} are "
                         "listed (too-many-problems)")
    assert len(json.loads(FORMATS["json"](flood))) == MAX_LISTED + 1


def test_a_rule_broken_by_every_face_is_counted_not_listed(tmp_path: Path) -> None:
    """The 0.33 MB deck that printed 2,000,200 lines: rules that each fail on every face.
    Here 20 rules over 2,000 faces: 40,000 problems, 1,000 listed and one line for the
    rest (the checker keeps no more, so memory and time stay small)."""
    from generator.deck.validate import validate_game
    from generator.games import GAMES

    game = tmp_path / "deck-game"
    (game / "templates").mkdir(parents=True)
    (game / "game.yaml").write_text("id: deck-game\nname: Deck\nplayers: {min: 2, max: 4}\n"
                                    "play_time_min: 20\nrules_version: '1'\n"
                                    "components: [cards.yaml]\n")
    rules = "".join(f"  - {{id: r{r}, message: m, copies: {{exactly: 9}}}}\n"
                    for r in range(20))
    faces = "".join(f"      - {{id: f{f}, count: 1}}\n" for f in range(2000))
    (game / "cards.yaml").write_text(
        f"composition:\n{rules}pieces:\n  - id: cards\n    name: Cards\n    kind: card\n"
        f"    size: poker\n    template: card.svg.j2\n    faces:\n{faces}")
    (game / "templates" / "card.svg.j2").write_text("<svg/>")
    found = validate_game(GAMES["deck-game"], tmp_path).problems
    composition = [p for p in found if p.rule.startswith("r") or p.rule == "too-many-problems"]
    assert len(composition) == MAX_LISTED + 1
    assert composition[-1].message == ("39000 more problem(s) not listed (39000 error(s), 0 "
                                       "warning(s)); check 'composition' lists its first 1000")
    assert counts(composition) == (40000, 0)  # what the run's summary line says


@pytest.mark.parametrize("argv", [
    ["validate", "--components", f"nowhere\n{FORGED}\x1b[31m"],  # a usage error of ours
    ["export", "\x1b[2Jgame", "--to", "png"],  # an unknown game
    ["simulate", "copperdale", "--games", f"1\n{FORGED}"],  # a number that is not one
    ["build", "--paper", "\x1b]0;title\x07"],  # argparse's refusal of a choice
], ids=["folder name", "game name", "number", "choice"])
def test_a_usage_error_shows_the_argument_escaped_on_one_line(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(argv)
    except SystemExit as stop:
        code = int(stop.code or 0)
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and not UNSAFE.search(err[:-1]), err


def test_a_folder_name_in_a_progress_line_is_shown_escaped(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The lines that say what was written (build, export, preview, report, watch,
    new-variant) name the user's folders: escaped like everything else."""
    monkeypatch.chdir(tmp_path)
    assert main(["new-variant", "copperdale", f"mine\n{FORGED}\x1b[2J"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "\x1b" not in out and "mine\\n::error" in out


def test_a_deck_cannot_pass_for_the_count_line(tmp_path: Path) -> None:
    """A composition rule named like the count line, with a message that counts a million
    problems, would inflate the summary and slip past the limit."""
    from generator.deck.validate import validate_game
    from generator.games import GAMES

    game = tmp_path / "deck-game"
    game.mkdir()
    (game / "game.yaml").write_text("id: deck-game\nname: Deck\nplayers: {min: 2, max: 4}\n"
                                    "play_time_min: 20\nrules_version: '1'\n"
                                    "components: [cards.yaml]\n")
    (game / "cards.yaml").write_text(
        "composition:\n  - id: too-many-problems\n    message: 'not listed (1000000 "
        "error(s), 0 warning(s))'\n    copies: {exactly: 9}\npieces: []\n")
    (found,) = validate_game(GAMES["deck-game"], tmp_path).problems
    assert found.rule == "schema" and "is the rule of Copperplate's own count line" in (
        found.message)
    assert counts([found]) == (1, 0)
