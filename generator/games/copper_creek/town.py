"""The town on the table: placed cards, doors, connections, open doors, legal placements.

Squares are ints, ``cell = (x + OFF) * K + (y + OFF)``, so a neighbour is a fixed
offset and sets of squares are cheap. A door is ``cell * 4 + direction``. Card shapes
per rotation are precomputed once by the Game (``CardGeometry``); the Town holds only
what the placed cards make (rulebook, Step 4 Build and Step 3 Income).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from generator.games.copper_creek.geometry import SAND, STEP, Shape

K = 1024
OFF = 512
CELL_STEP = tuple(dx * K + dy for dx, dy in STEP)  # north, east, south, west


def cell(x: int, y: int) -> int:
    return (x + OFF) * K + (y + OFF)


def xy(c: int) -> tuple[int, int]:
    return c // K - OFF, c % K - OFF


@dataclass(frozen=True)
class Rotation:
    """One rotation of one card, in cell offsets from the card's top-left square."""

    width: int
    height: int
    squares: tuple[tuple[int, int, int], ...]  # (dx, dy, gid or SAND)
    doors: tuple[tuple[int, int], ...]  # (door offset = 4 * cell offset + dir, gid)


def rotation_of(shape: Shape, gids: list[int]) -> Rotation:
    return Rotation(shape.width, shape.height,
                    tuple((x, y, SAND if b == SAND else gids[b]) for x, y, b in shape.squares),
                    tuple((4 * (x * K + y) + d, gids[b]) for x, y, d, b in shape.doors))


