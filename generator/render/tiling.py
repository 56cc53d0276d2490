"""Pieces too big for one page (boards, large sheets) as tiles across several pages.

Tiles overlap by at least ``OVERLAP`` (room to glue and for the alignment crosses). Seams
are placed, where the room allows, so that they cross no text or symbol of the piece (the
``keep_out`` boxes): a seam is cut and glued, and a word cut in two is hard to read. On each
seam a dashed line and half-and-half alignment marks sit at the same board coordinates on
both neighbouring tiles: cut the later tile along the dashed line, lay its edge on the
line of the earlier one so the marks meet, and glue. A band at the foot of each page
holds the tile's label (row, column).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from generator.render.geometry import EPS, Paper, Rect

OVERLAP = 10.0  # room to glue, and for the 3 mm alignment crosses either side of a seam
SEAM_ROOM = 1.0  # mm a seam keeps clear of text and symbols on either side
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
    cuts: tuple[tuple[float, ...], tuple[float, ...]] = ((), ())  # seam x's, seam y's

    def seams(self) -> tuple[list[float], list[float]]:
        """x of each vertical seam, y of each horizontal seam (in the piece's bleed box)."""
        return list(self.cuts[0]), list(self.cuts[1])

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


Span = tuple[float, float]


def _steps(total: float, room: float, blocked: Sequence[Span] = ()
           ) -> tuple[list[float], list[float], bool]:
    """(window starts, seams) along one axis: as few windows as cover ``total`` with
    overlaps >= OVERLAP, seams spread evenly but moved off the ``blocked`` spans when the
    room allows; and whether they all found a free place."""
    if total <= room + EPS:
        return [0.0], [], True
    n = math.ceil((total - OVERLAP) / (room - OVERLAP) - EPS)
    # never a page more: when no place is free the art must move (the lint says where)
    free = _seams(total, room, n, blocked)
    seams = free or _even_seams(total, room, n)
    return _starts(total, room, seams), seams, free is not None


def _starts(total: float, room: float, seams: list[float]) -> list[float]:
    """Window starts around the seams: each seam mid-overlap as on an even tiling, moved
    only as far as a displaced seam needs (never less than half OVERLAP either side)."""
    half, count = OVERLAP / 2, len(seams) + 1
    spread = (room - (total - room) / (count - 1)) / 2  # half the even overlap
    starts = [0.0]
    for i, p in enumerate(seams):
        after = seams[i + 1] + half - room if i + 1 < len(seams) else total - room
        starts.append(round(min(max(p - spread, after), p - half, total - room), 4))
    return starts


def _even_seams(total: float, room: float, n: int) -> list[float]:
    step = (total - room) / (n - 1)
    return [round(i * step + (room - step) / 2, 4) for i in range(1, n)]  # mid-overlap


def _seams(total: float, room: float, n: int, blocked: Sequence[Span]) -> list[float] | None:
    """n - 1 seams, each the free spot nearest its even place, or None if one has none."""
    half, stride = OVERLAP / 2, room - OVERLAP
    targets = _even_seams(total, room, n)
    seams: list[float] = []
    for k, target in enumerate(targets, start=1):
        high = (seams[-1] if seams else -half) + stride
        low = total - (room - half) - (n - 1 - k) * stride
        spot = _free_near(target, low, high, blocked)
        if spot is None:
            return None
        seams.append(round(spot, 4))
    return seams


def _free_near(target: float, low: float, high: float, blocked: Sequence[Span]) -> float | None:
    if low > high + EPS:
        return None
    candidates = [min(max(target, low), high)] + [e for a, b in blocked for e in (a, b)]
    free = [c for c in candidates if low - EPS <= c <= high + EPS
            and not any(a + EPS < c < b - EPS for a, b in blocked)]
    return min(free, key=lambda c: (abs(c - target), c)) if free else None


def _spans(boxes: Sequence[Rect], vertical: bool) -> list[Span]:
    return [((b.x, b.x1) if vertical else (b.y, b.y1)) for b in boxes]


def _turned(boxes: Sequence[Rect], h: float) -> list[Rect]:
    """Boxes of a piece ``h`` tall in its coordinates once turned a quarter clockwise."""
    return [Rect(h - b.y1, b.x, b.h, b.w) for b in boxes]


def tile(w: float, h: float, paper: Paper, keep_out: Sequence[Rect] = ()) -> Tiling:
    """Tile a piece whose bleed box is ``w`` x ``h`` mm; turned when that needs fewer pages.
    ``keep_out`` (bleed-box coordinates) are what seams should not cross."""
    room_w, room_h = window_size(paper)
    boxes = [b.outset(SEAM_ROOM) for b in keep_out]
    options = []
    for turned in (False, True):
        tw, th = (h, w) if turned else (w, h)
        placed = _turned(boxes, h) if turned else boxes
        xs, cx, free_x = _steps(tw, room_w, _spans(placed, True))
        ys, cy, free_y = _steps(th, room_h, _spans(placed, False))
        clean = free_x and free_y
        options.append((len(xs) * len(ys), not clean, turned, tw, th, xs, ys,
                        (tuple(cx), tuple(cy))))
    # fewest pages; then seams that all keep off the art; then upright
    _, _, turned, tw, th, xs, ys, cuts = min(options, key=lambda o: (o[0], o[1], o[2]))
    ww, wh = min(tw, room_w), min(th, room_h)
    at = ((paper.w - ww) / 2, paper.margin + EDGE_ROOM + (room_h - wh) / 2)
    tiles = tuple(Tile(r, c, Rect(x, y, ww, wh), at)
                  for r, y in enumerate(ys) for c, x in enumerate(xs))
    return Tiling(tw, th, turned, len(ys), len(xs), tiles, cuts)


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
