"""What a legal-action enumeration may read once (``written.uses_choice``, ``memo``): an
expression that may read the action's choice is never taken for one that does not."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from generator.rulesfile.written import EVERY, memo, of_every_pile, reads, uses_choice

HAND_TEA = {"count": "hand", "where": {"eq": [{"field": "suit"}, "tea"]}}


@pytest.mark.parametrize(("value", "varies"), [
    ({"field": "suit"}, True),  # the chosen card's own field
    (HAND_TEA, False),  # each card of the hand in turn, not the chosen one
    ({"count": "hand", "where": {"eq": [{"field": "suit"}, {"game": "number"}]}}, True),
    ({"game": "target"}, True),
    ({"game": "seat"}, False),
    ({"each_player": {"field": "cost"}}, True),  # each_player keeps the chosen card
    ({"best": "trick", "value": {"field": "value"}, "give": {"field": "by"}}, False),
    ({"count": {"cell": "grid"}}, True),
    ({"count": {"next_to": "grid"}}, True),
    ({"count": "hand", "same": "suit"}, True),
    # same inside a sum's value: the cards like each card of the hand, not the chosen one
    ({"sum": "hand", "value": {"count": "won", "same": "suit"}}, False),
    ({"plugin": "snakes"}, True),
    ({"and": [{"eq": [{"count": "trick"}, 0]}, {"field": "suit"}]}, True),
    ({"and": [{"eq": [{"count": "trick"}, 0]}, HAND_TEA]}, False),
    ({"var": "coins", "of": {"field": "by"}}, True),
])
def test_what_may_read_the_choice(value: Any, varies: bool) -> None:
    assert uses_choice(value) is varies


@pytest.mark.parametrize(("value", "pile", "grid"), [
    ({"eq": [{"count": {"cell": "g"}}, 0]}, {"target"}, {"card", "target"}),
    ({"count": "won", "where": {"eq": [{"count": {"next_to": "g"}}, 0]}}, {"target"},
     {"target"}),  # each won card's neighbours, else those of the chosen cell
    ({"le": [{"game": "number"}, {"field": "cost"}]}, {"number", "card"},
     {"number", "card"}),
    ({"count": "hand", "same": "suit"}, {"card"}, {"card"}),
    ({"plugin": "x", "with": [1]}, EVERY, EVERY),
])
def test_which_part_of_the_choice_is_read(value: Any, pile: set[str], grid: set[str]
                                          ) -> None:
    assert reads(value, card_on_grid=False) == pile
    assert reads(value) == grid


def test_memo_reads_once_per_seat_only_while_enumerating() -> None:
    calls: list[int] = []

    def fn(c: Any) -> int:
        calls.append(c.seat)
        return c.seat * 10

    read = memo(fn)
    st = SimpleNamespace(memo=None)
    assert [read(SimpleNamespace(st=st, seat=s)) for s in (0, 0)] == [0, 0]
    assert calls == [0, 0]  # not enumerating: read every time
    st.memo = {}
    assert [read(SimpleNamespace(st=st, seat=s)) for s in (1, 1, 2, 1)] == [10, 10, 20, 10]
    assert calls == [0, 0, 1, 2]


def test_every_seats_pile_read_side_by_side() -> None:
    """``each_player`` of a pile's size or a field's total, read straight from the piles;
    any other expression (a where, a shared or a grid zone) is left to the general way."""
    hand = SimpleNamespace(name="hand", owned=True, width=0)
    zones = {"hand": hand, "trick": SimpleNamespace(name="trick", owned=False, width=0),
             "grid": SimpleNamespace(name="grid", owned=True, width=3)}
    columns = {"points": [5, 1, 2, 7]}
    st = SimpleNamespace(zone_slot={"hand": 1}, players=2, zones=[[9], [0, 3], [2]])
    c: Any = SimpleNamespace(st=st)
    counts = of_every_pile({"count": "hand"}, zones, columns)
    sums = of_every_pile({"sum": "hand", "value": {"field": "points"}}, zones, columns)
    assert counts is not None and counts(c) == [2, 1]
    assert sums is not None and sums(c) == [12, 2]
    for other in ({"count": "trick"}, {"count": "grid"}, {"count": "hand", "where": True},
                  {"sum": "hand", "value": {"field": "nope"}}, {"var": "hand"}):
        assert of_every_pile(other, zones, columns) is None
