"""An ``and``/``or`` of two comparisons of a variable read in place (``trees.fuse``) is
one closure that gives what the condition says, for every seat, all through seeded games;
so is one whose first part alone is such a comparison or a variable added up over the
players against a constant (``trees.opening``, the rest called); any other ``and``/``or``
is left to ``chain``."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from generator.rulesfile import choices
from rulesfile.test_fast_paths import _compiler

SKIP = {"or": [{"eq": [{"var": "out"}, 1]}, {"eq": [{"var": "high"}, {"game": "seat"}]}]}
TREES = [
    (SKIP, lambda v, s: v["out"][s] == 1 or v["high"] == s),
    ({"and": [{"ge": [{"var": "bid"}, 2]}, {"lt": [{"var": "coins"}, 12]}]},
     lambda v, s: v["bid"] >= 2 and v["coins"][s] < 12),
    ({"and": [{"ne": [{"var": "high"}, {"game": "seat"}]}, {"eq": [{"var": "out"}, 0]}]},
     lambda v, s: v["high"] != s and v["out"][s] == 0),
    ({"or": [{"gt": [{"var": "round"}, 3]}, {"le": [{"var": "coins"}, 10]}]},
     lambda v, s: v["round"] > 3 or v["coins"][s] <= 10),
]


@pytest.mark.parametrize(("value", "expected"), TREES)
def test_a_fused_tree_reads_what_the_condition_says(built: dict[str, Any], value: Any,
                                                    expected: Any) -> None:
    game, _ = built["auction-house"]
    for seed in range(3):
        rng, state = random.Random(seed), game.new_initial_state(3 + seed % 2)
        x = _compiler(state.prog)
        fn = x.expr(value, ())
        assert x.report.problems == [] and fn.__name__ in ("both", "either")
        while not state.is_terminal():
            v = state.view()
            for seat in range(state.players):
                assert fn(state.ctx(seat)) is expected(v, seat), (value, seat)
            state.apply_action(rng.choice(state.legal_actions()))


UNTIL = {"or": [
    {"eq": [{"each_player": {"var": "out"}}, {"game": "players"}]},
    {"and": [{"ge": [{"var": "high"}, 0]},
             {"eq": [{"each_player": {"var": "out"}}, {"sub": [{"game": "players"}, 1]}]}]}]}
OPENINGS = [  # the auction's until, and a first leaf before a part of another kind
    (UNTIL, lambda v, s, n: sum(v["out"]) == n or v["high"] >= 0 and sum(v["out"]) == n - 1),
    ({"and": [{"lt": [{"each_player": {"var": "out"}}, 3]}, {"or": [
        {"eq": [{"each_player": {"var": "coins"}}, 60]},
        {"lt": [{"count": "deck"}, {"each_player": {"var": "out"}}]}]}]},  # not a leaf
     lambda v, s, n: sum(v["out"]) < 3 and (sum(v["coins"]) == 60
                                             or len(v["deck"]) < sum(v["out"]))),
    ({"and": [{"le": [{"each_player": {"var": "out"}}, 1]}, {"or": [
        {"ge": [{"each_player": {"var": "coins"}}, 59]},
        {"ne": [{"each_player": {"var": "out"}}, 0]}]}]},
     lambda v, s, n: sum(v["out"]) <= 1 and (sum(v["coins"]) >= 59 or sum(v["out"]) != 0)),
    ({"or": [{"eq": [{"each_player": {"var": "out"}}, 2]}, {"and": [
        {"ge": [{"count": "won"}, 1]}, {"eq": [{"var": "high"}, {"game": "seat"}]}]}]},
     lambda v, s, n: sum(v["out"]) == 2 or len(v["won"][s]) >= 1 and v["high"] == s),
    ({"or": [{"eq": [{"var": "out"}, 1]}, {"eq": [{"count": "deck"}, 0]}]},
     lambda v, s, n: v["out"][s] == 1 or not v["deck"]),
    ({"and": [{"ne": [{"var": "high"}, {"game": "seat"}]},
              {"lt": [{"var": "high"}, {"var": "bid"}]}]},
     lambda v, s, n: v["high"] != s and v["high"] < v["bid"]),
    ({"and": [{"lt": [{"each_player": {"var": "out"}}, 2]}, {"ge": [{"var": "bid"}, 3]}]},
     lambda v, s, n: sum(v["out"]) < 2 and v["bid"] >= 3),
    ({"or": [{"ne": [{"var": "high"}, {"game": "seat"}]},
             {"gt": [{"each_player": {"var": "coins"}}, 40]}]},
     lambda v, s, n: v["high"] != s or sum(v["coins"]) > 40),
    ({"and": [{"eq": [{"var": "out"}, 0]}, {"eq": [{"each_player": {"var": "out"}}, 1]}]},
     lambda v, s, n: v["out"][s] == 0 and sum(v["out"]) == 1),
    ({"and": [{"eq": [{"count": "deck"}, 0]}, {"eq": [{"count": "lot"}, 0]}]},  # its end
     lambda v, s, n: not v["deck"] and not v["lot"]),
    ({"or": [{"lt": [{"count": "won"}, 2]}, {"ge": [{"var": "bid"}, 5]}]},
     lambda v, s, n: len(v["won"][s]) < 2 or v["bid"] >= 5),
]


NESTED = [OPENINGS[2][0], OPENINGS[3][0]]  # a sum over the players, then two leaves


@pytest.mark.parametrize(("value", "expected"), OPENINGS)
def test_a_fused_opening_reads_what_the_condition_says(built: dict[str, Any], value: Any,
                                                       expected: Any) -> None:
    game, _ = built["auction-house"]
    names = ("all_and", "all_or", "one_and", "one_or", "mixed_pair", "nested_pair")
    for seed in range(4):
        rng, state = random.Random(seed), game.new_initial_state(3 + seed % 2)
        x = _compiler(state.prog)
        fn = x.expr(value, ())
        assert x.report.problems == [] and fn.__name__ in names
        assert (fn.__name__ == "nested_pair") is (value is UNTIL or value in NESTED)
        while not state.is_terminal():
            v = state.view()
            for seat in range(state.players):
                assert fn(state.ctx(seat)) is expected(v, seat, state.players), (value, seat)
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("value", [
    {"or": [{"eq": [{"count": "deck"}, 0]}, {"eq": [{"var": "round"}, {"var": "out"}]}]},
    {"or": [{"eq": [{"var": "high"}, {"var": "bid"}]}, {"eq": [{"var": "out"}, 1]}]},
    {"and": [{"eq": [{"var": "out"}, 1]}, {"eq": [{"var": "out"}, 1]}, SKIP]},  # three
])
def test_another_tree_is_chained(built: dict[str, Any], value: Any) -> None:
    x = _compiler(built["auction-house"][0].program(4))
    assert x.expr(value, ()).__name__ not in ("both", "either", "all_and", "all_or",
                                              "one_and", "one_or", "mixed_pair",
                                              "nested_pair")


def test_a_bid_read_in_place_offers_what_its_bounds_say(built: dict[str, Any]) -> None:
    """The auction's raise ({add: [{var: bid}, 1]} to {var: coins}) has its bounds read in
    place (``choices.bids``): the same bids as its bounds' closures give, all through
    seeded games, and every number from bid + 1 to the seat's coins."""
    game, _ = built["auction-house"]
    for seed in range(4):
        rng, state = random.Random(seed), game.new_initial_state(3 + seed % 2)
        rule = next(r for r in state.prog.actions if r.name == "raise")
        assert rule.bounds is not None
        fast = choices.bids(rule.name, rule.number, rule.bounds)
        slow = choices.bids(rule.name, rule.number, None)
        while not state.is_terminal():
            v = state.view()
            for seat in range(state.players):
                here, out, expected = state.ctx(seat), [], []
                fast(state, here, out)
                slow(state, here, expected)
                assert out == expected == [("raise", n) for n in range(
                    v["bid"] + 1, v["coins"][seat] + 1)], (seed, seat)
            state.apply_action(rng.choice(state.legal_actions()))


def test_a_phase_of_a_bid_and_a_pass_lists_what_its_offers_list(
        built: dict[str, Any]) -> None:
    """The auction's legal actions kept whole (``choices.phase_list``: the pass, then
    every raise) are the list its actions' own offers make, all through seeded games; a
    phase with an action under a condition is listed by its offers."""
    game, _ = built["auction-house"]
    for seed in range(4):
        rng, state = random.Random(seed), game.new_initial_state(3 + seed % 2)
        phase = state.prog.phases[0]
        assert phase.whole is not None
        rules = [state.prog.actions[i] for i in phase.actions]
        assert choices.phase_list([rules[0], replace(rules[1], test=lambda c: True)]) is None
        assert choices.phase_list([replace(rules[0], test=lambda c: True), rules[1]]) is None
        while not state.is_terminal():
            for seat in range(state.players):
                here, expected = state.ctx(seat), []
                for offered in phase.offers:
                    if isinstance(offered, tuple):
                        expected.append(offered)
                    else:
                        offered(state, here, expected)
                assert phase.whole(state, here) == expected, (seed, seat)
            state.apply_action(rng.choice(state.legal_actions()))
