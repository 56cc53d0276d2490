"""Every Copperdale check: the bundled data passes; broken data gives a located error."""

from __future__ import annotations

import subprocess
import sys

import pytest
from gametree import copy_game, edit, spot

from generator.deck.validate import validate_game
from generator.games.copperdale import SPEC


def test_bundled_data_is_clean() -> None:
    loaded = validate_game(SPEC)
    assert [p.format() for p in loaded.problems] == []
    assert loaded.data is not None


def test_cli_validate_exits_zero() -> None:
    run = subprocess.run([sys.executable, "-m", "generator", "validate", "copperdale"],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_every_check_is_tested() -> None:
    tested = {case[0] for case in CASES}
    assert tested == set(SPEC.checks.checks)


# (rule, file, text to replace, replacement, where the error points in the new text)
CASES = [
    ("unique-suits-and-ranks", "deck.yaml", "{id: '3', label: '3'", "{id: '2', label: '3'",
     "{id: ^'2', label: '3'"),
    ("card-values", "deck.yaml", "name: Queen, face_card: true}",
     "name: Queen, face_card: true, value: 12}", "value: ^12}"),
    ("standard-deck", "deck.yaml", "      - {id: k-clubs, suit: clubs, rank: 'k'}\n", "",
     "faces:\n      ^- {id: a-spades"),
    ("standard-deck", "deck.yaml", "{id: k-clubs, suit: clubs, rank: 'k'}",
     "{id: k-clubs, suit: clubs, rank: 'q'}", "^{id: k-clubs"),
    ("standard-deck", "deck.yaml", "{id: 7-hearts, suit: hearts, rank: '7'}",
     "{id: 7-hearts, suit: hearts, rank: '7', count: 2}", "count: ^2}"),
    ("deck-feeds-months", "board.yaml", "border_deck: 12 ", "border_deck: 9  ", "border_deck: ^9"),
    ("deck-feeds-months", "board.yaml", "months: 12 ", "months: 14 ", "months: ^14"),
    ("segments-in-order", "board.yaml", "{id: growth, number: 3", "{id: growth, number: 2",
     "^{id: growth"),
    ("occupation-spaces", "board.yaml", "{id: diplomats, name: Diplomats",
     "{id: masons, name: Diplomats", "{id: ^masons, name: Diplomats"),
    ("prosperity-levels", "board.yaml", "[60, 80, 100, 120]", "[60, 100, 80, 120]",
     "prosperity_levels: [60, 100, ^80"),
    ("estates-cover-suit-pairs", "board.yaml", "suits: [hearts, clubs]",
     "suits: [spades, hearts]", "hearts-clubs, suits: ^[spades"),
    ("estates-cover-suit-pairs", "board.yaml", "suits: [diamonds, clubs]",
     "suits: [clubs, clubs]", "suits: ^[clubs, clubs]"),
    ("monument-spaces", "board.yaml",
     "name: Statues, suits: [spades, hearts, diamonds, clubs]",
     "name: Statues, suits: [spades, hearts, diamonds, diamonds]", "Statues, suits: ^["),
    ("monument-spaces", "board.yaml", "monument_spaces: 3}", "monument_spaces: 4}", "artisans: {monument_spaces: ^4}"),
    ("population-spaces", "board.yaml", "clubs: 9}", "clubz: 9}", "diamonds: 9, ^clubz: 9}"),
    ("border-spaces", "board.yaml", "hearts: 5,", "hartz: 5,", "spades: 5, ^hartz: 5,"),
    ("medal-total", "board.yaml", "counts: completed-districts, max_medals: 4",
     "counts: completed-districts, max_medals: 3", "medal_total: ^33"),
    ("medal-total", "board.yaml", "medal_total: 33 ", "medal_total: 34 ", "medal_total: ^34"),
    ("ratings-ascending", "board.yaml", "{up_to: 15,", "{up_to: 9,", "{up_to: ^9,"),
    ("monument-words", "board.yaml", 'any-space: "1 per Border suit begun", ',
     "", "^{id: gardens"),
]


@pytest.mark.parametrize(("rule", "file", "old", "new", "at"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_broken_data_is_located(broken_tree, rule: str, file: str, old: str, new: str,
                                at: str) -> None:
    problems, text = broken_tree(file, old, new)
    mine = [p for p in problems if p.rule == rule]
    assert mine, [p.format() for p in problems]
    line, col = spot(text, at)
    assert all(p.path.endswith(f"copperdale/{file}") for p in mine)
    assert (line, col) in [(p.line, p.col) for p in mine], [p.format() for p in mine]
    assert all(p.severity == "error" for p in mine)


def test_a_jack_given_a_fixed_value_is_refused_at_its_line(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """"Face cards are always Value 1 + their Suit's Population Level": a Jack edited into
    a number card (value 11) is the rulebook's error at the edited rank, not a template
    crash."""
    folder = copy_game("copperdale", tmp_path)
    edit(folder / "deck.yaml", "{id: j, label: J, name: Jack, face_card: true}",
         "{id: j, label: J, name: Jack, value: 11}")
    problems = validate_game(SPEC, tmp_path).problems
    assert [(p.rule, p.line, p.severity) for p in problems] == [
        ("rulebook-value", 23, "error")], [p.format() for p in problems]


def test_an_ace_of_value_2_is_the_baseline_s_error_alone_and_passes_as_a_variant(
        broken_tree, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """"Ace cards are always Value 1 in this game" has one keeper, the baseline: edited,
    it is one error at the edited value; declared as a variant, a warning and no error."""
    problems, text = broken_tree("deck.yaml", "{id: a, label: A, name: Ace, value: 1}",
                                 "{id: a, label: A, name: Ace, value: 2}")
    errors = [p for p in problems if p.severity == "error"]
    assert [(p.rule, p.line, p.col) for p in errors] == [
        ("rulebook-value", *spot(text, "Ace, value: ^2}"))], [p.format() for p in problems]
    game = tmp_path / "copperdale" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8")
                    + 'variant: {name: High Ace, notes: "the Ace is worth 2"}\n',
                    encoding="utf-8")
    again = validate_game(SPEC, tmp_path).problems
    assert [p for p in again if p.severity == "error"] == [], [p.format() for p in again]
    assert any(p.rule == "rulebook-value" and "variant 'High Ace'" in p.message for p in again)


def test_a_declared_variant_of_the_sheets_numbers_has_no_check_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The rulebook's numbers have one keeper, the baseline: a variant with 11 months,
    three spaces an Occupation and eight Population spaces a suit gets its warnings and
    no check error repeating the number."""
    folder = tmp_path / "copperdale"
    folder.mkdir()
    (folder / "game.yaml").write_text("extends: copperdale\nvariant: {name: Short Year, "
                                      "notes: eleven months}\n", encoding="utf-8")
    (folder / "board.yaml").write_text(
        "months: 11\noccupation_spaces: 3\nprosperity_levels: [50, 80, 100, 120]\n"
        "population: {spades: 8, hearts: 8, diamonds: 8, clubs: 8}\n", encoding="utf-8")
    problems = validate_game(SPEC, tmp_path).problems
    assert {p.rule for p in problems} == {"rulebook-value"}, [p.format() for p in problems]
    assert all(p.severity == "warning" for p in problems)
