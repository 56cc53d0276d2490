"""Pieces too big for one page (boards, large sheets) as tiles across several pages.

Tiles overlap by at least ``OVERLAP`` (room to glue and for the alignment crosses). Seams
are placed so that they cross no play space, text or symbol of the piece (the ``keep_out``
boxes): a seam is cut and glued, and a space or word cut in two is hard to read. Where no
straight line is free, a seam steps round what is in its way (``seams.stepped``); each
later tile is clipped along its seams. On each seam a dashed line and half-and-half
alignment marks (outside the keep-out boxes) sit at the same board coordinates on both
neighbouring tiles: cut the later tile along its edge, lay it on the dashed line of the
earlier one so the marks meet, and glue. A band at the foot of each page holds the tile's
label (row, column).
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from generator.render.geometry import EPS, Paper, Rect
from generator.render.seams import (
    Path,
    crosses,
    flip,
    left_of,
    spots,
    stepped,
    straight,
    transposed,
)

OVERLAP = 10.0  # room to glue, and for the 3 mm alignment crosses either side of a seam
SEAM_ROOM = 1.0  # mm a seam keeps clear of play spaces and symbols on either side
TEXT_ROOM = 2.0  # and of a line of text: a cut a little off must not clip a letter
LABEL_BAND = 9.0  # at the foot of a tile page
EDGE_ROOM = 4.0  # beside the window, for crop marks on the board's own edges
MARK_R = 3.0  # half the size of an alignment cross
LABEL_STEP = 2.0  # mm between the places tried for a tile's label on the overview
LABEL_H = 7.0  # mm of page a tile's label takes on the overview, bold 6 mm with its halo
SHEET_SAFE = 3.0  # mm of a sheet's edge that may lie in the printer's margin (``white_edge``)

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
    paths: tuple[tuple[Path, ...], tuple[Path, ...]] = ((), ())  # vertical, horizontal
    marks: tuple[Segment, ...] = ()
    keep_out: tuple[Rect, ...] = ()  # what the seams keep off, in these coordinates

    def seams(self) -> tuple[list[Path], list[Path]]:
        """Each vertical seam (top to bottom) and horizontal seam (left to right) as an
        axis-parallel polyline in the piece's bleed box: straight, or stepped."""
        return list(self.paths[0]), list(self.paths[1])

    def alignment_marks(self) -> list[Segment]:
        """Crosshairs centred on the seams, two per tile edge, in piece coordinates."""
        return list(self.marks)

    def label_spot(self, t: Tile, w: float, h: float) -> tuple[float, float]:
        """The middle of a ``w`` x ``h`` label for tile ``t`` on the assembly overview: on
        the tile's side of its seams, crossing none, on none of the piece's text, spaces or
        symbols (``keep_out``; else on as little of them as can be), as near the middle of
        its part as can be; that middle itself when no place keeps to its side."""
        xs, ys = self.seams()
        (x0, x1, mx), (y0, y1, my) = _part(xs, t.col, self.w, 0), _part(ys, t.row, self.h, 1)
        xs_tried = _steps_from(mx, x0 + w / 2, x1 - w / 2)
        ys_tried = _steps_from(my, y0 + h / 2, y1 - h / 2)
        part = Rect(x0, y0, x1 - x0, y1 - y0)
        near = [b for b in self.keep_out if b.overlaps(part)]
        # a label centred at (x, y) is on box b when (x, y) is inside b grown by half of it
        grown = [(b.x - w / 2, b.y - h / 2, b.x1 + w / 2, b.y1 + h / 2) for b in near]
        spots = []
        for x, y in nearest_first(xs_tried, ys_tried, mx, my):  # the nearest on nothing
            spots.append((x, y))
            if (not any(a < x < c and b < y < d for a, b, c, d in grown)
                    and self._keeps(t, Rect(x - w / 2, y - h / 2, w, h), part)):
                return x, y
        boxes = [Rect(x - w / 2, y - h / 2, w, h) for x, y in spots]
        covered = sorted((sum(_area(b, box) for b in near), i) for i, box in enumerate(boxes))
        kept = (boxes[i] for _, i in covered if self._keeps(t, boxes[i], part))
        box = next(kept, None)  # else on as little as can be
        return (box.x + w / 2, box.y + h / 2) if box else (mx, my)

    def _keeps(self, t: Tile, box: Rect, part: Rect) -> bool:
        """Whether ``box`` lies in ``part`` on tile ``t``'s side of every seam round it."""
        xs, ys = self.seams()
        if not part.contains(box) or any(crosses(p, box) for p in xs + ys):
            return False
        across = transposed([box])[0]
        return ((not t.col or not left_of(xs[t.col - 1], box))
                and (t.col == len(xs) or left_of(xs[t.col], box))
                and (not t.row or not left_of(flip(ys[t.row - 1]), across))
                and (t.row == len(ys) or left_of(flip(ys[t.row]), across)))


