"""Squares of the table as ints: ``cell = (x + OFF) * K + (y + OFF)``.

A neighbour is then a fixed offset, and cells sort column by column (by x, then y),
the order placements are listed in. A door is ``4 * cell + direction``.
"""

from __future__ import annotations

from generator.games.copper_creek.geometry import STEP

K = 1024
OFF = 512
CELL_STEP = tuple(dx * K + dy for dx, dy in STEP)  # north, east, south, west


def cell(x: int, y: int) -> int:
    return (x + OFF) * K + (y + OFF)


def xy(c: int) -> tuple[int, int]:
    return c // K - OFF, c % K - OFF
