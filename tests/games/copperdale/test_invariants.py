"""The invariants catch what they promise, and clones carry every field of the state."""

from __future__ import annotations

import dataclasses
import random

import pytest

from generator.engine.harness import random_sim
from generator.games.copperdale.rules import FIELDS


@pytest.fixture
def midgame(game):  # type: ignore[no-untyped-def]
    """A real position in month 7 (seeded random play)."""
    rng = random.Random(3)
    state = game.new_initial_state(1)
    while state.month < 7:
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.invariants() == []
    return state


def test_a_card_in_two_places_breaks_conservation(midgame) -> None:
    midgame.discard.append(midgame.unseen[0])
    assert any("card conservation" in m for m in midgame.invariants())


def test_a_lost_card_breaks_conservation(midgame) -> None:
    midgame.unseen.pop()
    assert any("card conservation" in m for m in midgame.invariants())


def test_an_unseen_pool_out_of_order_is_caught(midgame) -> None:
    assert midgame.invariants() == []
    midgame.unseen[0], midgame.unseen[1] = midgame.unseen[1], midgame.unseen[0]
    assert "the unseen pool is out of order" in midgame.invariants()


def test_a_space_filled_twice_is_caught(midgame) -> None:
    midgame.occupations[0] = [1, 2, 3]
    midgame.population[1] = 10
    broken = midgame.invariants()
    assert "an Occupation space was filled twice" in broken
    assert any(m.startswith("Population spaces out of range") for m in broken)


def test_a_wrong_suit_is_caught(kit) -> None:
    s = kit.position([("economy",)], estates=[kit.card("7-clubs")] + [None] * 5,
                     monuments=[[kit.card("2-hearts"), None, None, None]] + [[None] * 4] * 3)
    assert s.invariants() == ["Estate 1 filled with a wrong suit",
                              "Fountains filled with a wrong suit"]


def test_medals_above_the_total_are_caught(game) -> None:
    final = random_sim(game, 1, 4)
    assert final.returns()[0] >= 1
    final.t = dataclasses.replace(final.t, medal_total=0)  # a sheet that awards nothing
    assert any("above the total of 0" in m for m in final.invariants())


@pytest.mark.parametrize("name", FIELDS)
def test_every_field_takes_part_in_equality_and_clone(midgame, name: str) -> None:
    twin = midgame.clone()
    assert twin == midgame
    value = getattr(twin, name)
    if isinstance(value, list):
        value.append(value[-1] if value and not isinstance(value[-1], list) else [99])
    else:
        setattr(twin, name, (value or 0) + 1000)
    assert twin != midgame, f"field '{name}' is not compared"
    assert midgame.invariants() == []  # the original is untouched
