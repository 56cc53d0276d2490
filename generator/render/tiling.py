"""Pieces too big for one page (boards, large sheets) as tiles across several pages.

Tiles overlap by at least ``OVERLAP`` (more than any printer's unprintable margin). On each
seam a dashed line and half-and-half alignment marks sit at the same board coordinates on
both neighbouring tiles: cut the later tile along the dashed line, lay its edge on the
line of the earlier one so the marks meet, and glue. A band at the foot of each page
holds the tile's label (row, column).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.render.geometry import EPS, Paper, Rect

OVERLAP = 12.0
LABEL_BAND = 9.0  # at the foot of a tile page
EDGE_ROOM = 4.0  # beside the window, for crop marks on the board's own edges

Segment = tuple[float, float, float, float]


@dataclass(frozen=True)
class Tile:
    row: int
    col: int
    window: Rect  # the part of the piece shown, in piece coordinates (bleed box origin)
    at: tuple[float, float]  # where the window's top-left corner lands on the page

    @property
    def label(self) -> str:
        return f"{chr(ord('A') + self.row)}{self.col + 1}"

    def on_page(self, r: Rect) -> Rect:
        """A rectangle in piece coordinates moved to page coordinates."""
        return r.moved(self.at[0] - self.window.x, self.at[1] - self.window.y)


@dataclass(frozen=True)
class Tiling:
    w: float  # the piece's bleed box (turned if ``turned``)
    h: float
    turned: bool
    rows: int
    cols: int
    tiles: tuple[Tile, ...]

    def seams(self) -> tuple[list[float], list[float]]:
        """x of each vertical seam, y of each horizontal seam (middle of the overlap)."""
        by = {(t.row, t.col): t.window for t in self.tiles}
        xs = [(by[0, c + 1].x + by[0, c].x1) / 2 for c in range(self.cols - 1)]
        ys = [(by[r + 1, 0].y + by[r, 0].y1) / 2 for r in range(self.rows - 1)]
        return xs, ys

    def alignment_marks(self) -> list[Segment]:
        """Crosshairs centred on the seams, two per tile edge, in piece coordinates."""
        xs, ys = self.seams()
        marks: list[Segment] = []
        row_mid = [_spots(t.window.y, t.window.y1) for t in self.tiles if t.col == 0]
        col_mid = [_spots(t.window.x, t.window.x1) for t in self.tiles if t.row == 0]
        for x in xs:
            marks += [m for spots in row_mid for y in spots for m in _cross(x, y)]
        for y in ys:
            marks += [m for spots in col_mid for x in spots for m in _cross(x, y)]
        return marks


def _spots(a: float, b: float) -> tuple[float, float]:
    return (a + (b - a) / 3, a + 2 * (b - a) / 3)


def _cross(x: float, y: float, r: float = 3.0) -> list[Segment]:
    return [(x - r, y, x + r, y), (x, y - r, x, y + r)]


def window_size(paper: Paper) -> tuple[float, float]:
    area = paper.printable
    return (area.w - 2 * EDGE_ROOM, area.h - LABEL_BAND - 2 * EDGE_ROOM)


def _steps(total: float, room: float) -> list[float]:
    """Window starts along one axis: as few as cover ``total`` with overlaps >= OVERLAP,
    spread evenly so every overlap is the same."""
    if total <= room + EPS:
        return [0.0]
    n = math.ceil((total - OVERLAP) / (room - OVERLAP) - EPS)
    step = (total - room) / (n - 1)
    return [round(i * step, 4) for i in range(n)]


def tile(w: float, h: float, paper: Paper) -> Tiling:
    """Tile a piece whose bleed box is ``w`` x ``h`` mm; turned when that needs fewer pages."""
    room_w, room_h = window_size(paper)
    options = []
    for turned in (False, True):
        tw, th = (h, w) if turned else (w, h)
        xs, ys = _steps(tw, room_w), _steps(th, room_h)
        options.append((len(xs) * len(ys), turned, tw, th, xs, ys))
    _, turned, tw, th, xs, ys = min(options, key=lambda o: (o[0], o[1]))
    ww, wh = min(tw, room_w), min(th, room_h)
    at = ((paper.w - ww) / 2, paper.margin + EDGE_ROOM + (room_h - wh) / 2)
    tiles = tuple(Tile(r, c, Rect(x, y, ww, wh), at)
                  for r, y in enumerate(ys) for c, x in enumerate(xs))
    return Tiling(tw, th, turned, len(ys), len(xs), tiles)


def fits_page(w: float, h: float, bleed: float, paper: Paper) -> bool | None:
    """Whether a ``w`` x ``h`` trim fits one page upright (False), turned (True), or not at
    all (None). The trim must fit inside the printer's margins; its bleed only on the paper
    (a 200 x 265 mm score sheet fits A4 and Letter though its bleed reaches the margin)."""
    room = paper.printable
    for turned in (False, True):
        tw, th = (h, w) if turned else (w, h)
        if (tw <= room.w + EPS and th <= room.h + EPS
                and tw + 2 * bleed <= paper.w + EPS and th + 2 * bleed <= paper.h + EPS):
            return turned
    return None