def _marks(tiles: Sequence[Tile], paths: tuple[tuple[Path, ...], tuple[Path, ...]],
           keep_out: Sequence[Rect]) -> tuple[Segment, ...]:
    """Two crosses on each seam beside each row (column) of tiles, off the keep-out boxes."""
    out: list[Segment] = []
    rows = [(t.window.y, t.window.y1) for t in tiles if t.col == 0]
    cols = [(t.window.x, t.window.x1) for t in tiles if t.row == 0]
    for path in paths[0]:
        out += [m for lo, hi in rows for x, y in spots(path, lo, hi, keep_out, MARK_R)
                for m in _cross(x, y)]
    flipped = transposed(keep_out)
    for path in paths[1]:
        out += [m for lo, hi in cols for y, x in spots(flip(path), lo, hi, flipped, MARK_R)
                for m in _cross(x, y)]
    return tuple(out)


def nearest_first(xs: list[float], ys: list[float], mx: float, my: float
                  ) -> Iterator[tuple[float, float]]:
    """Every place (x, y) of the grid ``xs`` x ``ys``, nearest (``mx``, ``my``) first, then
    by place: the order of sorting them all by ``((x - mx) ** 2 + (y - my) ** 2, (x, y))``,
    made as far as it is read (a label is mostly placed at one of the first few). Along
    each axis the places are sorted so; a place is then never before the one it follows
    along either axis, so a heap of the places next to those taken yields that order."""
    across = sorted(((x - mx) ** 2, x) for x in xs)
    down = sorted(((y - my) ** 2, y) for y in ys)
    if not across or not down:
        return
    heap = [(across[0][0] + down[0][0], across[0][1], down[0][1], 0, 0)]
    seen = {(0, 0)}
    while heap:
        _, x, y, i, j = heapq.heappop(heap)
        yield x, y
        for a, b in ((i + 1, j), (i, j + 1)):
            if a < len(across) and b < len(down) and (a, b) not in seen:
                seen.add((a, b))
                heapq.heappush(heap, (across[a][0] + down[b][0], across[a][1], down[b][1], a, b))


def _steps_from(middle: float, lo: float, hi: float) -> list[float]:
    """Every ``LABEL_STEP`` from ``middle`` either way, from ``lo`` to ``hi``."""
    first, last = math.ceil((lo - middle) / LABEL_STEP), math.floor((hi - middle) / LABEL_STEP)
    return [middle + k * LABEL_STEP for k in range(first, last + 1)]


def _area(a: Rect, b: Rect) -> float:
    both = a.intersection(b)
    return both.w * both.h if both else 0.0


def _part(paths: list[Path], k: int, total: float, axis: int) -> tuple[float, float, float]:
    """Along ``axis``, the stretch tile ``k``'s part may reach (from the nearest point of
    the seam before it to the farthest of the seam after it) and its middle (between the
    seams' means)."""
    before, after = (paths[k - 1] if k else None), (paths[k] if k < len(paths) else None)
    lo = min(p[axis] for p in before) if before else 0.0
    hi = max(p[axis] for p in after) if after else total
    mean_lo = sum(p[axis] for p in before) / len(before) if before else 0.0
    mean_hi = sum(p[axis] for p in after) / len(after) if after else total
    return lo, hi, (mean_lo + mean_hi) / 2


def _cross(x: float, y: float, r: float = MARK_R) -> list[Segment]:
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


def _axis(total: float, length: float, room: float, boxes: Sequence[Rect]
          ) -> tuple[list[float], list[Path], bool]:
    """(window starts, vertical seams, all free) along x: straight seams moved off the
    boxes when they can be; else seams stepping round them, with a window more when the
    fewest cannot be cut clear of them (a page more, rather than a play space cut)."""
    starts, cuts, free = _steps(total, room, _spans(boxes, True))
    if free:
        return starts, [straight(c, length) for c in cuts], True
    for n in (len(cuts) + 1, len(cuts) + 2):
        found = _stepped_axis(total, length, room, boxes, n)
        if found is not None:
            return found[0], found[1], True
    return starts, [straight(c, length) for c in cuts], False  # the lint says what is cut


