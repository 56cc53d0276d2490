"""Card geometry: squares, door edges and the four rotations of a building card.

Coordinates are grid squares, x to the right and y down (the table seen from above).
A door is an edge of one square: direction 0 north, 1 east, 2 south, 3 west. Turning a
card a quarter clockwise maps (x, y) to (-y, x) and a direction d to d + 1; each
rotation is then shifted so its top-left square is (0, 0).
"""

from __future__ import annotations

from dataclasses import dataclass

EDGES = ("north", "east", "south", "west")
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))  # the neighbour square across each edge
SAND = -1  # the building index of a sand square


def grid_positions(card_grid: list[list[str]]) -> dict[str, tuple[int, int]]:
    """Square name -> (x, y) on the card as printed."""
    return {name: (x, y) for y, row in enumerate(card_grid) for x, name in enumerate(row)}


@dataclass(frozen=True)
class Shape:
    """One rotation of one card: what covers each square and where the doors are."""

    width: int
    height: int
    squares: tuple[tuple[int, int, int], ...]  # (x, y, building index or SAND)
    doors: tuple[tuple[int, int, int, int], ...]  # (x, y, direction, building index)


def card_shape(grid: dict[str, tuple[int, int]], buildings: list[tuple[list[str], list[
        tuple[str, str]]]], sand: list[str]) -> Shape:
    """The card as printed. ``buildings``: (squares, [(square, edge), …]) per building."""
    squares = [(*grid[s], i) for i, (cells, _) in enumerate(buildings) for s in cells]
    squares += [(*grid[s], SAND) for s in sand]
    doors = [(*grid[s], EDGES.index(e), i) for i, (_, ds) in enumerate(buildings)
             for s, e in ds]
    width = max(x for x, _, _ in squares) + 1
    height = max(y for _, y, _ in squares) + 1
    return Shape(width, height, tuple(sorted(squares)), tuple(sorted(doors)))


def rotate(shape: Shape) -> Shape:
    """The card turned a quarter clockwise."""
    squares = [(-y, x, b) for x, y, b in shape.squares]
    doors = [(-y, x, (d + 1) % 4, b) for x, y, d, b in shape.doors]
    dx = -min(x for x, _, _ in squares)
    return Shape(shape.height, shape.width,
                 tuple(sorted((x + dx, y, b) for x, y, b in squares)),
                 tuple(sorted((x + dx, y, d, b) for x, y, d, b in doors)))


def rotations(shape: Shape) -> tuple[Shape, Shape, Shape, Shape]:
    r1 = rotate(shape)
    r2 = rotate(r1)
    return (shape, r1, r2, rotate(r2))


def connected(cells: set[tuple[int, int]]) -> bool:
    """Are these squares one edge-connected group?"""
    if not cells:
        return True
    start = min(cells)
    seen, todo = {start}, [start]
    while todo:
        x, y = todo.pop()
        for dx, dy in STEP:
            nxt = (x + dx, y + dy)
            if nxt in cells and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen == cells


def door_links(shape: Shape) -> list[tuple[int, int]]:
    """Pairs of buildings of one card whose doors touch (building indexes, one per door pair)."""
    at = {(x, y, d): b for x, y, d, b in shape.doors}
    links = []
    for (x, y, d), b in at.items():
        dx, dy = STEP[d]
        other = at.get((x + dx, y + dy, (d + 2) % 4))
        if other is not None and b < other:
            links.append((b, other))
    return links
