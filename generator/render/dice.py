"""A d6 as a cross-shaped net to cut, fold and glue.

The die's six labels go to squares so that ``values[i]`` and ``values[5 - i]`` end up on
opposite faces (1-6, 2-5, 3-4 for a standard die). The column is A B C D top to bottom with
arms L and R beside B; opposite pairs in a cross net are A-C, B-D and L-R. Glue tabs sit on
one edge of each of the seven pairs of edges that meet when folded.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.render.geometry import Rect

# square (column, row) in the net for each value index: A=0 B=1 L=2 R=3 D=4 C=5
SQUARES = {0: (1, 0), 1: (1, 1), 2: (0, 1), 3: (2, 1), 5: (1, 2), 4: (1, 3)}
# the tabbed edge of each folded-together pair: (column, row, side)
TABS = [(1, 0, "top"), (1, 0, "left"), (1, 0, "right"), (1, 2, "left"), (1, 2, "right"),
        (1, 3, "left"), (1, 3, "right")]
OPPOSITE = [(0, 5), (1, 4), (2, 3)]

Point = tuple[float, float]
Segment = tuple[float, float, float, float]


@dataclass(frozen=True)
class Net:
    side: float
    tab: float

    @property
    def size(self) -> tuple[float, float]:
        """The net's footprint: three squares wide, four tall plus the top tab."""
        return (3 * self.side, 4 * self.side + self.tab)

    def square(self, index: int) -> Rect:
        col, row = SQUARES[index]
        return Rect(col * self.side, self.tab + row * self.side, self.side, self.side)

    def outer_sides(self, index: int) -> tuple[bool, bool, bool, bool]:
        """Which sides (left, top, right, bottom) of a square are cut, not folded."""
        col, row = SQUARES[index]
        taken = set(SQUARES.values())
        left, top, right, bottom = ((col + dc, row + dr) not in taken
                                    for dc, dr in ((-1, 0), (0, -1), (1, 0), (0, 1)))
        return left, top, right, bottom

    def folds(self) -> list[Segment]:
        """Dashed fold lines: every edge two squares share, and every tab's base."""
        out: list[Segment] = []
        for i in range(6):
            sq = self.square(i)
            left, top, right, bottom = self.outer_sides(i)
            if not right:
                out.append((sq.x1, sq.y, sq.x1, sq.y1))
            if not bottom:
                out.append((sq.x, sq.y1, sq.x1, sq.y1))
        for col, row, side in TABS:
            out.append(self._edge(col, row, side))
        return out

    def _edge(self, col: int, row: int, side: str) -> Segment:
        s, x, y = self.side, col * self.side, self.tab + row * self.side
        return {"top": (x, y, x + s, y), "bottom": (x, y + s, x + s, y + s),
                "left": (x, y, x, y + s), "right": (x + s, y, x + s, y + s)}[side]

    def tabs(self) -> list[list[Point]]:
        """Each glue tab as a trapezoid (tapered 45° so neighbouring tabs never overlap)."""
        out = []
        for col, row, side in TABS:
            x0, y0, x1, y1 = self._edge(col, row, side)
            t = self.tab
            if side == "top":
                out.append([(x0, y0), (x0 + t, y0 - t), (x1 - t, y1 - t), (x1, y1)])
            elif side == "left":
                out.append([(x0, y0), (x0 - t, y0 + t), (x1 - t, y1 - t), (x1, y1)])
            else:  # right
                out.append([(x0, y0), (x0 + t, y0 + t), (x1 + t, y1 - t), (x1, y1)])
        return out

    def cuts(self) -> list[Segment]:
        """Solid cut lines: the square edges nothing is folded on, and each tab's outline."""
        tabbed = {self._edge(c, r, s) for c, r, s in TABS}
        out: list[Segment] = []
        for i in range(6):
            sq = self.square(i)
            edges = [(sq.x, sq.y, sq.x, sq.y1), (sq.x, sq.y, sq.x1, sq.y),
                     (sq.x1, sq.y, sq.x1, sq.y1), (sq.x, sq.y1, sq.x1, sq.y1)]
            out += [e for e, outer in zip(edges, self.outer_sides(i), strict=True)
                    if outer and e not in tabbed]
        for poly in self.tabs():
            out += [(*poly[k], *poly[k + 1]) for k in range(len(poly) - 1)]
        return out


def net_for(side: float) -> Net:
    return Net(side, round(min(8.0, max(4.0, side * 0.3)), 3))
