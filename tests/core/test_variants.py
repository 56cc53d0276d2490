"""Declared variants, end to end: the issue's edits are refused without a variant; as an
overlay variant each game validates with warnings, simulates, and prints its own numbers
(extracted from the built PDF: no rulebook number leaks through) and "Variant: NAME"."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from pypdf import PdfReader

from generator.cli import main
from generator.deck.validate import validate_game
from generator.games import GAMES
from generator.lint.faces import faces
from tests.gametree import copy_game, edit, line_col

# The edits the issue found passing validate: (game, file, old text, new text).
ISSUE_EDITS = [
    ("cold-comfort", "table.yaml", "build_per_value: 2 ", "build_per_value: 3 "),
    ("cold-comfort", "dice.yaml", "{players: 2, dice: 12", "{players: 2, dice: 10"),
    ("cold-comfort", "gold.yaml", "first_seat: 9 ", "first_seat: 12 "),
    ("cold-comfort", "gold.yaml", "per_earlier_seat: 1 ", "per_earlier_seat: 2 "),
    ("cold-comfort", "table.yaml", "scoring_rounds: 9 ", "scoring_rounds: 7 "),
    ("cold-comfort", "city-deck.yaml", "dice_per_tile: 6 ", "dice_per_tile: 4 "),
    ("cold-comfort", "city-deck.yaml", "max_tiles: 4 ", "max_tiles: 3 "),
    ("cold-comfort", "table.yaml", "downgrade_per_step: 0 ", "downgrade_per_step: 1 "),
    ("cold-comfort", "table.yaml", "insurance_per_value: 1 ", "insurance_per_value: 2 "),
    ("cold-comfort", "gold.yaml", "gold_per_point: 5 ", "gold_per_point: 3 "),
    ("cold-comfort", "table.yaml", "points_per_tile: 1 ", "points_per_tile: 2 "),
    ("cold-comfort", "hotels.yaml", "per_character: 12 ", "per_character: 10 "),
    ("kings-of-copper", "mining-chips.yaml", "value: 2000,", "value: 1500,"),
    ("kings-of-copper", "rules.yaml", "start_money: 500 ", "start_money: 400 "),
    ("kings-of-copper", "rules.yaml", "title_price: 50 ", "title_price: 60 "),
    ("kings-of-copper", "anaconda-sapphire.yaml", "value: 800}", "value: 600}"),
    ("kings-of-copper", "prospecting-chips.yaml", "value: 1000,", "value: 900,"),
    ("kings-of-copper", "rules.yaml", "totals: [3, 7]", "totals: [3, 8]"),
    ("kings-of-copper", "rules.yaml", "curse_turns: 7 ", "curse_turns: 5 "),
    ("kings-of-copper", "rules.yaml", "first_home_bonus: 1000 ", "first_home_bonus: 500 "),
    ("copperdale", "board.yaml", "prosperity_bonus: 20}", "prosperity_bonus: 30}"),
    ("copperdale", "board.yaml", "border_spaces: 2}", "border_spaces: 3}"),
    ("copperdale", "board.yaml", "monument_spaces: 3}", "monument_spaces: 2}"),
    ("copperdale", "board.yaml", "face_cards_match: true}", "face_cards_match: false}"),
    ("copperdale", "deck.yaml", "face_card_base: 1", "face_card_base: 0"),
    ("boomtown-builders", "terrain.yaml", "goldmine_bonus: 2 ", "goldmine_bonus: 1 "),
    ("boomtown-builders", "board.yaml", "stack_space: 10, stack: 2}",
     "stack_space: 10, stack: 3}"),
    ("boomtown-builders", "investments.yaml", "multiplier: 3,", "multiplier: 4,"),
    ("boomtown-builders", "investments.yaml", "rows_ahead: 3}", "rows_ahead: 4}"),
    ("copper-creek", "station.yaml", "{year: 1882, column: 2, stones: 2}",
     "{year: 1882, column: 2, stones: 3}"),
    ("copper-creek", "money.yaml", "starting_money: 15", "starting_money: 0"),
    ("copper-creek", "money.yaml", "minimum_price: 1", "minimum_price: 2"),
]


@pytest.mark.parametrize(("game_id", "name", "old", "new"), ISSUE_EDITS,
                         ids=[f"{e[0]}-{e[3].strip()}" for e in ISSUE_EDITS])
def test_the_issues_edits_are_refused_where_they_are(tmp_path: Path, game_id: str, name: str,
                                                     old: str, new: str) -> None:
    folder = copy_game(game_id, tmp_path)
    text, at = edit(folder / name, old, new)
    changed = at + next(i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b)
    key_end = text.rfind(": ", 0, changed) + 2  # the value of the key that changed
    start = key_end if text[key_end] == "[" else text.rfind(" ", 0, changed) + 1
    found = [(p.line, p.col) for p in validate_game(GAMES[game_id], tmp_path).problems
             if p.rule == "rulebook-value" and p.path.endswith(name) and p.severity == "error"]
    assert line_col(text, start) in found, (line_col(text, start), found)


def test_the_message_says_the_value_the_rulebook_words_and_what_to_do(tmp_path: Path) -> None:
    folder = copy_game("cold-comfort", tmp_path)
    edit(folder / "table.yaml", "build_per_value: 2 ", "build_per_value: 3 ")
    lines = [p.format() for p in validate_game(GAMES["cold-comfort"], tmp_path).problems]
    assert any(line.endswith('table.yaml:6:20: error: build_per_value is 3; the rulebook says '
                             '"twice the value of the hotel" (2). Declare a variant to change '
                             'it (rulebook-value)') for line in lines), lines


# Per game: an overlay variant's files, what its built PDF must print and must not.
VARIANTS = {
    "cold-comfort": ({
        "table.yaml": "scoring_rounds: 7\npoints_per_tile: 2\ncosts:\n  build_per_value: 3\n"
                      "  build_occupied_per_value: 5\n  upgrade_per_step: 3\n"
                      "  downgrade_per_step: 1\n  insurance_per_value: 2\n",
        "gold.yaml": "gold_per_point: 3\nstarting: {first_seat: 12, per_earlier_seat: 2}\n"},
        ["$3 x value", "$5 x value", "Upgrade: $3 x difference", "Downgrade: $1 x difference",
         "insurance = 2 x value", "7 scoring rounds", "3 Gold = 1 point",
         "Start: $12 + $2 per player", "2 per tile"],
        ["$2 x value", "Downgrade: free", "9 scoring rounds", "5 Gold", "$9 + $1",
         "1 per tile"]),
    "copperdale": ({
        "board.yaml": "skills:\n  merchants: {prosperity_bonus: 30}\n"
                      "  surveyors: {border_spaces: 3}\n  artisans: {monument_spaces: 2}\n",
        "deck.yaml": "face_card_base: 0\n"},
        ["+30 to final Prosperity", "+ 30 with Merchants", "(Surveyors: 3)",
         "Estates fill 3 Border", "(Artisans: 2)", "complete with 2 spaces", "Value = 0 +",
         "King = 0 +"],
        ["+20", "20 with", "Surveyors: 2", "Artisans: 3", "Value = 1 +", "King = 1 +"]),
    "kings-of-copper": ({"rules.yaml": "character_titles: 4\n"},
                        ["won by 4 Titles in 4 districts"], ["3 Titles"]),
    "copper-creek": ({"station.yaml": "elections:\n  - {year: 1882, column: 2, stones: 3}\n"
                                      "  - {year: 1883, column: 3, stones: 3}\n"
                                      "  - {year: 1884, column: 4, stones: 4}\n",
                      "money.yaml": "minimum_price: 2\n"},
                     ["1882: 3 stones in column 2", "(at least $2)"],
                     ["1882: 2 stones", "(at least $1)"]),
    "boomtown-builders": ({"terrain.yaml": "goldmine_bonus: 1\n"},
                          ["+1 VP"], ["+2 VP"]),
}


def _overlay(root: Path, game_id: str, files: dict[str, str]) -> None:
    folder = root / game_id
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(f"extends: {game_id}\nvariant:\n  name: Table Talk\n"
                                      "  notes: a variant for the test\n", encoding="utf-8")
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")


def _pieces_text(pdf: Path, manifest: Path) -> str:
    """The text of the pages holding pieces (not the generator's own pages)."""
    pages = {item["page"] for item in json.loads(manifest.read_text())["items"]}
    reader = PdfReader(pdf)
    return "\n".join(reader.pages[p - 1].extract_text() for p in sorted(pages))


@pytest.mark.slow  # a long run: kept out of the fast tier, run by make test
@pytest.mark.parametrize("game_id", list(VARIANTS))
def test_a_variant_builds_simulates_and_prints_its_own_numbers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], game_id: str) -> None:
    files, printed, leaks = VARIANTS[game_id]
    tree = tmp_path / "tree"
    _overlay(tree, game_id, files)
    loaded = validate_game(GAMES[game_id], tree)
    assert loaded.data is not None, [p.format() for p in loaded.problems]
    assert loaded.variant_changes and all(p.severity == "warning" for p in loaded.problems)
    out = tmp_path / "out"
    assert main(["build", game_id, "--components", str(tree), "--out", str(out), "-q"]) == 0
    pdf = out / game_id / f"{game_id}-a4.pdf"
    text = " ".join(_pieces_text(pdf, out / game_id / "manifest-a4.json").split())
    for words in printed:
        assert words in text, words
    for words in leaks:
        assert words not in text, words
    first = PdfReader(pdf).pages[0].extract_text()
    assert "Variant: Table Talk" in first and "Changes from the rulebook:" in first
    capsys.readouterr()
    assert main(["simulate", game_id, "--components", str(tree), "--games", "3",
                 "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["completed"] == 3 and summary["violations"] == []


def _translated(text: str) -> str:
    """A made-up language: every word accented and long, every {field} kept."""
    return re.sub(r"(?<!\{)\b([A-Za-z][A-Za-z']*)\b(?!\})",
                  lambda m: f"Ü{m.group(1).lower()[::-1]}é", text)


FREE_TEXT = ("name", "blurb", "notes", "text", "title", "steps", "price", "skill", "role",
             "note", "turn_summary")
# The schemas' length limits the made-up language (every word two letters longer) would
# overrun: a Boomtown house ruling is at most 400 characters (HouseRuling.text, about the
# eight lines its paragraph may take on the aid's back); a longer translation is cut
# after its last whole word that fits, as a translator would have to shorten it.
LIMITS = {"text": 400}
# Kings of Copper's player aid names its texts by their part of the aid.
AID_TEXT = ("yours", "turn_heading", "turn", "legend_heading", "label", "tunnel",
            "cave_in_heading", "cave_in_row", "any-chip", "blue-only")


def _within(text: str, limit: int | None) -> str:
    if limit is None or len(text) <= limit:
        return text
    return text[:limit + 1].rsplit(" ", 1)[0].rstrip(",;:")


def _translate_texts(tree: Any, key: str = "", keys: tuple[str, ...] = FREE_TEXT) -> Any:
    """Every free text of a component file translated (ids and references kept)."""
    if isinstance(tree, str):
        slug = re.fullmatch(r"[a-z0-9][a-z0-9-]*", tree)  # an id or a reference: kept
        return (_within(_translated(tree), LIMITS.get(key)) if key in keys and not slug
                else tree)
    if isinstance(tree, dict):
        # Copperdale's monuments hold a text per reading of their rule (text_by_reading)
        return {k: _translate_texts(v, "text" if key == "text_by_reading" else k, keys)
                for k, v in tree.items()}
    if isinstance(tree, list):
        return [_translate_texts(v, key, keys) for v in tree]
    return tree


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_translated_deck_prints_only_its_own_words(tmp_path: Path, game_id: str) -> None:
    """Every printed word comes from the data: a translation overlay (``language: xx``)
    of game.yaml `words` and of the files' free texts validates (the rulebook's fixed
    words may then differ), and leaves no English word of the bundled `words` on any
    piece; the long accented words are printed."""
    bundled = yaml.safe_load(Path(f"components/{game_id}/game.yaml").read_text("utf-8"))
    words = {key: _translated(text) for key, text in bundled["words"].items()}
    folder = tmp_path / "tree" / game_id
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(yaml.safe_dump(
        {"extends": game_id, "language": "xx", "words": words}, allow_unicode=True),
        encoding="utf-8")
    for name in bundled["components"]:  # and the deck's own names, blurbs and texts
        tree = yaml.safe_load(Path(f"components/{game_id}/{name}").read_text("utf-8"))
        keys = FREE_TEXT + AID_TEXT if name == "player-aid.yaml" else FREE_TEXT
        (folder / name).write_text(yaml.safe_dump(_translate_texts(tree, keys=keys),
                                                  allow_unicode=True), encoding="utf-8")
    # every face and back as drawn (the pseudo-translation's longer words do not fit every
    # template: that is the print lint's error to report, and build's to refuse)
    loaded = validate_game(GAMES[game_id], tmp_path / "tree")
    assert loaded.data is not None, [p.format() for p in loaded.problems]
    text = " ".join(" ".join(line.text for face in faces(loaded)
                             for line in face.drawing.lines).split())
    if game_id == "cold-comfort":
        assert "Ütratsé" in text and "Üruoyé Ünruté" in text
    assert re.search(r"Ü[a-zà-ÿ']{4,}é", text), "no translated word printed"
    english = {w for value in bundled["words"].values()
               for w in re.findall(r"(?<!\{)\b[A-Za-z][a-z']{3,}\b(?!\})", value)}
    english -= set(bundled["name"].split())  # the game's title is not translated
    leaked = sorted(w for w in english if re.search(rf"\b{w}\b", text))
    assert leaked == [], leaked


def test_game_templates_print_no_literal_words() -> None:
    """Templates hold layout: every word a game prints comes from its data (game.yaml
    `words` or the component files), so a variant or a translation never edits one."""
    literal = []
    for path in sorted(Path("templates").glob("*/*.j2")):
        if path.parent.name == "_shared":
            continue  # the generator's own pages (contents, registration), not a game's
        text = re.sub(r"\{#.*?#\}|\{\{.*?\}\}|\{%.*?%\}|&\w+;", "",
                      path.read_text(encoding="utf-8"), flags=re.S)
        for plain in re.findall(r">([^<>]*)<", text):
            if re.search(r"[A-Za-z]{2,}", plain):
                literal.append(f"{path}: {plain.strip()}")
    assert literal == []
