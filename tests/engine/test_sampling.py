"""Chance sampling: the shortcut for equally likely outcomes draws exactly what the
general (outcome, probability) walk draws, so seeded games stay the same games."""

from __future__ import annotations

import math
import random

import pytest

from generator.engine.api import Action, State
from generator.engine.playout import sample_chance

from .toy.rules import ToyState


def die(count: int, spelled_out: bool) -> State:
    """A chance node of ``count`` equally likely outcomes; ``spelled_out``: the game lists
    them with their probabilities itself, as a game with its own chance_outcomes does."""
    class Die(ToyState):
        def legal_actions(self) -> list[Action]:
            return list(range(count))

    class SpelledOut(Die):
        def chance_outcomes(self) -> list[tuple[Action, float]]:
            actions = self.legal_actions()
            return [(a, 1.0 / len(actions)) for a in actions]

    return (SpelledOut if spelled_out else Die)([0, 0])


@pytest.mark.parametrize("count", [1, 2, 3, 7, 10, 49, 52])
def test_uniform_chance_draws_as_the_general_walk(count: int) -> None:
    assert type(die(count, False)).chance_outcomes is State.chance_outcomes
    fast, general = random.Random(count), random.Random(count)
    for _ in range(2000):
        assert sample_chance(die(count, False), fast) == sample_chance(die(count, True), general)


class Drawn(random.Random):
    """A generator whose next ``random()`` is the number given: to land on the edges."""

    def __init__(self, r: float):
        super().__init__(0)
        self.r = r

    def random(self) -> float:
        return self.r


@pytest.mark.parametrize("count", [3, 7, 10, 49])
def test_uniform_chance_agrees_on_every_edge_between_outcomes(count: int) -> None:
    total, edges = 0.0, []
    for _ in range(count):
        total += 1.0 / count
        edges += [math.nextafter(total, 0.0), total, math.nextafter(total, 2.0)]
    for r in (e for e in edges if 0.0 <= e < 1.0):
        assert sample_chance(die(count, False), Drawn(r)) == \
            sample_chance(die(count, True), Drawn(r)), r
