"""The town on the table: placed cards, doors, connections, open doors, legal placements.

Squares are ints, ``cell = (x + OFF) * K + (y + OFF)``, so a neighbour is a fixed
offset and sets of squares are cheap. A door is ``cell * 4 + direction``. Card shapes
per rotation are precomputed once by the Game (``CardGeometry``); the Town holds only
what the placed cards make (rulebook, Step 4 Build and Step 3 Income).
"""

from __future__ import annotations

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

    def __init__(self, front_row: int, main_column: int, reach: int):
        self.front_row = front_row
        self.main_column = main_column
        self.reach = reach
        self.covered: dict[int, int] = {}  # cell -> gid, or SAND for a card's sand
        self.doors: dict[int, int] = {}  # door -> gid
        self.links: dict[int, dict[int, int]] = {}  # gid -> {neighbour gid: touching doors}
        self.open_doors: dict[int, int] = {}  # gid -> open doors (placed buildings only)
        self.near: set[int] = set()  # cells a new card may reach (placement_reach)
        self.bbox = (0, 0, 0, 0)
        self.intersection = cell(main_column, front_row)

    def clone(self) -> Town:
        other = Town.__new__(Town)
        other.__dict__.update(self.__dict__)
        other.covered = dict(self.covered)
        other.doors = dict(self.doors)
        other.links = {g: dict(n) for g, n in self.links.items()}
        other.open_doors = dict(self.open_doors)
        other.near = set(self.near)
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
                self.open_doors.setdefault(gid, 0)
        for off, gid in rot.doors:
            door = 4 * anchor + off
            self.doors[door] = gid
            facing = self._facing(door)
            other = self.doors.get(facing)
            if other is not None and other != gid:
                self._link(gid, other)
        self._grow(rot, x, y, first)
        self.refresh_open_doors()

    @staticmethod
    def _facing(door: int) -> int:
        """The door key on the other side of the same edge."""
        c, d = divmod(door, 4)
        return 4 * (c + CELL_STEP[d]) + (d + 2) % 4

    def _link(self, a: int, b: int) -> None:
        self.links.setdefault(a, {})[b] = self.links.get(a, {}).get(b, 0) + 1
        self.links.setdefault(b, {})[a] = self.links.get(b, {}).get(a, 0) + 1

    def _grow(self, rot: Rotation, x: int, y: int, first: bool) -> None:
        r = self.reach + 1
        x0, x1, y0, y1 = (x, x + rot.width - 1, y, y + rot.height - 1)
        if not first:
            bx0, bx1, by0, by1 = self.bbox
            x0, x1, y0, y1 = min(x0, bx0), max(x1, bx1), min(y0, by0), max(y1, by1)
        self.bbox = (x0, x1, y0, y1)
        for dx in range(-r, rot.width + r):
            for dy in range(-r, rot.height + r):
                self.near.add(cell(x + dx, y + dy))

    def refresh_open_doors(self) -> None:
        """Open doors: walk from the intersection of Front and Main over every square that
        is not a building (streets, sand, empty table); a door is open if its outside
        square is reached (rulebook, Step 3 Open Doors). Beyond the town's bounding box
        (plus one) the table is empty and joined all round, so the walk stops there."""
        reached = self.walkable_from_intersection()
        counts = dict.fromkeys(self.open_doors, 0)
        for door, gid in self.doors.items():
            if door // 4 + CELL_STEP[door % 4] in reached:
                counts[gid] += 1
        self.open_doors = counts

    def walkable_from_intersection(self) -> set[int]:
        x0, x1, y0, y1 = self.bbox
        lo_x, hi_x = min(x0, self.main_column) - 1, max(x1, self.main_column) + 1
        lo_y, hi_y = min(y0, self.front_row) - 1, max(y1, self.front_row) + 1
        covered = self.covered
        seen = {self.intersection}
        todo = [self.intersection]
        while todo:
            c = todo.pop()
            for step in CELL_STEP:
                n = c + step
                if n in seen or covered.get(n, SAND) != SAND:
                    continue
                nx, ny = n // K - OFF, n % K - OFF
                if lo_x <= nx <= hi_x and lo_y <= ny <= hi_y:
                    seen.add(n)
                    todo.append(n)
        return seen

    def connected_same(self, rot: Rotation, anchor: int, color_of: list[int]) -> bool:
        """Would a door of this card touch a door of a building of the same colour?"""
        for off, gid in rot.doors:
            other = self.doors.get(self._facing(4 * anchor + off))
            if other is not None and color_of[other] == color_of[gid]:
                return True
        return False

    def fits(self, rot: Rotation, x: int, y: int) -> bool:
        """On free, non-street squares, within reach of the town."""
        anchor = cell(x, y)
        near = False
        for dx, dy, _ in rot.squares:
            c = anchor + dx * K + dy
            if c in self.covered or self.is_street(x + dx, y + dy):
                return False
            near = near or c in self.near
        return near

    def touches_street(self, rot: Rotation, x: int, y: int, gray: set[int]) -> bool:
        """Does a door of a gray building open onto Front or Main Street?"""
        for off, gid in rot.doors:
            if gid in gray:
                c, d = divmod(4 * cell(x, y) + off, 4)
                ox, oy = xy(c + CELL_STEP[d])
                if self.is_street(ox, oy):
                    return True
        return False

    def window(self, rot: Rotation) -> tuple[range, range]:
        """Anchors that could put a card within reach of the town."""
        r = self.reach + 1
        x0, x1, y0, y1 = self.bbox
        return range(x0 - r - rot.width + 1, x1 + r + 1), range(y0 - r - rot.height + 1,
                                                               y1 + r + 1)
