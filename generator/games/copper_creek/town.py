"""The town on the table: placed cards, doors, connections, open doors, legal placements.

Squares are ints (``cells``); a door is ``cell * 4 + direction``. Card shapes per
rotation are precomputed once by the Game; the Town holds only what the placed cards make
(rulebook, Step 4 Build and Step 3 Income). Beside the plain dicts that name each square,
the town keeps the same squares as bits of a ``Frame``, where the placement rules and the
walk from the intersection are a few whole-town shifts and ands.
"""

from __future__ import annotations

import bisect

from generator.games.copper_creek.cells import CELL_STEP, OFF, K, cell, xy
from generator.games.copper_creek.frame import frame_around
from generator.games.copper_creek.geometry import SAND
from generator.games.copper_creek.rotation import Rotation, rotation_of

__all__ = ["CELL_STEP", "K", "OFF", "Rotation", "Town", "cell", "rotation_of", "xy"]

EDGE = 2  # frame squares beyond the farthest square a rule looks at: shifts never wrap


class Town:
    """Everything the placed cards make; rebuilt from the placement list when loaded."""

    def __init__(self, front_row: int, main_column: int, reach: int, color_of: list[int]):
        self.front_row = front_row
        self.main_column = main_column
        self.reach = reach
        self.color_of = color_of  # gid -> colour (shared, read-only)
        self.covered: dict[int, int] = {}  # cell -> gid, or SAND for a card's sand
        self.walls: set[int] = set()  # the covered cells that are buildings (not sand)
        self.doors: dict[int, int] = {}  # door -> gid
        self.links: dict[int, dict[int, int]] = {}  # gid -> {neighbour gid: touching doors}
        self.open_doors: dict[int, int] = {}  # gid -> open doors (placed buildings only)
        self.gids: list[int] = []  # the placed buildings, in order
        self.by_color: dict[int, tuple[int, ...]] = {}  # colour -> its placed buildings
        self.bbox = (0, 0, 0, 0)
        self.intersection = cell(main_column, front_row)
        # The same town as bits of ``frame`` (ints are immutable: clones share them).
        # The frame reaches ``edge`` squares past the box: the reach, the longest card
        # side seen and a door's outside square, plus EDGE.
        self.edge = reach + EDGE
        self.frame = frame_around(*self.bounds(0, 0), self.edge)
        self.covered_bits = 0
        self.wall_bits = 0
        self.reached_bits = 0  # the walk from the intersection
        # (colour, direction) -> squares where a new door of that colour facing that way
        # would touch a placed door of the same colour (forbidden, rulebook Step 4 Colors)
        self.same_color_doors: dict[tuple[int, int], int] = {}
        # gid -> the outside squares of its doors; a second (third) door onto the same
        # square, in an inside corner, goes in a further layer: each door counts
        self.door_bits: dict[int, int] = {}
        self.door_layers: dict[int, tuple[int, ...]] = {}

    def clone(self) -> Town:
        other = Town.__new__(Town)
        other.__dict__.update(self.__dict__)
        other.covered = dict(self.covered)
        other.walls = set(self.walls)
        other.doors = dict(self.doors)
        other.links = {g: dict(n) for g, n in self.links.items()}
        other.open_doors = dict(self.open_doors)
        other.same_color_doors = dict(self.same_color_doors)
        other.gids = list(self.gids)
        other.by_color = dict(self.by_color)
        other.door_bits = dict(self.door_bits)
        other.door_layers = dict(self.door_layers)
        return other

    def is_street(self, x: int, y: int) -> bool:
        """Front Street is the whole row; Main Street the half column south of it."""
        return y == self.front_row or (x == self.main_column and y > self.front_row)

    @property
    def reached(self) -> set[int]:
        """The walk from the intersection, as cells (slow: for pictures and tests)."""
        return self.frame.cells(self.reached_bits)

    def walked(self, c: int) -> bool:
        """Is this square (next to the town) on the walk from the intersection?"""
        return bool(self.reached_bits >> self.frame.index(c) & 1)

    # -- placing a card ------------------------------------------------------------------
    def place(self, rot: Rotation, x: int, y: int) -> None:
        anchor = cell(x, y)
        first = not self.covered
        for dx, dy, gid in rot.squares:
            c = anchor + dx * K + dy
            self.covered[c] = gid
            if gid != SAND:
                self.walls.add(c)
                if gid not in self.open_doors:
                    self.open_doors[gid] = 0
                    bisect.insort(self.gids, gid)
                    color = self.color_of[gid]
                    self.by_color[color] = self.by_color.get(color, ()) + (gid,)
        at = 4 * anchor
        for (off, gid), (facing, _, _) in zip(rot.doors, rot.outsides, strict=True):
            self.doors[at + off] = gid
            other = self.doors.get(at + facing)
            if other is not None and other != gid:
                self._link(gid, other)
        x0, x1, y0, y1 = (x, x + rot.width - 1, y, y + rot.height - 1)
        if not first:
            bx0, bx1, by0, by1 = self.bbox
            x0, x1, y0, y1 = min(x0, bx0), max(x1, bx1), min(y0, by0), max(y1, by1)
        self.bbox = (x0, x1, y0, y1)
        if self._fit_frame(max(rot.width, rot.height)):
            at, h = self.frame.index(anchor), self.frame.height
            squares = walls = 0  # the card's, from its anchor: then one shift each
            for dx, dy, gid in rot.squares:
                squares |= 1 << dx * h + dy
                walls |= (gid != SAND) << dx * h + dy
            self.covered_bits |= squares << at
            self.wall_bits |= walls << at
            for dx, dy, key, gid in rot.outside_keys:
                self._add_outside(1 << at + dx * h + dy, key, gid)
        self.reached_bits = self._walk()
        self._count_open_doors()

    def _fit_frame(self, side: int) -> bool:
        """Make sure the frame holds every square the rules look at for cards up to
        ``side`` long; False when every set had to be rebuilt from the squares."""
        self.edge = max(self.edge, self.reach + side + 1 + EDGE)
        x0, x1, y0, y1 = self.bounds(self.edge, self.edge)
        if self.frame.holds(x0, x1, y0, y1):
            return True
        old = self.frame
        self.frame = f = frame_around(*self.bounds(0, 0), self.edge, old.height)
        if f.height == old.height:
            self._move_bits((old.x0 - f.x0) * f.height + old.y0 - f.y0)
            return True
        self.covered_bits = f.bits(self.covered)
        self.wall_bits = f.bits(self.walls)
        self.same_color_doors = {}
        self.door_bits = {}
        self.door_layers = {}
        for door, gid in self.doors.items():
            c, d = divmod(door, 4)
            self._add_outside(1 << f.index(c + CELL_STEP[d]), (self.color_of[gid], (d + 2) % 4),
                              gid)
        self.reached_bits = self._walk() if self.covered else 0
        return False

    def _move_bits(self, shift: int) -> None:
        """Every set into a frame as tall as the old one: squares keep their rows, so a
        set moves by one shift (every square lies in both frames)."""
        def move(bits: int) -> int:
            return bits << shift if shift >= 0 else bits >> -shift

        self.covered_bits = move(self.covered_bits)
        self.wall_bits = move(self.wall_bits)
        self.reached_bits = move(self.reached_bits)
        self.same_color_doors = {k: move(b) for k, b in self.same_color_doors.items()}
        self.door_bits = {gid: move(b) for gid, b in self.door_bits.items()}
        self.door_layers = {gid: tuple(map(move, layers))
                            for gid, layers in self.door_layers.items()}

    def _add_outside(self, bit: int, key: tuple[int, int], gid: int) -> None:
        """A door's outside square into the sets: the same-colour squares under ``key``
        (the square may be covered: harmless, no placement's block covers it), and the
        building's door squares."""
        self.same_color_doors[key] = self.same_color_doors.get(key, 0) | bit
        before = self.door_bits.get(gid, 0)
        if before & bit:
            self._add_layer(gid, bit)
        else:
            self.door_bits[gid] = before | bit


    def _add_layer(self, gid: int, bit: int) -> None:
        layers = list(self.door_layers.get(gid, ()))
        for i, layer in enumerate(layers):
            if not layer & bit:
                layers[i] = layer | bit
                break
        else:
            layers.append(bit)
        self.door_layers[gid] = tuple(layers)

    def _link(self, a: int, b: int) -> None:
        self.links.setdefault(a, {})[b] = self.links.get(a, {}).get(b, 0) + 1
        self.links.setdefault(b, {})[a] = self.links.get(b, {}).get(a, 0) + 1

    # -- the walk and open doors (rulebook, Step 3 Open Doors) ---------------------------
    def _walk(self) -> int:
        """Walk from the intersection of Front and Main over every square that is not a
        building (streets, sand, empty table). Beyond the bounding box (plus one) the
        table is empty and joined all round, so the walk stays inside it. It starts
        from every square known to be on it: the streets (never built on) and the
        empty ring just outside the box, which they join. Each round then runs south to
        the end of every open stretch at once (a carry runs along a run of ones), and
        one square every other way."""
        f = self.frame
        h = f.height
        box = self.bounds(1, 1)
        whole = f.rect(*box)
        walkable = whole & ~self.wall_bits
        x0, x1, y0, y1 = box
        reached = walkable & (whole & ~f.rect(x0 + 1, x1 - 1, y0 + 1, y1 - 1)
                              | self._streets(x0, x1, y1))
        while True:
            reached |= ((reached + walkable) ^ walkable) & walkable
            grown = (reached | reached << 1 | reached >> 1 | reached << h | reached >> h) \
                & walkable
            if grown == reached:
                return reached
            reached = grown

    def _count_open_doors(self) -> None:
        """A door is open if the walk reaches its outside square."""
        reached = self.reached_bits
        doors = self.door_bits
        counts = {gid: (reached & doors.get(gid, 0)).bit_count() for gid in self.open_doors}
        for gid, layers in self.door_layers.items():
            counts[gid] += sum((reached & layer).bit_count() for layer in layers)
        self.open_doors = counts

    def walkable_from_intersection(self) -> set[int]:
        """The whole walk, square by square (slow: the reference the bits are tested
        against)."""
        walkable = _cells_in(self.bounds(1, 1)) - self.walls
        seen = {self.intersection}
        frontier = seen
        while frontier:
            frontier = {c + s for c in frontier for s in CELL_STEP} & walkable
            frontier -= seen
            seen |= frontier
        return seen

    def bounds(self, grow_x: int, grow_y: int) -> tuple[int, int, int, int]:
        """The bounding box (with the intersection) grown on each side."""
        x0, x1, y0, y1 = self.bbox
        return (min(x0, self.main_column) - grow_x, max(x1, self.main_column) + grow_x,
                min(y0, self.front_row) - grow_y, max(y1, self.front_row) + grow_y)

    def near(self, x: int, y: int, width: int, height: int, grow: int) -> bool:
        """Does a width x height block at (x, y) overlap the town's box grown by ``grow``?"""
        x0, x1, y0, y1 = self.bounds(grow, grow)
        return x <= x1 and x + width > x0 and y <= y1 and y + height > y0

    # -- legal placements (rulebook, Step 4) ---------------------------------------------
    def placements(self, rotations: tuple[Rotation, ...], gray: set[int]) -> list[int]:
        """Every legal placement ``4 * anchor + rotation``, sorted (rulebook, Step 4):
        on free squares off the streets; within ``reach`` empty squares of the town's
        bounding box (ruling); no door touching a same-coloured door; a gray building
        with a door on a street."""
        side = max(max(rot.width, rot.height) for rot in rotations)
        if self.reach + side + 1 + EDGE > self.edge:  # else placing the last card fitted it
            self._fit_frame(side)
        same_color, h = self.same_color_doors, self.frame.height
        by_dims: dict[tuple[int, int], tuple[int, int]] = {}  # -> (free blocks, streets)
        anchors = []
        for rot in rotations:
            dims = (rot.width, rot.height)
            if dims not in by_dims:
                by_dims[dims] = self._free_blocks(*dims)
            fit, streets = by_dims[dims]
            shut = 0  # anchors where a door would touch a same-coloured door
            for dx, dy, key in rot.touch_keys:
                touching = same_color.get(key)
                if touching:
                    shut |= touching >> dx * h + dy
            if gray:
                fit &= self._on_street(rot, h, gray, streets)
            anchors.append(fit & ~shut if shut else fit)
        x0, x1, y0, y1 = self.bounds(0, 0)
        r = self.reach
        return self.frame.placements(anchors, x0 - r - side, x1 + r + 1, y0 - r - side,
                                     y1 + r + 1)

    def _free_blocks(self, width: int, height: int) -> tuple[int, int]:
        """Top-left squares of every width x height block of free squares off the streets
        within reach of the town (a card covers its whole block, sand included), and
        the streets within that reach."""
        f = self.frame
        x0, x1, y0, y1 = self.bounds(self.reach + width, self.reach + height)
        streets = self._streets(x0, x1, y1)
        free = f.rect(x0, x1, y0, y1) & ~(self.covered_bits | streets)
        across = free
        for dx in range(1, width):
            across &= free >> dx * f.height
        block = across
        for dy in range(1, height):
            block &= across >> dy
        return block, streets

    def _streets(self, x0: int, x1: int, y1: int) -> int:
        """Front Street from x0 to x1 and Main Street down to y1, as bits."""
        f, row, column = self.frame, self.front_row, self.main_column
        return f.rect(x0, x1, row, row) | f.rect(column, column, row + 1, y1)

    @staticmethod
    def _on_street(rot: Rotation, h: int, gray: set[int], streets: int) -> int:
        """Anchors that put a door of a gray building onto a street square (the streets
        as far as the card's reach), in a frame ``h`` squares tall."""
        good = 0
        for dx, dy, _, gid in rot.outside_keys:
            if gid in gray:
                off = dx * h + dy
                good |= streets >> off if off >= 0 else streets << -off
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

