"""An action that chooses a card alone picks its legal cards in one step (``cardpick``):
the same cards, in the same order, as its condition read on each card keeps."""

from __future__ import annotations

import random
from typing import Any

import pytest

from generator.rulesfile.cardpick import picker
from generator.rulesfile.position import Ctx
from rulesfile.test_fast_paths import _compiler

SUIT = {"eq": [{"field": "suit"}, {"var": "led"}]}
NONE_OF_IT = {"eq": [{"count": "hand", "where": SUIT}, 0]}
CONDITIONS = [
    {"or": [{"eq": [{"count": "trick"}, 0]}, SUIT, NONE_OF_IT]},  # follow suit
    {"or": [SUIT, NONE_OF_IT]},
    {"and": [{"ge": [{"count": "hand"}, 2]}, {"ne": [{"field": "suit"}, {"var": "led"}]}]},
    {"and": [{"eq": [{"field": "by"}, {"game": "seat"}]}, {"ge": [{"count": "won"}, 0]}]},
    SUIT,
    {"and": [{"ge": [{"count": "hand"}, 1]}, {"le": [{"field": "value"}, {"count": "hand"}]}]},
    {"or": [{"eq": [{"count": "trick"}, 3]}, {"gt": [{"field": "value"}, 4]}]},
    # the field on the right (can I pay for it?): compared on the side it is written
    {"or": [{"gt": [{"var": "tricks"}, {"field": "value"}]}, NONE_OF_IT]},
    {"ge": [{"count": "hand"}, {"field": "value"}]},
    {"and": [{"ge": [{"count": "hand"}, 1]}, {"ne": [{"var": "led"}, {"field": "suit"}]}]},
]


@pytest.mark.parametrize("condition", CONDITIONS)
def test_the_cards_picked_are_those_the_condition_keeps(built: dict[str, Any],
                                                        condition: Any) -> None:
    game = built["high-noon"][0]
    x = _compiler(game.program(4))
    whole, pick = x.expr(condition, ("if",)), picker(condition, ("if",), x)
    assert pick is not None and not x.report.problems
    rng, state, checked = random.Random(3), game.new_initial_state(4), 0
    while not state.is_terminal():
        if state.current_player() >= 0:
            c = Ctx(state, state.current_player())
            cards = sorted(state.zones[state.zone_slot["hand"] + c.seat])
            kept = [k for k in cards if whole(Ctx(state, c.seat, k))]
            assert pick(c, cards) == kept
            checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 20


@pytest.mark.parametrize("condition", [
    {"eq": [{"count": "trick"}, 0]},  # reads no card
    {"or": [SUIT, {"eq": [{"field": "value"}, 3]}]},  # two parts read the card
    {"or": [{"gt": [{"add": [{"field": "value"}, 1]}, 4]}, NONE_OF_IT]},  # in arithmetic
    {"or": [{"gt": [{"field": "value"}, {"field": "value"}]}, NONE_OF_IT]},  # read twice
])
def test_another_shape_is_read_card_by_card(built: dict[str, Any], condition: Any) -> None:
    x = _compiler(built["high-noon"][0].program(4))
    assert picker(condition, ("if",), x) is None


@pytest.mark.parametrize("condition", [{"lt": [{"field": "suit"}, {"count": "hand"}]},
                                       {"lt": [{"count": "hand"}, {"field": "suit"}]}])
def test_a_field_that_cannot_be_compared_fails_as_read_card_by_card(
        built: dict[str, Any], condition: Any) -> None:
    """A word against a number, on either side: the same fault either way (and none with
    no card)."""
    game = built["high-noon"][0]
    x = _compiler(game.program(4))
    whole, pick = x.expr(condition, ("if",)), picker(condition, ("if",), x)
    state = game.new_initial_state(4)
    assert pick is not None and pick(Ctx(state, 0), []) == []
    faults = []
    for read in (lambda: pick(Ctx(state, 0), [0, 1]),
                 lambda: [k for k in (0, 1) if whole(Ctx(state, 0, k))]):
        with pytest.raises(TypeError) as caught:
            read()
        faults.append(str(caught.value))
    assert faults[0] == faults[1]
