"""Sheets of many pieces: imposed fronts, each followed by the sheet of its backs.

A back lands exactly behind its front after the sheet is turned over (``geometry.mirror``),
shifted by the printer's back offset, and turned so that the cut piece is the same object
whichever way the printer flips: the back's top behind the front's top (``back_turn``). A
piece without a back leaves its slot blank on the back sheet.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.render.dice import Net
from generator.render.document import (
    CUT,
    FOLD,
    MARK,
    Circle,
    Document,
    Line,
    Page,
    Placement,
    bounds,
)
from generator.render.geometry import Paper, Rect, mirror
from generator.render.jobs import Copy, Job
from generator.render.layout import (
    MARK_GAP,
    MARK_LEN,
    Cut,
    Slot,
    crop_marks,
    impose,
    mark_limits,
    slots,
)


@dataclass(frozen=True)
class Duplex:
    flip: str  # long, short (a "none" build still lays backs out for a long-edge flip)
    offset: tuple[float, float]

    def back_rect(self, rect: Rect, paper: Paper) -> Rect:
        return mirror(rect, paper, self.flip).moved(*self.offset)

    def back_turn(self, front_turned: bool) -> int:
        """Clockwise turn of a back on its page. Turning the sheet over its long edge
        mirrors x, so an upright back already has its top behind the front's top; a piece
        turned a quarter on the sheet needs its back turned the other way (270). Over the
        short edge y is mirrored too, which adds half a turn."""
        turn = 270 if front_turned else 0
        return (turn + 180) % 360 if self.flip == "short" else turn


def runs_by_cut(imposed: list[Job]) -> list[tuple[Cut, list[tuple[Job, Copy]]]]:
    """Pieces cut alike share one grid, whichever component they belong to (in the order
    the cuts first appear), so three small decks of poker cards fill sheets together
    instead of each leaving a half-empty row."""
    runs: dict[Cut, list[tuple[Job, Copy]]] = {}
    for job in imposed:
        runs.setdefault(job.cut(), []).extend((job, copy) for copy in job.copies)
    return list(runs.items())


def sheet_pages(doc: Document, imposed: list[Job], paper: Paper,
                duplex: Duplex) -> list[tuple[Page, Page]]:
    """(front, back) page pairs for every sheet the imposed jobs need."""
    runs = runs_by_cut(imposed)
    sheets = impose([(cut, len(entries)) for cut, entries in runs], paper)
    pairs = []
    for n, sheet in enumerate(sheets):
        front, back = Page("front"), Page("back")
        names: dict[str, None] = {}
        for (run, block), limit in zip(sheet.blocks, mark_limits(sheet, paper), strict=True):
            for slot in slots(block, n):
                job, copy = runs[run][1][slot.index]
                _place(doc, job, copy, slot, front, back, paper, duplex)
                names[job.piece.name] = None
            front.lines += [Line(MARK, ((x0, y0), (x1, y1))) for x0, y0, x1, y1
                            in crop_marks(block, paper, limit)]
        _boxes(front, back)
        front.footer = " · ".join(names)
        front.footer_y = _footer_y(sheet.blocks[-1][1].bounds(), paper)
        pairs.append((front, back))
    return pairs


def _place(doc: Document, job: Job, copy: Copy, slot: Slot, front: Page, back: Page,
           paper: Paper, duplex: Duplex) -> None:
    bleed = job.bleed
    box = slot.trim.outset(bleed)
    if job.cut().fold:
        _place_fold(doc, job, copy, slot, front)
        return
    if job.kind == "die":
        _place_die(doc, job, copy, slot, front)
    else:
        front.placements.append(Placement(job.front(doc, copy), box, slot.clip,
                                          90 if slot.turned else 0))
        front.lines += _outline(job, slot.trim, slot.turned)
    # the bleed actually printed: a butted edge stops at the trim (the neighbour's art)
    front.items.append({**job.item(copy, "front"), "trim": slot.trim, "bleed": slot.clip})
    art = job.back(doc, copy)
    if art is None:
        return
    back_box = duplex.back_rect(box, paper)
    back.placements.append(Placement(art, back_box, duplex.back_rect(slot.clip, paper),
                                     duplex.back_turn(slot.turned)))
    back.items.append({**job.item(copy, "back"), "trim": duplex.back_rect(slot.trim, paper),
                       "bleed": duplex.back_rect(slot.clip, paper)})


def _place_fold(doc: Document, job: Job, copy: Copy, slot: Slot, front: Page) -> None:
    """Front on the left, back on the right, a fold line between: folded over that line
    the back lands upright behind the front. A pair turned a quarter has its front on top
    and its back below, both turned: folded over the line, tops still agree."""
    b, t = job.bleed, slot.trim
    if slot.turned:
        parts = (Rect(t.x, t.y, t.w, t.h / 2), Rect(t.x, t.y + t.h / 2, t.w, t.h / 2))
        grows = ((b, b, b, 0.0), (b, 0.0, b, b))
        fold = ((t.x, t.y + t.h / 2), (t.x1, t.y + t.h / 2))
    else:
        parts = (Rect(t.x, t.y, t.w / 2, t.h), Rect(t.x + t.w / 2, t.y, t.w / 2, t.h))
        grows = ((b, b, 0.0, b), (0.0, b, b, b))
        fold = ((t.x + t.w / 2, t.y), (t.x + t.w / 2, t.y1))
    arts = (job.front(doc, copy), job.back(doc, copy))
    for part, grow, art, side in zip(parts, grows, arts, ("front", "back"), strict=True):
        if art is not None:
            front.placements.append(Placement(art, part.outset(b), part.grow(*grow),
                                              90 if slot.turned else 0))
        front.items.append({**job.item(copy, side), "trim": part, "bleed": part.grow(*grow)})
    front.lines.append(Line(FOLD, fold))


def _outline(job: Job, trim: Rect, turned: bool) -> list[Line | Circle]:
    """The cut line of a piece cut along its own outline (drawn over its art)."""
    shape = job.piece.shape
    if shape == "circle":
        return [Circle(CUT, (trim.x + trim.w / 2, trim.y + trim.h / 2), min(trim.w, trim.h) / 2)]
    if shape == "hex":
        return [Line(CUT, hexagon(trim, turned), closed=True)]
    return []


def hexagon(box: Rect, turned: bool = False) -> tuple[tuple[float, float], ...]:
    """A hexagon filling the box: flat top and bottom (regular when h = w·√3/2), or, for a
    piece turned a quarter on the sheet, pointed top and bottom."""
    x, y, w, h = box.x, box.y, box.w, box.h
    if turned:
        return ((x + w / 2, y), (x + w, y + h / 4), (x + w, y + 3 * h / 4), (x + w / 2, y + h),
                (x, y + 3 * h / 4), (x, y + h / 4))
    return ((x, y + h / 2), (x + w / 4, y), (x + 3 * w / 4, y), (x + w, y + h / 2),
            (x + 3 * w / 4, y + h), (x + w / 4, y + h))


def _place_die(doc: Document, job: Job, copy: Copy, slot: Slot, front: Page) -> None:
    net: Net = job.net()
    ox, oy = slot.trim.x, slot.trim.y
    for index, art in enumerate(job.die_faces(doc, copy)):
        square = net.square(index).moved(ox, oy)
        grow = [job.bleed if outer else 0.0 for outer in net.outer_sides(index)]
        front.placements.append(Placement(art, square.outset(job.bleed),
                                          square.grow(*grow)))
    for style, segments in ((CUT, net.cuts()), (FOLD, net.folds())):
        front.lines += [Line(style, ((x0 + ox, y0 + oy), (x1 + ox, y1 + oy)))
                        for x0, y0, x1, y1 in segments]


def _boxes(front: Page, back: Page) -> None:
    """TrimBox / BleedBox of the whole block of pieces on each side."""
    for page in (front, back):
        page.trim = bounds([i["trim"] for i in page.items])
        page.bleed = bounds([i["bleed"] for i in page.items])


def _footer_y(last: Rect, paper: Paper) -> float | None:
    """Baseline for the sheet label below the last block's crop marks, if there is room."""
    free_top = last.y1 + MARK_GAP + MARK_LEN
    bottom = paper.h - paper.margin
    return round(bottom - 0.6, 3) if bottom - free_top >= 3.2 else None
