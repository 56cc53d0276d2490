"""Imposition: the one routine that places pieces on sheets of paper.

Pieces come in runs of one kind of cut (same trim size, bleed and outline). Each run is
laid out as blocks, one block per sheet it reaches: a grid stacked below the blocks
already on that sheet, so different pieces share a sheet when there is room.

- Rectangles are *butted*: neighbours share a cut line, so the cut count is lowest and a
  3 x 3 poker grid fits A4; the bleed runs round the outside of the block and into empty
  neighbouring cells. Crop marks sit outside the block's bleed on every cut line.
- *Spaced* rectangles (``build --layout spaced``) keep their full bleed on every side:
  cells sit bleed to bleed, a 2 x bleed gutter between pieces, two cuts per gutter, and
  crop marks outside the block on every cut line.
- Circles, hexes and dice nets are cut along their own outline, so each keeps its own
  bleed and cells sit bleed to bleed; the generator draws the cut outline instead of marks.

Each run is turned a quarter when that fits more of it on a page (3 x 3 poker does not fit
Letter inside 5 mm margins, 2 x 4 turned does). Blocks are centred on the sheet.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from generator.render.geometry import EPS, Paper, Rect

MARK_GAP = 0.5  # between the bleed and a crop mark
MARK_LEN = 4.0
MARK_INSIDE = 2.0  # of every mark inside the printable area, so that it prints
MARK_CLEAR = 0.5  # a mark keeps this far inside the printer's margin: no margin is exact
BLOCK_GAP = 2 * (MARK_GAP + MARK_LEN)  # room for both blocks' crop marks
OUTLINE_GAP = 2.0  # between blocks of pieces cut along their outline


@dataclass(frozen=True)
class Cut:
    """One kind of cut: trim size in mm (unturned), bleed, and whether it is cut straight
    (butted rectangles) or along its own outline."""

    w: float
    h: float
    bleed: float
    butted: bool = True
    turnable: bool = True  # a die net is laid out as drawn
    spaced: bool = False  # a rectangle with its own bleed all round, cut on crop marks
    fold: bool = False  # a front and its back side by side (w is the pair's), folded between

    def cell(self, turned: bool) -> tuple[float, float]:
        w, h = (self.h, self.w) if turned else (self.w, self.h)
        pad = 0.0 if self.butted else 2 * self.bleed
        return (w + pad, h + pad)

    @property
    def marked(self) -> bool:
        """Cut straight on crop marks (butted or spaced), not along a drawn outline."""
        return self.butted or self.spaced

    def frame(self) -> float:
        """Extra room a block needs beyond its cells on each side (the shared bleed)."""
        return self.bleed if self.butted else 0.0


@dataclass(frozen=True)
class Slot:
    """One placed piece: its trim on the page, what may be inked (clip) and whether turned."""

    sheet: int
    trim: Rect
    clip: Rect
    turned: bool
    index: int  # position in the run (which copy)


@dataclass
class Block:
    cut: Cut
    origin: tuple[float, float]  # top-left of the first cell
    cols: int
    rows: int
    turned: bool
    count: int
    first: int  # index in the run of the block's first piece

    def cell(self) -> tuple[float, float]:
        return self.cut.cell(self.turned)

    def bounds(self) -> Rect:
        """The cells plus the shared bleed: everything the block inks."""
        cw, ch = self.cell()
        return Rect(*self.origin, self.cols * cw, self.rows * ch).outset(self.cut.frame())

    def cells(self) -> list[tuple[int, int]]:
        return [divmod(i, self.cols) for i in range(self.count)]


@dataclass
class Sheet:
    blocks: list[tuple[int, Block]] = field(default_factory=list)  # (run number, block)


def capacity(cut: Cut, paper: Paper, turned: bool, height: float | None = None) -> tuple[int, int]:
    """(columns, rows) of a cut that fit the printable width and ``height`` (default all)."""
    area = paper.printable
    cw, ch = cut.cell(turned)
    room_w = area.w - 2 * cut.frame()
    room_h = (area.h if height is None else height) - 2 * cut.frame()
    return (max(0, math.floor(room_w / cw + EPS)), max(0, math.floor(room_h / ch + EPS)))


def fits(cut: Cut, paper: Paper) -> bool:
    turns = (False, True) if cut.turnable else (False,)
    return any(min(capacity(cut, paper, t)) >= 1 for t in turns)


def best_turn(cut: Cut, paper: Paper) -> bool:
    """Turn a quarter only when a full page then holds strictly more."""
    upright, turned = (math.prod(capacity(cut, paper, t)) for t in (False, True))
    return cut.turnable and turned > upright


def impose(runs: Sequence[tuple[Cut, int]], paper: Paper) -> list[Sheet]:
    """Blocks on sheets for every run, in order; each run continues where the last ended."""
    sheets: list[Sheet] = []
    used = paper.h  # top of the free band of the current sheet (full: start a new one)
    last_butted = True
    for number, (cut, count) in enumerate(runs):
        if not fits(cut, paper):
            raise ValueError(f"a {cut.w} x {cut.h} mm piece does not fit on {paper.name}")
        turned, placed = best_turn(cut, paper), 0
        while placed < count:
            gap = BLOCK_GAP if (cut.marked or last_butted) else OUTLINE_GAP
            top = paper.margin if not sheets or not sheets[-1].blocks else used + gap
            cols, rows = capacity(cut, paper, turned, paper.h - paper.margin - top)
            if rows < 1:
                sheets.append(Sheet())
                used = paper.h
                continue
            if not sheets:
                sheets.append(Sheet())
            rows = min(rows, math.ceil((count - placed) / cols))
            take = min(count - placed, rows * cols)
            cols = min(cols, take)  # a short run is as wide as it is, and centred as such
            frame = cut.frame()
            block = Block(cut, (0.0, top + frame), cols, rows, turned, take, placed)
            sheets[-1].blocks.append((number, block))
            used, placed, last_butted = block.bounds().y1, placed + take, cut.marked
    for sheet in sheets:
        _centre(sheet, paper)
    return sheets


def _centre(sheet: Sheet, paper: Paper) -> None:
    """Centre each block across the sheet and the stack of blocks down it."""
    if not sheet.blocks:
        return
    top, bottom = sheet.blocks[0][1].bounds().y, sheet.blocks[-1][1].bounds().y1
    dy = (paper.h - (bottom - top)) / 2 - top
    for _, block in sheet.blocks:
        width = block.bounds().w
        x = (paper.w - width) / 2 + block.cut.frame()
        block.origin = (round(x, 4), round(block.origin[1] + dy, 4))


def slots(block: Block, sheet: int) -> list[Slot]:
    """Every piece of a block with its trim and clip; a butted piece's bleed reaches past
    its trim only where no neighbour is (the block's edge or an empty cell)."""
    cw, ch = block.cell()
    filled = set(block.cells())
    bleed, out = block.cut.bleed, []
    for i, (r, c) in enumerate(block.cells()):
        cell = Rect(block.origin[0] + c * cw, block.origin[1] + r * ch, cw, ch)
        if block.cut.butted:
            trim = cell
            clip = cell.grow(*(0.0 if n in filled else bleed for n in (
                (r, c - 1), (r - 1, c), (r, c + 1), (r + 1, c))))
        else:
            trim, clip = cell.outset(-bleed), cell
        out.append(Slot(sheet, trim, clip, block.turned, block.first + i))
    return out


def crop_marks(block: Block, paper: Paper,
               limits: tuple[float, float]) -> list[tuple[float, float, float, float]]:
    """Crop marks of a butted block as (x0, y0, x1, y1) segments: one on each cut line on
    each side, starting ``MARK_GAP`` beyond the bleed, never past ``limits`` (top, bottom of
    the band the block owns) nor within 4 mm of the paper's edge. A mark that would have
    less than ``MARK_INSIDE`` mm inside the printer's margin reaches back over the bleed
    (towards, never onto, the trim): a home printer drops what lies in its margin."""
    if not block.cut.marked:
        return []
    cw, ch = block.cell()
    ox, oy = block.origin
    outer = block.bounds()
    pad = 0.0 if block.cut.butted else block.cut.bleed  # a spaced cell holds its bleed
    trim = Rect(ox + pad, oy + pad, block.cols * cw - 2 * pad, block.rows * ch - 2 * pad)
    top_end, bottom_end = max(limits[0], 4.0), min(limits[1], paper.h - 4.0)
    room = mark_area(paper)
    across = (room.y, room.y1)
    along = (room.x, room.x1)
    marks = []
    # a cut line in the printer's margin gets no mark: none of it would print
    for x in (x for x in _cuts(ox, cw, block.cols, pad) if room.x <= x <= room.x1):
        marks += _mark(x, outer.y - MARK_GAP, top_end, trim.y - MARK_GAP, across, -1,
                       vertical=True)
        marks += _mark(x, outer.y1 + MARK_GAP, bottom_end, trim.y1 + MARK_GAP, across, 1,
                       vertical=True)
    for y in (y for y in _cuts(oy, ch, block.rows, pad) if room.y <= y <= room.y1):
        marks += _mark(y, outer.x - MARK_GAP, 4.0, trim.x - MARK_GAP, along, -1,
                       vertical=False)
        marks += _mark(y, outer.x1 + MARK_GAP, paper.w - 4.0, trim.x1 + MARK_GAP, along, 1,
                       vertical=False)
    return marks


def mark_area(paper: Paper) -> Rect:
    """Where a mark prints for sure: the printable area less ``MARK_CLEAR`` all round."""
    return paper.printable.outset(-MARK_CLEAR)


def printed_length(points: Sequence[tuple[float, float]], area: Rect) -> float:
    """How much of a straight horizontal or vertical line lies in ``area``: nothing when
    the line runs outside it (along the margin's edge, say)."""
    (x0, y0), (x1, y1) = points
    if x0 == x1:
        lo, hi = sorted((y0, y1))
        ok = area.x <= x0 <= area.x1
        return max(0.0, min(hi, area.y1) - max(lo, area.y)) if ok else 0.0
    lo, hi = sorted((x0, x1))
    ok = area.y <= y0 <= area.y1
    return max(0.0, min(hi, area.x1) - max(lo, area.x)) if ok else 0.0


def _cuts(start: float, cell: float, count: int, pad: float) -> list[float]:
    """Where the cuts run along one axis: shared lines between butted cells, or two per
    gutter (each piece's own trim) between spaced ones."""
    if not pad:
        return [start + i * cell for i in range(count + 1)]
    return [start + i * cell + edge for i in range(count) for edge in (pad, cell - pad)]


def _mark(at: float, start: float, limit: float, inner: float, printable: tuple[float, float],
          direction: int, *, vertical: bool) -> list[tuple[float, float, float, float]]:
    """One mark from ``start`` outwards (``direction``) towards ``limit``."""
    length = min(MARK_LEN, direction * (limit - start))
    if length < 1.0:  # no room (or the bleed already reaches past the limit): leave it out
        return []
    end = start + direction * length
    if _overlap(sorted((start, end)), printable) < MARK_INSIDE:
        # reach back over the bleed (never past ``inner``) so that enough of it prints
        if direction > 0:
            start = max(min(start, min(end, printable[1]) - MARK_INSIDE), inner)
        else:
            start = min(max(start, max(end, printable[0]) + MARK_INSIDE), inner)
    a, b = sorted((start, end))
    return [(at, a, at, b)] if vertical else [(a, at, b, at)]


def _overlap(span: list[float], printable: tuple[float, float]) -> float:
    return max(0.0, min(span[1], printable[1]) - max(span[0], printable[0]))


def mark_limits(sheet: Sheet, paper: Paper) -> list[tuple[float, float]]:
    """The band (top, bottom) each block's crop marks may use: half the gap to its
    neighbours above and below, the paper otherwise."""
    bounds = [block.bounds() for _, block in sheet.blocks]
    out = []
    for i, b in enumerate(bounds):
        top = (bounds[i - 1].y1 + b.y) / 2 if i else 0.0
        bottom = (b.y1 + bounds[i + 1].y) / 2 if i + 1 < len(bounds) else paper.h
        out.append((top, bottom))
    return out
