"""A grow's placements, found by set arithmetic, are exactly what ``City.fits`` allows
square by square (the ruling's own test), on cities grown by seeded random play."""

from __future__ import annotations

import random

import pytest

from generator.games.cold_comfort.city import City, Placement
from generator.games.cold_comfort.rules import ColdComfortGame

from .scenario import bundled


def by_fits(city: City, tile: int) -> list[Placement]:
    """Every origin near the map tried one by one with ``fits``."""
    xs = [x for x, _ in city.square] + [x for x, _ in city.streets]
    ys = [y for _, y in city.square] + [y for _, y in city.streets]
    found = []
    for rotation, shape in enumerate(city.shapes[tile]):
        for x in range(min(xs) - 12, max(xs) + 12):
            for y in range(min(ys) - 12, max(ys) + 12):
                if city.fits(shape, x, y):
                    found.append((tile, x, y, rotation))
    return sorted(found, key=lambda p: (p[1], p[2], p[3]))


@pytest.mark.parametrize("seed", range(3))
def test_placements_are_what_fits_allows(seed: int) -> None:
    rng = random.Random(seed)
    state = ColdComfortGame(bundled()).new_initial_state(4)
    grows = 0
    while not state.is_terminal() and grows < 4:
        if state.phase == "grow-place":
            assert state.city.placements(state.drawn) == by_fits(state.city, state.drawn)
            grows += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert grows == 4
