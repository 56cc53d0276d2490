"""The city grid: squares, tile rotations and printed street edges (rulings: tile geometry).

A square is ``(x, y)``, x growing east and y growing south. A tile is printed portrait
(``columns`` x ``rows``); ``rotation`` counts quarter turns clockwise.
"""

from __future__ import annotations

from collections.abc import Iterable

Square = tuple[int, int]
SIDES = ("north", "east", "south", "west")
STEP = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}


def neighbours(square: Square) -> list[Square]:
    x, y = square
    return [(x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)]


def connected(squares: Iterable[Square]) -> bool:
    todo = sorted(set(squares))
    if not todo:
        return True
    seen = {todo[0]}
    stack = [todo[0]]
    rest = set(todo)
    while stack:
        for n in neighbours(stack.pop()):
            if n in rest and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(rest)


def public_squares_connected(layout: list[str]) -> bool:
    return connected((c, r) for r, row in enumerate(layout) for c, ch in enumerate(row)
                     if ch == "P")


def rotated_size(columns: int, rows: int, rotation: int) -> tuple[int, int]:
    return (columns, rows) if rotation % 2 == 0 else (rows, columns)


def rotate_square(c: int, r: int, columns: int, rows: int, rotation: int) -> Square:
    """Where printed square (c, r) lands after ``rotation`` quarter turns clockwise."""
    for _ in range(rotation % 4):
        c, r, columns, rows = rows - 1 - r, c, rows, columns
    return c, r


def rotate_side(side: str, rotation: int) -> str:
    return SIDES[(SIDES.index(side) + rotation) % 4]


def edge_outside(origin: Square, width: int, height: int, side: str) -> list[Square]:
    """The squares just outside one edge of a ``width`` x ``height`` tile at ``origin``."""
    x0, y0 = origin
    if side == "north":
        return [(x0 + i, y0 - 1) for i in range(width)]
    if side == "south":
        return [(x0 + i, y0 + height) for i in range(width)]
    if side == "west":
        return [(x0 - 1, y0 + j) for j in range(height)]
    return [(x0 + width, y0 + j) for j in range(height)]


def walking_distance(a: Square, b: Square) -> int:
    """Squares walked, no diagonal steps, across any square (rulings: dice placement)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def tile_squares(layout: list[str], rotation: int) -> list[tuple[Square, str]]:
    """Each printed square of a tile as (offset after rotation, its layout character)."""
    rows, columns = len(layout), len(layout[0])
    return [(rotate_square(c, r, columns, rows, rotation), ch)
            for r, row in enumerate(layout) for c, ch in enumerate(row)]
