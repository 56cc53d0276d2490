"""Sets of squares as bits: moving a set by any offset within the margin is exactly the
set arithmetic, whatever the squares (negative ones, one column, far from the Heart)."""

from __future__ import annotations

import random

import pytest

from generator.games.cold_comfort.bitgrid import Frame


@pytest.mark.parametrize("seed", range(20))
def test_moving_a_set_of_bits_is_moving_its_squares(seed: int) -> None:
    rng = random.Random(seed)
    cx, cy = rng.randint(-500, 500), rng.randint(-500, 500)
    width, height = rng.randint(1, 12), rng.randint(1, 12)
    squares = {(cx + rng.randrange(width), cy + rng.randrange(height))
               for _ in range(rng.randint(1, 40))}
    margin = rng.randint(1, 4)
    frame = Frame(squares, margin)
    bits = frame.bits(squares)
    assert sorted(frame.squares(bits)) == frame.squares(bits) == sorted(squares)
    for dx in range(-margin, margin + 1):
        for dy in range(-margin, margin + 1):
            moved = frame.squares(frame.back(bits, (dx, dy)))
            assert moved == sorted((x - dx, y - dy) for x, y in squares)


def test_an_empty_set_has_no_squares() -> None:
    frame = Frame([(0, 0)], 1)
    assert frame.squares(0) == [] and frame.bits([]) == 0
