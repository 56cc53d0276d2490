"""``{item: [[A, B, …], INDEX]}``: one entry of a list written out in the rules, picked by
a number (the sum of the pair of dice a player chose), as the language documents it (the
homestead starter, its score changed)."""

from __future__ import annotations

from pathlib import Path

from generator.deck.validate import validate_game
from generator.games import GAMES
from rulesfile.starters import dealt
from rulesfile.test_places import SCORE, changed, game_of


def test_the_entry_at_the_index_is_worked_out(tmp_path: Path) -> None:
    """Seat 1 reads entry 0, seat 2 entry 1 (its tiles counted); past the end, 0."""
    game = game_of(tmp_path, {SCORE: "score: {add: [{item: [[7, {mul: [10, {count: "
                                     "homestead}]}], {game: seat}]}, {item: [[1, 2], 5]}]}"})
    state = dealt(game, 2)
    base = state.zone_slot["homestead"]
    state.move(0, base + 9, 1)
    state.move(1, base + 10, 1)
    state.over = True
    assert state.returns() == [7.0, 20.0]


def test_only_the_entry_picked_is_worked_out(tmp_path: Path) -> None:
    """Entry 1 would divide a word: never read while the index says 0."""
    game = game_of(tmp_path, {SCORE: "score: {item: [[3, {add: [1, wheat]}], 0]}"})
    state = dealt(game, 2)
    state.over = True
    assert state.returns() == [3.0, 3.0]


def test_an_entry_is_checked_as_any_expression(tmp_path: Path) -> None:
    changed(tmp_path, {SCORE: "score: {item: [[1, {var: coins}], 0]}"})
    problems = validate_game(GAMES["hs"], tmp_path).problems
    assert [(p.rule, p.line, p.col) for p in problems] == [("rules-expression", 19, 26)]
    assert "no variable 'coins'" in problems[0].message