def _stepped_axis(total: float, length: float, room: float, boxes: Sequence[Rect], n: int
                  ) -> tuple[list[float], list[Path]] | None:
    """``n`` windows along x and the ``n - 1`` seams between them, each stepping round the
    boxes as near its even place as it can, left to right; None if one finds no way."""
    half, stride = OVERLAP / 2, room - OVERLAP
    starts, paths = [0.0], []
    for k, target in enumerate(_even_seams(total, room, n), start=1):
        high = starts[-1] + room - half  # the earlier window shows a glue flap past it
        low = total - (room - half) - (n - 1 - k) * stride  # the rest can still cover
        path = stepped(low, high, target, length, boxes)
        if path is None:
            return None
        paths.append(path)
        starts.append(round(min(min(x for x, _ in path) - half, total - room), 4))
    return starts, paths


def tile(w: float, h: float, paper: Paper, keep_out: Sequence[Rect] = ()) -> Tiling:
    """Tile a piece whose bleed box is ``w`` x ``h`` mm; turned when that needs fewer pages.
    ``keep_out`` (bleed-box coordinates) are what seams should not cross."""
    room_w, room_h = window_size(paper)
    boxes = [b.outset(SEAM_ROOM) for b in keep_out]
    options = []
    for turned in (False, True):
        tw, th = (h, w) if turned else (w, h)
        placed = _turned(boxes, h) if turned else boxes
        xs, cx, free_x = _axis(tw, th, room_w, placed)
        ys, cy, free_y = _axis(th, tw, room_h, transposed(placed))
        clean = free_x and free_y
        options.append((len(xs) * len(ys), not clean, turned, tw, th, xs, ys,
                        (tuple(cx), tuple(flip(p) for p in cy))))
    # fewest pages; then seams that all keep off the art; then upright
    _, _, turned, tw, th, xs, ys, paths = min(options, key=lambda o: (o[0], o[1], o[2]))
    ww, wh = min(tw, room_w), min(th, room_h)
    at = ((paper.w - ww) / 2, paper.margin + EDGE_ROOM + (room_h - wh) / 2)
    tiles = tuple(Tile(r, c, Rect(x, y, ww, wh), at)
                  for r, y in enumerate(ys) for c, x in enumerate(xs))
    kept = _turned(list(keep_out), h) if turned else list(keep_out)
    marks = _marks(tiles, paths, kept)
    return Tiling(tw, th, turned, len(ys), len(xs), tiles, paths, marks, tuple(kept))


def label_w(label: str) -> float:
    """The page width (mm) of a tile's label on the overview: bold 6 mm, a white halo."""
    return 0.8 * 6 * len(label) + 1.2


def white_edge(piece: object) -> float:
    """How far a piece's trim may lie in the printer's margin: a sheet is written on, never
    cut, and draws nothing outside its safe area (``safe_mm``, 3 mm unless declared), so
    only that area must print; any other piece is cut at its trim, which must print."""
    if getattr(piece, "kind", None) != "sheet":
        return 0.0
    safe = getattr(piece, "safe_mm", None)
    return SHEET_SAFE if safe is None else float(safe)


def fits_page(w: float, h: float, bleed: float, paper: Paper, edge: float = 0.0
              ) -> bool | None:
    """Whether a ``w`` x ``h`` trim fits one page upright (False), turned (True), or not at
    all (None). The trim less its ``edge`` (``white_edge``) must fit inside the printer's
    margins; its bleed only on the paper (a 200 x 265 mm score sheet fits A4 and Letter
    though its bleed reaches the margin, and A4 at a quarter-inch margin though its sides
    lie in the margin, 4 mm from anything it draws; not into a cutting machine's band)."""
    room = paper.printable
    edge = 0.0 if paper.band else edge  # a cutting machine's marks: the trim keeps out
    for turned in (False, True):
        tw, th = (h - 2 * edge, w - 2 * edge) if turned else (w - 2 * edge, h - 2 * edge)
        if (tw <= room.w + EPS and th <= room.h + EPS
                and tw + 2 * (edge + bleed) <= paper.w + EPS
                and th + 2 * (edge + bleed) <= paper.h + EPS):
            return turned
    return None
