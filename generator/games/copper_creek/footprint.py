"""A card's rotation as the rules use it: in cell offsets from its top-left square
(``Rotation``, built once per game), and laid into a frame of a given height as bit
offsets (``Footprint``, built once per rotation and height)."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.games.copper_creek.cells import CELL_STEP, K
from generator.games.copper_creek.geometry import SAND, STEP, Shape


@dataclass(frozen=True, eq=False)  # identity: a rotation keys its footprints cheaply
class Rotation:
    """One rotation of one card, in cell offsets from the card's top-left square."""

    width: int
    height: int
    squares: tuple[tuple[int, int, int], ...]  # (dx, dy, gid or SAND)
    doors: tuple[tuple[int, int], ...]  # (door offset = 4 * cell offset + dir, gid)
    door_edges: tuple[tuple[int, int, int, int], ...]  # (dx, dy, direction, gid)
    walls: tuple[int, ...]  # cell offsets of the building squares (not sand), in order
    # per door, in order: (offset of the door facing it, offset of its outside square,
    # is that square one of the card's own buildings?)
    outsides: tuple[tuple[int, int, bool], ...]
    # frame height -> footprint: a memo for the game's life (the rotation is the game's)
    footprints: dict[int, Footprint] = field(default_factory=dict, repr=False)


def rotation_of(shape: Shape, gids: list[int]) -> Rotation:
    walls = tuple(x * K + y for x, y, b in shape.squares if b != SAND)
    outside = [(x * K + y + CELL_STEP[d], d) for x, y, d, _ in shape.doors]
    return Rotation(shape.width, shape.height,
                    tuple((x, y, SAND if b == SAND else gids[b]) for x, y, b in shape.squares),
                    tuple((4 * (x * K + y) + d, gids[b]) for x, y, d, b in shape.doors),
                    tuple((x, y, d, gids[b]) for x, y, d, b in shape.doors), walls,
                    tuple((4 * c + (d + 2) % 4, c, c in walls) for c, d in outside))


@dataclass(frozen=True)
class Footprint:
    """A rotation in a frame ``height`` squares tall: bit offsets from its anchor's bit.
    A same-colour key is (colour, direction a door faces)."""

    squares: int  # the bits of every square
    walls: int  # the bits of the building squares
    outsides: tuple[tuple[int, tuple[int, int], int], ...]  # per door: (its outside
    # square, the key a new door there facing back would have, gid)
    doors: tuple[tuple[int, tuple[int, int]], ...]  # per door: (its square, its key)


def footprint_of(rot: Rotation, height: int, color_of: list[int]) -> Footprint:
    """The rotation's footprint for this frame height (colours by gid: the game's)."""
    foot = rot.footprints.get(height)
    if foot is None:
        foot = rot.footprints[height] = _lay(rot, height, color_of)
    return foot


def _lay(rot: Rotation, height: int, color_of: list[int]) -> Footprint:
    def bit(dx: int, dy: int) -> int:
        return dx * height + dy

    squares = walls = 0
    for dx, dy, gid in rot.squares:
        squares |= 1 << bit(dx, dy)
        walls |= (gid != SAND) << bit(dx, dy)
    return Footprint(
        squares, walls,
        tuple((bit(dx + STEP[d][0], dy + STEP[d][1]), (color_of[gid], (d + 2) % 4), gid)
              for dx, dy, d, gid in rot.door_edges),
        tuple((bit(dx, dy), (color_of[gid], d)) for dx, dy, d, gid in rot.door_edges))
