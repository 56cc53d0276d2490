"""Overlays (a folder holding only what it changes), ``copperplate new-variant`` and
``copperplate diff``: problems stay in the user's files, the diff names every change."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.cli import main
from generator.deck.validate import validate_game
from generator.games import GAMES


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _variant(tmp_path: Path, capsys: pytest.CaptureFixture[str], game_id: str) -> Path:
    tree = tmp_path / "tree"
    code, out, _ = run(capsys, "new-variant", game_id, str(tree), "--name", "Rich Start",
                       "--notes", "more money")
    assert code == 0 and "game.yaml" in out
    return tree / game_id


def test_a_new_variant_is_the_bundled_game_until_it_changes_something(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _variant(tmp_path, capsys, "kings-of-copper")
    assert sorted(p.name for p in folder.iterdir()) == ["game.yaml"]
    loaded = validate_game(GAMES["kings-of-copper"], folder.parent)
    assert loaded.problems == [] and loaded.data is not None
    assert loaded.data.game.variant.name == "Rich Start"
    assert loaded.variant_changes == []


def test_new_variant_never_overwrites(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    folder = _variant(tmp_path, capsys, "copperdale")
    code, _, err = run(capsys, "new-variant", "copperdale", str(folder.parent))
    assert code == 2 and "exists already" in err
    code, _, err = run(capsys, "new-variant", "copper-town", str(folder.parent))
    assert code == 2 and "unknown game" in err


def test_an_overlay_key_is_located_in_the_users_file_the_rest_in_the_bundled_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _variant(tmp_path, capsys, "kings-of-copper")
    (folder / "rules.yaml").write_text("# ours\nstart_money: 600\n", encoding="utf-8")
    problems = validate_game(GAMES["kings-of-copper"], folder.parent).problems
    assert [(Path(p.path).resolve(), p.line, p.col, p.severity) for p in problems] == [
        ((folder / "rules.yaml").resolve(), 2, 14, "warning")]
    # a key the user did not write is located in the bundled file it came from
    folder = _variant(tmp_path / "second", capsys, "cold-comfort")
    (folder / "dice.yaml").write_text("total: 23\n", encoding="utf-8")
    found = {(p.rule, Path(p.path).resolve(), p.line, p.severity)
             for p in validate_game(GAMES["cold-comfort"], folder.parent).problems}
    bundled = Path("components/cold-comfort/dice.yaml").resolve()
    assert ("rulebook-value", (folder / "dice.yaml").resolve(), 1, "warning") in found
    assert ("dice-total", bundled, 14, "error") in found


def test_an_overlay_must_extend_its_own_game(tmp_path: Path) -> None:
    folder = tmp_path / "copperdale"
    folder.mkdir()
    (folder / "game.yaml").write_text("extends: copper-creek\n", encoding="utf-8")
    problems = validate_game(GAMES["copperdale"], tmp_path).problems
    assert any(p.rule == "extends" and (p.line, p.col) == (1, 10) for p in problems)


def test_diff_lists_rulebook_changes_and_cards_added_removed_changed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _variant(tmp_path, capsys, "kings-of-copper")
    (folder / "rules.yaml").write_text("start_money: 800\ncurse_turns: 3\n", encoding="utf-8")
    events = (Path("components/kings-of-copper/events.yaml").read_text(encoding="utf-8")
              .replace("amount: 100,\n", "amount: 120,\n")  # changed
              .replace("      - {id: galena-street, name: Galena Street, effect: pay-each, "
                       "amount: 10,\n         text: \"A round for the house on Galena Street."
                       " Pay each other player $10.\"}\n", "")  # removed
              + "      - {id: boom, name: Boom, effect: gain, amount: 5, text: \"Boom.\"}\n")
    (folder / "events.yaml").write_text(events, encoding="utf-8")
    code, out, _ = run(capsys, "diff", "kings-of-copper", "--components", str(folder.parent))
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0].endswith("variant 'Rich Start'")
    assert lines[1] == "against the rulebook baseline: 2 change(s)"
    assert lines[2].endswith('rules.yaml:1:14: start_money: 500 -> 800  ("Each player starts '
                             'with $500", Setup)')
    assert "rules.yaml:2:14: curse_turns: 7 -> 3" in lines[3]
    assert lines[4] == "against the bundled deck: 1 added, 1 removed, 3 changed"
    body = "\n".join(lines[5:])
    assert "events.yaml:36:9: added face events/boom" in body
    assert "removed face events/galena-street" in body and \
        "components/kings-of-copper/events.yaml:32:9" in body
    assert "changed face events/travona-strike: amount 100 -> 120" in body
    assert "changed rules.yaml start_money: 500 -> 800" in body


def test_diff_needs_a_deck_and_a_known_game(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["diff", "copperdale"])
    assert exc.value.code == 2
    code, _, err = run(capsys, "diff", "nope", "--components", str(tmp_path))
    assert code == 2 and "unknown game" in err


def test_color_balance_is_advice_not_an_error(tmp_path: Path) -> None:
    from tests.gametree import copy_game, edit

    folder = copy_game("copper-creek", tmp_path)
    edit(folder / "buildings.yaml", "color: brown", "color: tan", after="Lumber Yard")
    advice = [p for p in validate_game(GAMES["copper-creek"], tmp_path).problems
              if p.rule == "color-balance"]
    assert advice and all(p.severity == "warning" and p.message.startswith("advice:")
                          for p in advice)
    check = GAMES["copper-creek"].checks.checks["color-balance"]
    assert check.cite.startswith("advice") and "Step 2" not in check.cite


def test_diff_of_a_game_of_ones_own_is_against_the_copy_given_as_base(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import shutil

    before, after = tmp_path / "before", tmp_path / "after"
    assert main(["new", str(before / "dig"), "--name", "Dig", "--from", "claim-jumper"]) == 0
    shutil.copytree(before, after)
    cards = after / "dig" / "cards.yaml"
    cards.write_text(cards.read_text().replace("value: 1, count: 6", "value: 4, count: 6"))
    capsys.readouterr()
    code, _, err = run(capsys, "diff", "dig", "--components", str(after))
    assert code == 2 and "a game of your own" in err and "--base DIR" in err
    code, out, _ = run(capsys, "diff", "dig", "--components", str(after), "--base", str(before))
    assert code == 0, out
    lines = out.splitlines()
    assert lines[1] == "no rulebook baseline (a game of your own)"
    assert lines[2] == f"against the deck in {before}: 0 added, 0 removed, 1 changed"
    assert lines[3].endswith("cards.yaml:17:54: changed face cards/gold-1: value 1 -> 4")
    code, _, err = run(capsys, "diff", "dig", "--components", str(after), "--base",
                       str(tmp_path / "none"))
    assert code == 2 and err.count("\n") == 1 and "--base" in err
    code, _, err = run(capsys, "new-variant", "dig", str(after), "--name", "Richer")
    assert code == 2 and "a game of your own" in err and "--base OLD --variant NEW" in err