class Town:
    """Everything the placed cards make; rebuilt from the placement list when loaded."""

    def __init__(self, front_row: int, main_column: int, reach: int, color_of: list[int]):
        self.front_row = front_row
        self.main_column = main_column
        self.reach = reach
        self.color_of = color_of  # gid -> colour (shared, read-only)
        self.covered: dict[int, int] = {}  # cell -> gid, or SAND for a card's sand
        self.walls: set[int] = set()  # the covered cells that are buildings (not sand)
        self.reached: set[int] = set()  # the walk from the intersection (kept up to date)
        # (width, height) -> top-left squares where a card of that outline fits on free,
        # non-street squares within reach of the town (kept up to date per placement)
        self.anchors: dict[tuple[int, int], set[int]] = {}
        self.doors: dict[int, int] = {}  # door -> gid
        self.links: dict[int, dict[int, int]] = {}  # gid -> {neighbour gid: touching doors}
        self.open_doors: dict[int, int] = {}  # gid -> open doors (placed buildings only)
        # (colour, direction) -> cells where a new door of that colour facing that way
        # would touch a placed door of the same colour (forbidden, rulebook Step 4 Colors)
        self.same_color_doors: dict[tuple[int, int], set[int]] = {}
        self.bbox = (0, 0, 0, 0)
        self.intersection = cell(main_column, front_row)

    def clone(self) -> Town:
        other = Town.__new__(Town)
        other.__dict__.update(self.__dict__)
        other.covered = dict(self.covered)
        other.walls = set(self.walls)
        other.reached = set(self.reached)
        other.anchors = {dims: set(a) for dims, a in self.anchors.items()}
        other.doors = dict(self.doors)
        other.links = {g: dict(n) for g, n in self.links.items()}
        other.open_doors = dict(self.open_doors)
        other.same_color_doors = {k: set(v) for k, v in self.same_color_doors.items()}
        return other

    def is_street(self, x: int, y: int) -> bool:
        """Front Street is the whole row; Main Street the half column south of it."""
        return y == self.front_row or (x == self.main_column and y > self.front_row)

    def place(self, rot: Rotation, x: int, y: int) -> None:
        anchor = cell(x, y)
        first = not self.covered
        for dx, dy, gid in rot.squares:
            self.covered[anchor + dx * K + dy] = gid
            if gid != SAND:
                self.walls.add(anchor + dx * K + dy)
                self.open_doors.setdefault(gid, 0)
        for off, gid in rot.doors:
            door = 4 * anchor + off
            self.doors[door] = gid
            facing = self._facing(door)
            other = self.doors.get(facing)
            if other is not None and other != gid:
                self._link(gid, other)
            c, d = divmod(facing, 4)
            if c not in self.covered:  # a covered square takes no door
                self.same_color_doors.setdefault((self.color_of[gid], d), set()).add(c)
        card = [anchor + dx * K + dy for dx, dy, _ in rot.squares]
        for key in self.same_color_doors.values():  # nor do the squares just covered
            key.difference_update(card)
        old_box = None if first else self._bounds(1, 1)
        old_bounds = self._bounds(0, 0)
        x0, x1, y0, y1 = (x, x + rot.width - 1, y, y + rot.height - 1)
        if not first:
            bx0, bx1, by0, by1 = self.bbox
            x0, x1, y0, y1 = min(x0, bx0), max(x1, bx1), min(y0, by0), max(y1, by1)
        self.bbox = (x0, x1, y0, y1)
        self._update_anchors(rot, anchor, None if first else old_bounds)
        if old_box is not None and self._detour_around(rot, x, y):
            # Nothing was cut off: the walk loses only the new walls, and gains the empty
            # table the grown box now takes in (joined to the outside all round).
            if self._bounds(1, 1) != old_box:
                self.reached |= self._box(1, 1) - _cells_in(old_box)
            self.reached.difference_update(c for c in card if c in self.walls)
        else:
            self.reached = self.walkable_from_intersection()
        self.refresh_open_doors()

    def _update_anchors(self, rot: Rotation, anchor: int,
                        old_bounds: tuple[int, int, int, int] | None) -> None:
        for dims in ((rot.width, rot.height), (rot.height, rot.width)):
            if old_bounds is None or dims not in self.anchors:
                self.anchors[dims] = self._fresh_anchors(*dims)
                continue
            fits = self.anchors[dims]
            block = [ox * K + oy for ox in range(dims[0]) for oy in range(dims[1])]
            fits.difference_update([anchor + dx * K + dy - o  # blocks the new card overlaps
                                    for dx, dy, _ in rot.squares for o in block])
            if self._bounds(0, 0) != old_bounds:  # the window grew: look at the new part
                fits.update(self._new_window(dims, old_bounds))

    def _fresh_anchors(self, width: int, height: int) -> set[int]:
        grow = (self.reach + width, self.reach + height)
        free = self._box(*grow) - self._street_cells(*grow) - self.covered.keys()
        return _anchors(free, width, height)

    def _window(self, width: int, height: int,
                bounds: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        """Anchor ranges (x0, x1, y0, y1) of blocks overlapping the box grown by reach + 1."""
        x0, x1, y0, y1 = bounds
        r = self.reach + 1
        return (x0 - r - width + 1, x1 + r, y0 - r - height + 1, y1 + r)

    def _new_window(self, dims: tuple[int, int],
                    old_bounds: tuple[int, int, int, int]) -> list[int]:
        """Free anchors in the grown window that were not in the old one."""
        nx0, nx1, ny0, ny1 = self._window(*dims, self._bounds(0, 0))
        ox0, ox1, oy0, oy1 = self._window(*dims, old_bounds)
        found: list[int] = []
        for x in range(nx0, nx1 + 1):
            if ox0 <= x <= ox1:
                ys: Iterator[int] = itertools.chain(range(ny0, oy0), range(oy1 + 1, ny1 + 1))
            else:
                ys = iter(range(ny0, ny1 + 1))
            found += self._free_in_column(x, ys, *dims)
        return found

    def _free_in_column(self, x: int, ys: Iterator[int], width: int,
                        height: int) -> list[int]:
        """Anchors (x, y) of blocks of free squares, off the streets (the whole column in
        one loop: the town grows a column or a row at a time)."""
        f, m = self.front_row, self.main_column
        main = x <= m < x + width
        bx0, bx1, by0, by1 = self.bbox
        beside = x > bx1 or x + width <= bx0  # every card lies inside the town's box
        column = cell(x, 0)
        found = []
        for y in ys:
            if y <= f < y + height or (main and y + height - 1 > f):
                continue  # on Front Street, or on Main Street below it
            if beside or y > by1 or y + height <= by0 or self._block_free(x, y, width, height):
                found.append(column + y)
        return found

    def _block_free(self, x: int, y: int, width: int, height: int) -> bool:
        a = cell(x, y)
        covered = self.covered
        for dx in range(width):
            for dy in range(height):
                if a + dx * K + dy in covered:
                    return False
        return True

    def _detour_around(self, rot: Rotation, x: int, y: int) -> bool:
        """Can every walk that crossed the card's block go round it instead? True when the
        open squares of the block and of the ring around it are one joined group."""
        group = {cell(x + dx, y + dy) for dx in range(-1, rot.width + 1)
                 for dy in range(-1, rot.height + 1)} - self.walls
        start = next(iter(group))
        seen, todo = {start}, [start]
        while todo:
            c = todo.pop()
            for step in CELL_STEP:
                n = c + step
                if n in group and n not in seen:
                    seen.add(n)
                    todo.append(n)
        return len(seen) == len(group)

    @staticmethod
    def _facing(door: int) -> int:
        """The door key on the other side of the same edge."""
        c, d = divmod(door, 4)
        return 4 * (c + CELL_STEP[d]) + (d + 2) % 4

    def _link(self, a: int, b: int) -> None:
        self.links.setdefault(a, {})[b] = self.links.get(a, {}).get(b, 0) + 1
        self.links.setdefault(b, {})[a] = self.links.get(b, {}).get(a, 0) + 1

    def refresh_open_doors(self) -> None:
        """Open doors: walk from the intersection of Front and Main over every square that
        is not a building (streets, sand, empty table); a door is open if its outside
        square is reached (rulebook, Step 3 Open Doors)."""
        reached = self.reached
        counts = dict.fromkeys(self.open_doors, 0)
        for door, gid in self.doors.items():
            if door // 4 + CELL_STEP[door % 4] in reached:
                counts[gid] += 1
        self.open_doors = counts

    def _bounds(self, grow_x: int, grow_y: int) -> tuple[int, int, int, int]:
        """The bounding box (with the intersection) grown on each side."""
        x0, x1, y0, y1 = self.bbox
        return (min(x0, self.main_column) - grow_x, max(x1, self.main_column) + grow_x,
                min(y0, self.front_row) - grow_y, max(y1, self.front_row) + grow_y)

    def near(self, x: int, y: int, width: int, height: int, grow: int) -> bool:
        """Does a width x height block at (x, y) overlap the town's box grown by ``grow``?"""
        x0, x1, y0, y1 = self._bounds(grow, grow)
        return x <= x1 and x + width > x0 and y <= y1 and y + height > y0

    def _box(self, grow_x: int, grow_y: int) -> set[int]:
        return _cells_in(self._bounds(grow_x, grow_y))

    def walkable_from_intersection(self) -> set[int]:
        """The whole walk, afresh. Beyond the bounding box (plus one) the table is empty
        and joined all round, so the walk stays inside it, a whole frontier at a time."""
        walkable = self._box(1, 1) - self.walls
        seen = {self.intersection}
        frontier = seen
        while frontier:
            frontier = {c + s for c in frontier for s in CELL_STEP} & walkable
            frontier -= seen
            seen |= frontier
        return seen

    def _street_cells(self, grow_x: int, grow_y: int) -> set[int]:
        """Front and Main Street squares inside the grown bounding box."""
        x0, x1, y0, y1 = self._bounds(grow_x, grow_y)
        front = {cell(x, self.front_row) for x in range(x0, x1 + 1)}
        return front | {cell(self.main_column, y) for y in range(self.front_row + 1, y1 + 1)}

    def placements(self, rotations: tuple[Rotation, ...], gray: set[int]) -> list[int]:
        """Every legal placement ``4 * anchor + rotation``, sorted (rulebook, Step 4):
        on free squares off the streets; within ``reach`` empty squares of the town's
        bounding box (ruling); no door touching a same-coloured door; a gray building
        with a door on a street."""
        out: list[int] = []
        for index, rot in enumerate(rotations):
            fit = self.anchors[(rot.width, rot.height)]  # read only: never changed here
            if gray:
                streets = self._street_cells(self.reach + rot.width, self.reach + rot.height)
                fit = fit & self._on_street(rot, gray, streets)
            touching = [c - off // 4 for off, gid in rot.doors for c in
                        self.same_color_doors.get((self.color_of[gid], off % 4), ())]
            if touching:
                fit = fit.difference(touching)
            out += map(index.__add__, map((4).__mul__, fit))  # 4 * a + index, in C
        out.sort()
        return out

    @staticmethod
    def _on_street(rot: Rotation, gray: set[int], streets: set[int]) -> set[int]:
        """Anchors that put a door of a gray building onto a street square."""
        good: set[int] = set()
        for off, gid in rot.doors:
            if gid in gray:
                outside = off // 4 + CELL_STEP[off % 4]
                good |= {s - outside for s in streets}
        return good

    def touches_street(self, rot: Rotation, x: int, y: int, gray: set[int]) -> bool:
        """Does a door of a gray building open onto Front or Main Street?"""
        for off, gid in rot.doors:
            if gid in gray:
                c, d = divmod(4 * cell(x, y) + off, 4)
                if self.is_street(*xy(c + CELL_STEP[d])):
                    return True
        return False


def _cells_in(bounds: tuple[int, int, int, int]) -> set[int]:
    """Every square of the box (x0, x1, y0, y1)."""
    x0, x1, y0, y1 = bounds
    box: set[int] = set()
    for x in range(x0, x1 + 1):  # one column at a time: set.update(range) runs in C
        box.update(range(cell(x, y0), cell(x, y1) + 1))
    return box


def _anchors(free: set[int], width: int, height: int) -> set[int]:
    """Top-left squares of every width x height block of free squares (a card covers its
    whole block, sand included): erode across, then down."""
    across = free
    for dx in range(1, width):
        across = {c for c in across if c + dx * K in free}
    block = across
    for dy in range(1, height):
        block = {c for c in block if c + dy in across}
    return block
