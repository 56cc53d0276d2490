"""A game of one's own with a rules.yaml from the command line: new --from a starter,
then simulate, compare (a changed rule) and replay, as the README shows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.cli import main
from generator.commands.new import STARTERS as OFFERED
from rulesfile.starters import STARTERS


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def tree(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    assert run(["new", str(tmp_path / "base" / "rush"), "--name", "Rush", "--from",
                "land-rush"], capsys)[0] == 0
    return tmp_path


def test_new_offers_every_starter() -> None:
    assert set(OFFERED) == set(STARTERS)


def test_a_starter_comes_with_its_rulebook(tree: Path) -> None:
    folder = tree / "base" / "rush"
    assert {"game.yaml", "cards.yaml", "rules.yaml", "RULEBOOK.md", "README.md"} <= {
        p.name for p in folder.iterdir()}
    assert "# Rush — rulebook" in (folder / "RULEBOOK.md").read_text(encoding="utf-8")


def test_simulate_plays_it(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["simulate", "rush", "--components", str(tree / "base"), "--games",
                        "30", "--jobs", "1", "--bots", "greedy,random", "--json"], capsys)
    summary = json.loads(out)
    assert code == 0 and summary["completed"] == 30 and summary["violations"] == []
    assert summary["turns"]["min"] == 10  # five surveyors each, a turn apiece


def test_compare_a_changed_rule(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    variant = tree / "variant" / "rush"
    variant.parent.mkdir()
    run(["new", str(variant), "--name", "Rush", "--from", "land-rush"], capsys)
    rules = variant / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("        - 5\n", "        - 9\n"),
                     encoding="utf-8")
    code, out, _ = run(["compare", "rush", "--base", str(tree / "base"), "--variant",
                        str(tree / "variant"), "--games", "40", "--jobs", "1", "--json"],
                       capsys)
    report = json.loads(out)
    assert code == 0
    assert report["variant"]["score"]["mean"] > report["base"]["score"]["mean"]


def test_record_then_replay(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base, record = str(tree / "base"), tree / "run.jsonl"
    assert run(["simulate", "rush", "--components", base, "--games", "5", "--jobs", "1",
                "--record", str(record)], capsys)[0] == 0
    code, out, _ = run(["replay", str(record), "--game", "2", "--components", base], capsys)
    assert code == 0 and "game 2" in out


def test_a_broken_rules_file_is_refused_at_its_line(tree: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    rules = tree / "base" / "rush" / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("to: hand", "to: hnd"),
                     encoding="utf-8")
    code, _, err = run(["simulate", "rush", "--components", str(tree / "base"), "--jobs",
                        "1"], capsys)
    assert code == 1 and "rules.yaml:" in err and "no zone 'hnd'" in err
    assert "Traceback" not in err


def test_jobs_do_not_change_the_summary(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "rush", "--components", str(tree / "base"), "--games", "12",
            "--players", "3", "--rotate", "--json"]
    runs = []
    for jobs in ("1", "2"):
        code, out, _ = run(argv + ["--jobs", jobs], capsys)
        summary = json.loads(out)
        summary.pop("seconds")
        runs.append((code, summary))
    assert runs[0] == runs[1] and runs[0][0] == 0


def test_the_pieces_catalogue_is_every_printed_face(tree: Path) -> None:
    from generator.deck.validate import validate_game
    from generator.games import GAMES
    from generator.rulesfile.pieces import catalogue

    data = validate_game(GAMES["rush"], tree / "base").data
    assert catalogue(data) == [("greenhorn", "Greenhorn"), ("surveyor", "Surveyor"),
                               ("marshal", "Marshal")]


def test_pieces_ranks_the_cards_of_a_rules_file_game(tree: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["pieces", "rush", "--components", str(tree / "base"), "--games", "20",
                        "--players", "3", "--jobs", "1", "--suspects", "0", "--json"], capsys)
    report = json.loads(out)
    cards = {piece["id"] for piece in report["pieces"]}
    assert code == 0 and report["game"] == "rush" and report["games"] == 20
    assert {"surveyor", "greenhorn"} <= cards  # the starter's cards, by their manifest ids
    assert sorted(piece["rank"] for piece in report["pieces"]) == list(range(1, len(cards) + 1))
