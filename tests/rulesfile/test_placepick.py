"""An action that chooses a grid's cell works out its legal places over the whole grid at
once (``placepick``): the same places, in the same order, as its condition read on each
place keeps, and the same faults at the same lines as play that reads it place by place."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from generator.deck.validate import named_rules, validate_game
from generator.games import GAMES
from generator.rulesfile import program
from generator.rulesfile.placepick import place_picker
from generator.rulesfile.position import Ctx
from rulesfile.test_fast_paths import _compiler
from rulesfile.test_places import CONDITION, changed

EMPTY = {"eq": [{"count": {"cell": "town"}, "where": {"ne": [{"field": "suit"}, "arrow"]}}, 0]}
OPEN_ROWS = {"ge": [{"row": "town"}, {"var": "first"}]}
CONDITIONS = [
    {"and": [OPEN_ROWS, EMPTY]},  # Boomtown's build
    {"and": [{"lt": [{"var": "pending"}, 0]}, OPEN_ROWS, EMPTY]},  # read once, then by place
    {"le": [{"column": "town"}, {"var": "last"}]},
    {"gt": [{"var": "tracked"}, {"row": "town"}]},  # the place on the right
    {"and": [{"eq": [{"count": {"cell": "town"}}, 1]}, {"ne": [{"column": "town"}, 4]}]},
    {"and": [{"gt": [{"count": {"cell": "town"}, "where": {
        "eq": [{"field": "by"}, {"game": "seat"}]}}, 0]}, {"ge": [{"count": "draft"}, 1]}]},
    {"and": [EMPTY, {"gt": [{"count": {"in_row": "town"}}, 2]}]},  # a part read per place
    {"and": [{"eq": [{"count": "draft"}, 9]}, OPEN_ROWS]},  # keeps no place
]


@pytest.mark.parametrize("condition", CONDITIONS)
def test_the_places_picked_are_those_the_condition_keeps(built: dict[str, Any],
                                                         condition: Any) -> None:
    game = built["boomtown"][0]
    x = _compiler(game.program(3))
    whole = x.expr(condition, ("if",))
    pick = place_picker(condition, ("if",), x, x.names.zones["town"], False)
    assert pick is not None and not x.report.problems
    rng, state, checked = random.Random(5), game.new_initial_state(3), 0
    while not state.is_terminal():
        if state.current_player() >= 0:
            seat = state.current_player()
            draft = sorted(state.zones[state.zone_slot["draft"]])
            card = draft[0] if draft else -1
            kept = [p for p in range(90) if whole(Ctx(state, seat, card, 0, p))]
            assert pick(Ctx(state, seat, card), range(90)) == kept
            checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 40


def test_the_parts_read_before_are_left_out(built: dict[str, Any]) -> None:
    """With the condition split (its opening parts read once before), the rest only."""
    x = _compiler(built["boomtown"][0].program(3))
    rest = x.expr({"and": [OPEN_ROWS, EMPTY]}, ("if",))
    pick = place_picker(CONDITIONS[1], ("if",), x, x.names.zones["town"], True)
    state = built["boomtown"][0].new_initial_state(3)
    state.vars[state.var_slot["pending"]] = 5  # the part left out would keep nothing
    assert pick is not None
    assert pick(Ctx(state, 0), range(90)) == [
        p for p in range(90) if rest(Ctx(state, 0, -1, 0, p))] != []


@pytest.mark.parametrize("condition", [
    {"gt": [{"count": {"in_row": "town"}}, 2]},  # every part read per place anyway
    {"or": [OPEN_ROWS, EMPTY]},
    {"ge": [{"row": "town"}, {"game": "target"}]},  # both sides read per place
])
def test_another_shape_is_read_place_by_place(built: dict[str, Any], condition: Any) -> None:
    x = _compiler(built["boomtown"][0].program(3))
    assert place_picker(condition, ("if",), x, x.names.zones["town"], False) is None


def test_a_part_that_fails_gives_no_places(built: dict[str, Any]) -> None:
    """Read place by place instead, which fails (or not) as play would."""
    x = _compiler(built["boomtown"][0].program(3))
    condition = {"and": [EMPTY, {"ge": [{"row": "town"}, "north"]}]}
    pick = place_picker(condition, ("if",), x, x.names.zones["town"], False)
    state = built["boomtown"][0].new_initial_state(3)
    assert pick is not None and pick(Ctx(state, 0), range(90)) is None
    with pytest.raises(TypeError):
        x.expr(condition, ("if",))(Ctx(state, 0, -1, 0, 0))


MOOD = {"setup:": "vars:\n  mood: {start: calm}\nsetup:"}
FAULTY = [  # the homestead's condition; each fails in play, one first where no card lies
    "if: {and: [{eq: [{count: {cell: homestead}}, 0]}, {ge: [{row: homestead}, "
    "{var: mood}]}]}",
    "if: {eq: [{count: {cell: homestead}, where: {eq: [{field: suit}, {item: [{var: mood}, "
    "0]}]}}, 0]}",
    "if: {and: [{le: [0, {column: homestead}]}, {eq: [{count: {cell: homestead}}, 0]}]}",
]  # (the last plays clean)


def _slow(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(program, "place_picker", lambda *args: None)


@pytest.mark.parametrize("condition", FAULTY)
def test_the_same_faults_at_the_same_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           condition: str) -> None:
    changed(tmp_path, {CONDITION: condition, **MOOD})
    fast = [(p.rule, p.line, p.message) for p in validate_game(GAMES["hs"], tmp_path).problems]
    _slow(monkeypatch)
    slow = [(p.rule, p.line, p.message) for p in validate_game(GAMES["hs"], tmp_path).problems]
    assert fast == slow
    assert ("rules-play" in {rule for rule, _, _ in fast}) is (condition != FAULTY[-1])


@pytest.mark.parametrize("condition", FAULTY)
def test_the_same_games_read_both_ways(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       condition: str) -> None:
    folder = changed(tmp_path, {})
    data = validate_game(GAMES["hs"], tmp_path).data  # the starter as it comes: clean
    rules = folder / "rules.yaml"
    text = rules.read_text(encoding="utf-8").replace("setup:", MOOD["setup:"])
    rules.write_text(text.replace(CONDITION, condition), encoding="utf-8")
    playable, _ = named_rules(GAMES["hs"], folder)
    assert data is not None and playable.make_game is not None
    games = []
    for slow in (False, True):
        if slow:
            _slow(monkeypatch)
        game = playable.make_game(data)  # compiled again: the rules changed, not validated
        assert (game.program(2).actions[0].legal_places is None) is slow
        games.append(_played(game, 2, 11))
    assert games[0] == games[1]


def _played(game: Any, players: int, seed: int) -> tuple[list[Any], Any]:
    """Every list of legal actions of a seeded random game, and its fault."""
    rng, state, lists = random.Random(seed), game.new_initial_state(players), []
    while not state.is_terminal():
        lists.append(state.legal_actions())
        state.apply_action(rng.choice(lists[-1]))
    return lists, state.fault
