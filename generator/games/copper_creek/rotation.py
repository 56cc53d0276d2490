"""One rotation of a card as the rules and bots read it, built once per game: squares
and doors in offsets from the card's top-left square, with the same-colour keys of its
doors ((colour, direction a door faces): two doors of one colour facing each other may
not touch)."""

from __future__ import annotations

from dataclasses import dataclass

from generator.games.copper_creek.cells import CELL_STEP, K
from generator.games.copper_creek.geometry import SAND, STEP, Shape


@dataclass(frozen=True)
class Rotation:
    """One rotation of one card, in offsets from the card's top-left square."""

    width: int
    height: int
    squares: tuple[tuple[int, int, int], ...]  # (dx, dy, gid or SAND)
    doors: tuple[tuple[int, int], ...]  # (door offset = 4 * cell offset + dir, gid)
    walls: tuple[int, ...]  # cell offsets of the building squares (not sand), in order
    # per door, in order: (offset of the door facing it, offset of its outside square,
    # is that square one of the card's own buildings?)
    outsides: tuple[tuple[int, int, bool], ...]
    touch_keys: tuple[tuple[int, int, tuple[int, int]], ...]  # per door: (dx, dy, its key)
    # per door: (dx, dy of its outside square, the key of a door there facing back, gid)
    outside_keys: tuple[tuple[int, int, tuple[int, int], int], ...]


def rotation_of(shape: Shape, gids: list[int], colors: list[int]) -> Rotation:
    """The shape with its buildings' gids and colours (both by building index)."""
    walls = tuple(x * K + y for x, y, b in shape.squares if b != SAND)
    outside = [(x * K + y + CELL_STEP[d], d) for x, y, d, _ in shape.doors]
    return Rotation(
        shape.width, shape.height,
        tuple((x, y, SAND if b == SAND else gids[b]) for x, y, b in shape.squares),
        tuple((4 * (x * K + y) + d, gids[b]) for x, y, d, b in shape.doors), walls,
        tuple((4 * c + (d + 2) % 4, c, c in walls) for c, d in outside),
        tuple((x, y, (colors[b], d)) for x, y, d, b in shape.doors),
        tuple((x + STEP[d][0], y + STEP[d][1], (colors[b], (d + 2) % 4), gids[b])
              for x, y, d, b in shape.doors))
