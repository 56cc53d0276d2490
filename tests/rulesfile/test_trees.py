"""An ``and``/``or`` of two comparisons of a variable read in place (``trees.fuse``) is
one closure that gives what the condition says, for every seat, all through seeded games;
any other ``and``/``or`` is left to ``chain``."""

from __future__ import annotations

import random
from typing import Any

import pytest

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


@pytest.mark.parametrize("value", [
    {"or": [{"eq": [{"var": "out"}, 1]}, {"eq": [{"count": "deck"}, 0]}]},  # a pile's size
    {"or": [{"eq": [{"var": "out"}, 1]}, {"eq": [{"var": "high"}, {"var": "bid"}]}]},
    {"and": [{"eq": [{"var": "out"}, 1]}, {"eq": [{"var": "out"}, 1]}, SKIP]},  # three
])
def test_another_tree_is_chained(built: dict[str, Any], value: Any) -> None:
    x = _compiler(built["auction-house"][0].program(4))
    assert x.expr(value, ()).__name__ not in ("both", "either")
