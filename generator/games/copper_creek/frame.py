"""The table as bits: a set of squares is one int, so whole-town set algebra runs in C.

A ``Frame`` is a rectangle of squares laid out column by column, in the order cells sort
(``cell`` grows with x, then with y): square (x, y) is bit ``(x - x0) * height + (y -
y0)``. A neighbour is a fixed shift (1 to the south, ``height`` to the east), so "every
block of free squares" is a few shifts and ands, and reading a frame's bits in order
gives the placements already sorted. Frames are cut on a coarse grid so the same few
recur from game to game, and a column's candidate actions are built once per process.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import compress

from generator.games.copper_creek.cells import OFF, K

GRID = 8  # frames start and end on multiples of this: few distinct frames, shared
COLUMN_ROOM = 4 * GRID  # squares a column's candidate list reaches past what is asked
SPARSE = 16  # a list this many times shorter than its box is read bit by bit
TO_SELECTOR = bytes.maketrans(b"01", b"\x00\x01")  # a binary string -> compress() flags


class Frame:
    """The bit layout of a rectangle of squares: immutable, shared between towns and
    games, with memos of what it derives (repeats, candidate columns, cells)."""

    __slots__ = ("x0", "y0", "width", "height", "_repeat", "_origin", "_columns", "_cells")

    def __init__(self, x0: int, y0: int, width: int, height: int):
        self.x0, self.y0, self.width, self.height = x0, y0, width, height
        # n -> bit 0 of the first n columns: a column pattern times this repeats it
        self._repeat: dict[int, int] = {}
        self._origin = (x0 + OFF, y0 + OFF)
        self._columns: list[tuple[list[int], int]] | None = None
        self._cells: list[int] | None = None

    def holds(self, x0: int, x1: int, y0: int, y1: int) -> bool:
        return (self.x0 <= x0 and x1 < self.x0 + self.width
                and self.y0 <= y0 and y1 < self.y0 + self.height)

    def index(self, c: int) -> int:
        """The bit of a cell (which must lie in the frame)."""
        ox, oy = self._origin
        return (c // K - ox) * self.height + c % K - oy

    def bits(self, cells: Iterable[int]) -> int:
        """The set of these cells (every one in the frame)."""
        out = 0
        for c in cells:
            out |= 1 << self.index(c)
        return out

    def cells(self, bits: int) -> set[int]:
        """The cells of a set of bits (a bot's look at the walk, pictures, tests)."""
        if self._cells is None:  # every square's cell, in bit order (once per frame)
            ox, oy = self._origin
            self._cells = [c for x in range(ox, ox + self.width)
                           for c in range(x * K + oy, x * K + oy + self.height)]
        return set(compress(self._cells, bin(bits)[:1:-1].encode().translate(TO_SELECTOR)))

    def rect(self, x0: int, x1: int, y0: int, y1: int) -> int:
        """Every square of the box x0..x1, y0..y1, clipped to the frame."""
        c0, c1 = max(x0 - self.x0, 0), min(x1 - self.x0, self.width - 1)
        r0, r1 = max(y0 - self.y0, 0), min(y1 - self.y0, self.height - 1)
        if c0 > c1 or r0 > r1:
            return 0
        h = self.height
        run = ((1 << (r1 - r0 + 1)) - 1) << r0
        columns = c1 - c0 + 1
        repeat = self._repeat.get(columns)
        if repeat is None:
            repeat = self._repeat[columns] = ((1 << (columns * h)) - 1) // ((1 << h) - 1)
        return run * repeat << c0 * h

    def placements(self, anchors: list[int], x0: int, x1: int, y0: int,
                   y1: int) -> list[int]:
        """``4 * cell + r`` for every anchor of rotation r (``anchors[r]``, bits) in the
        box x0..x1, y0..y1, sorted: the rotations' flags are interleaved, four to a
        square, so one ``compress`` over the candidate actions reads them in order."""
        h = self.height
        c0, c1 = max(x0 - self.x0, 0), min(x1 - self.x0, self.width - 1)
        r0, r1 = max(y0 - self.y0, 0), min(y1 - self.y0, h - 1)
        if SPARSE * sum(bits.bit_count() for bits in anchors) < 4 * (c1 - c0 + 1) * (r1 - r0 + 1):
            return self._few(anchors, self.rect(x0, x1, y0, y1))
        squares = (c1 - c0 + 1) * h
        low, keep = c0 * h, (1 << squares) - 1
        flags = bytearray(b"0") * (4 * squares)  # binary digits, made flags at the end
        for rotation, bits in enumerate(anchors):
            if bits:
                ones = bin(bits >> low & keep)[:1:-1].encode()  # bit i is digit i
                flags[rotation:rotation + 4 * len(ones):4] = ones
        rows = b"".join([flags[4 * (c * h + r0):4 * (c * h + r1 + 1)]
                         for c in range(c1 - c0 + 1)]).translate(TO_SELECTOR)
        a, b = 4 * r0, 4 * (r1 + 1)
        actions: list[int] = []  # one flat list: compress runs faster than over a chain
        for column, at in self._actions()[c0:c1 + 1]:
            actions += column[at + a:at + b]
        return list(compress(actions, rows))

    def _few(self, anchors: list[int], inside: int) -> list[int]:
        """``placements`` when they are few (a gray card's, along the streets): read bit
        by bit, then sorted."""
        (ox, oy), h = self._origin, self.height
        found = []
        for rotation, bits in enumerate(anchors):
            ones = bin(bits & inside)[:1:-1]  # bit i is character i
            i = ones.find("1")
            while i >= 0:
                found.append(4 * ((ox + i // h) * K + oy + i % h) + rotation)
                i = ones.find("1", i + 1)
        found.sort()
        return found

    def _actions(self) -> list[tuple[list[int], int]]:
        """Per column, the list holding its candidate actions and where the frame's top
        square starts in it (looked up once per frame)."""
        if self._columns is None:
            y1 = self.y0 + self.height - 1
            self._columns = [column_actions(x, self.y0, y1)
                             for x in range(self.x0, self.x0 + self.width)]
        return self._columns


# x -> (first y, every action of the column from that square on): built once per process
# (a pure function's memo), so placements lists share these ints instead of making them
_COLUMNS: dict[int, tuple[int, list[int]]] = {}


def column_actions(x: int, y0: int, y1: int) -> tuple[list[int], int]:
    """A list holding ``4 * cell(x, y) + r`` for y from y0 to y1 and every r, in order,
    and where y0's first action is in it."""
    first, actions = _COLUMNS.get(x, (y0, []))
    if y0 < first or 4 * (y1 + 1 - first) > len(actions):
        # room for the frames to come (a column is rebuilt whole): towns grow both ways
        last = max(first + len(actions) // 4, y1 + 1) + COLUMN_ROOM
        first = (min(first, y0) - COLUMN_ROOM) // GRID * GRID
        base = 4 * ((x + OFF) * K + OFF)
        actions = list(range(base + 4 * first, base + 4 * last))
        _COLUMNS[x] = (first, actions)
    return actions, 4 * (y0 - first)


@lru_cache(maxsize=64)
def frame(x0: int, y0: int, width: int, height: int) -> Frame:
    return Frame(x0, y0, width, height)


def frame_around(x0: int, x1: int, y0: int, y1: int, edge: int, height: int = 0) -> Frame:
    """A shared frame holding the box x0..x1, y0..y1 with at least ``edge`` squares
    more on every side (and some room to grow before the next one is needed), and at
    least ``height`` squares tall: a town keeps its frame's height while it can, so its
    sets move to the new frame by one shift each."""
    fx0 = (x0 - edge - GRID) // GRID * GRID
    fy0 = (y0 - edge - GRID) // GRID * GRID
    fx1 = -((-(x1 + edge + GRID)) // GRID) * GRID
    fy1 = -((-(y1 + edge + GRID)) // GRID) * GRID
    # a frame that must grow taller grows by GRID more, for the town's next rows
    return frame(fx0, fy0, fx1 - fx0, height if fy1 - fy0 <= height else fy1 - fy0 + GRID)
