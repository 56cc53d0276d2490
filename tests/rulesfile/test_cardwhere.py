"""An aggregate's ``where`` worked out part by part (``cardwhere``): the same cards, in the
same order, as the ``where`` read on each card keeps, and the same fault when it fails."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from generator.deck.validate import validate_game
from generator.games import GAMES
from generator.rulesfile import cardwhere
from generator.rulesfile.cardsets import kept
from generator.rulesfile.cardwhere import printed, where_kept
from generator.rulesfile.position import Ctx
from rulesfile.test_fast_paths import _compiler
from rulesfile.test_places import CONDITION, changed

SUIT = {"or": [{"eq": [{"field": "suit"}, "building"]},
               {"eq": [{"field": "suit"}, "hideout-space"]}]}
VOTES = {"or": [{"ne": [{"field": "mark"}, "arrow"]}, {"eq": [{"count": {"cell": "town"},
                "where": {"eq": [{"field": "suit"}, "building"]}}, 0]}]}
WHERES = [  # (the cards read, the where)
    ("town", {"and": [SUIT, {"ge": [{"row": "town"}, {"var": "first"}]}]}),  # the pass
    ("town", VOTES),
    ("town", {"and": [VOTES, {"gt": [{"field": "left"}, {"field": "right"}]}]}),
    ("town", {"and": [{"eq": [{"field": "suit"}, "chit"]}, {"eq": [{"field": "by"},
                                                                   {"game": "seat"}]}]}),
    ("town", {"lt": [{"var": "tracked"}, {"column": "town"}]}),  # the place on the right
    ("draft", {"or": [{"eq": [{"row": "town"}, 3]}, {"gt": [{"field": "value"}, 6]}]}),
    ("town", {"gt": [{"item": [{"field": "points"}, 0]}, 5]}),  # fails on a mark
    ("town", {"and": [{"eq": [{"field": "suit"}, "building"]},
                      {"gt": [{"item": [{"field": "points"}, 0]}, 5]}]}),  # fails on none
    ("town", {"or": [{"lt": [{"row": "town"}, {"var": "tracked"}]},
                     {"gt": [{"item": [{"field": "points"}, 1]}, 3]}]}),  # fails later on
    ("draft", {"and": [{"ge": [{"row": "town"}, 0]}, {"gt": [{"item": [{"field": "points"},
                                                                      0]}, 5]}]}),
]  # (the last fails on the marks, which it never reads: looked up on every card, it fails)
FAILING = (WHERES[-4][1], WHERES[-2][1])


def outcome(read: Any, c: Ctx) -> Any:
    """What ``read`` gives on ``c``, or the fault it raises (its kind and words)."""
    try:
        return read(c)
    except (TypeError, ValueError, IndexError, KeyError) as exc:
        return type(exc), str(exc)


@pytest.mark.parametrize(("source", "where"), WHERES)
def test_the_cards_kept_are_those_the_where_keeps(built: dict[str, Any], source: str,
                                                  where: Any) -> None:
    game = built["boomtown"][0]
    x = _compiler(game.program(3))
    cards, test = x.cards(source, ("sum",)), x.expr(where, ("where",))
    fast = where_kept(where, ("where",), x, cards, test)
    assert fast is not None and not x.report.problems
    rng, state, faults, checked = random.Random(2), game.new_initial_state(3), 0, 0
    while not state.is_terminal():
        for seat, target in ((0, -1), (1, 30), (2, 77)):
            c = Ctx(state, seat, -1, 0, target)
            got = outcome(fast, c)
            assert got == outcome(lambda c: kept(c, cards, test), c)
            faults += isinstance(got, tuple)
            checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 100 and (faults > 0) is (where in FAILING)


def test_a_row_on_a_grid_of_each_player(built: dict[str, Any]) -> None:
    game = built["homestead"][0]
    x = _compiler(game.program(2))
    where = {"and": [{"ge": [{"row": "homestead"}, 1]}, {"ne": [{"column": "homestead"},
                                                                {"game": "seat"}]}]}
    cards, test = x.cards("homestead", ("count",)), x.expr(where, ("where",))
    fast = where_kept(where, ("where",), x, cards, test)
    assert fast is not None
    rng, state = random.Random(4), game.new_initial_state(2)
    while not state.is_terminal():
        for seat in (0, 1):
            c = Ctx(state, seat)
            assert fast(c) == kept(c, cards, test)
        state.apply_action(rng.choice(state.legal_actions()))
    assert len(fast(Ctx(state, 1))) == 4  # rows 1 and 2 but column 1, of seat 2's nine


@pytest.mark.parametrize(("where", "yes"), [
    ({"and": [{"eq": [{"field": "suit"}, "chit"]}, {"gt": [{"field": "value"}, 2]}]}, True),
    ({"if": [{"gt": [{"game": "players"}, 3]}, {"item": [{"field": "points"}, 1]}, 0]}, True),
    ({"eq": [{"field": "by"}, 0]}, False),  # who moved it: not printed
    ({"eq": [{"field": "suit"}, {"var": "round"}]}, False),
    ({"eq": [{"game": "seat"}, 0]}, False),
    ({"and": [{"option": "terrain"}, {"eq": [{"field": "suit"}, "terrain"]}]}, True),
])
def test_printed_says_what_reads_only_the_card(where: Any, yes: bool) -> None:
    assert printed(where) is yes


@pytest.mark.parametrize("where", [
    {"eq": [{"field": "by"}, {"var": "round"}]},
    {"or": [{"eq": [{"field": "by"}, 0]}, {"gt": [{"count": {"next_to": "town"}}, 0]}]},
    {"ge": [{"row": "town"}, {"field": "value"}]},  # the other side read per card
])
def test_another_where_is_read_card_by_card(built: dict[str, Any], where: Any) -> None:
    x = _compiler(built["boomtown"][0].program(3))
    assert where_kept(where, ("where",), x, x.cards("town", ()), lambda c: True) is None


@pytest.mark.parametrize("where", [
    "{gt: [{item: [{field: value}, 0]}, 1]}",  # a list read where the card prints a number
    "{and: [{ge: [{row: homestead}, 1]}, {gt: [{field: value}, 1]}]}",  # plays clean
])
def test_the_same_faults_at_the_same_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           where: str) -> None:
    changed(tmp_path, {CONDITION: "if: {and: [{eq: [{count: {cell: homestead}}, 0]}, {ge: "
                                  f"[{{count: homestead, where: {where}}}, 0]}}]}}"})
    fast = [(p.rule, p.line, p.message) for p in validate_game(GAMES["hs"], tmp_path).problems]
    monkeypatch.setattr(cardwhere, "where_kept", lambda *args: None)
    slow = [(p.rule, p.line, p.message) for p in validate_game(GAMES["hs"], tmp_path).problems]
    assert fast == slow
    assert bool(fast) is ("item" in where)
