"""Boards, score sheets and anything too big to share a sheet: one page each, or tiles.

A piece that fits the printable area (with its bleed) is centred on its own page with
crop marks at its corners; its back, if any, on the next page behind it. A bigger one is
tiled (``tiling``): an assembly overview page, then one page per tile.
"""

from __future__ import annotations

from generator.render.cropsvg import cropped
from generator.render.document import GUIDE, MARK, Document, Line, Page, Placement
from generator.render.drawn import read
from generator.render.geometry import EPS, Paper, Rect
from generator.render.jobs import Copy, Job
from generator.render.layout import MARK_CLEAR, MARK_GAP, Block, Cut, crop_marks
from generator.render.seams import clipped, flip, left_of, transposed
from generator.render.sheets import Duplex
from generator.render.tiling import (
    LABEL_BAND,
    LABEL_H,
    SEAM_ROOM,
    TEXT_ROOM,
    Tile,
    Tiling,
    fits_page,
    label_w,
    tile,
    white_edge,
)

Segment = tuple[float, float, float, float]


def large_pages(doc: Document, job: Job, paper: Paper,
                duplex: Duplex) -> list[tuple[Page, Page | None]]:
    """(page, its back or None) for every copy of a large piece."""
    w, h = job.size
    b = job.bleed
    turned = fits_page(w, h, b, paper, white_edge(job.piece))
    out: list[tuple[Page, Page | None]] = []
    for copy in job.copies:
        if turned is None:
            out += tiled_pages(doc, job, copy, paper, duplex)
        else:
            out.append(_single(doc, job, copy, paper, duplex, turned))
    return out


def _single(doc: Document, job: Job, copy: Copy, paper: Paper, duplex: Duplex,
            turned: bool) -> tuple[Page, Page]:
    w, h = (job.size[1], job.size[0]) if turned else job.size
    room = paper.printable
    # centred in the room above the label band when it leaves room, on the page otherwise
    band = LABEL_BAND if h + LABEL_BAND + 2 * MARK_CLEAR <= room.h else 0.0
    top = room.y + (room.h - band - h) / 2
    top = min(max(top, job.bleed), paper.h - h - job.bleed)  # a wide bleed stays on the paper
    trim = Rect((paper.w - w) / 2, top, w, h)
    box = trim.outset(job.bleed)
    front = Page("front", trim=trim, bleed=box)
    front.placements.append(Placement(job.front(doc, copy), box, box, 90 if turned else 0))
    block = Block(Cut(w, h, job.bleed), (trim.x, trim.y), 1, 1, False, 1, 0)
    foot = paper.h - paper.margin - 3.5 if band else paper.h  # marks stop above the label
    front.lines += [Line(MARK, ((x0, y0), (x1, y1)))
                    for x0, y0, x1, y1 in crop_marks(block, paper, (0.0, foot))]
    front.items.append({**job.item(copy, "front"), "trim": trim, "bleed": box})
    front.footer = job.piece.name
    front.footer_y = round(paper.h - paper.margin - 0.6, 3) if band else None
    back = Page("back")
    art = job.back(doc, copy)
    if art is not None:
        back_box, back_trim = duplex.back_rect(box, paper), duplex.back_rect(trim, paper)
        back.placements.append(Placement(art, back_box, back_box, duplex.back_turn(turned)))
        back.items.append({**job.item(copy, "back"), "trim": back_trim, "bleed": back_box})
        back.trim, back.bleed = back_trim, back_box
    return front, back


def tiled_pages(doc: Document, job: Job, copy: Copy, paper: Paper,
                duplex: Duplex) -> list[tuple[Page, Page | None]]:
    """The assembly overview, then one page per tile, each with the same part of the
    piece's back behind it when the piece has one."""
    art, back_art = job.front(doc, copy), job.back(doc, copy)
    tiling = board_tiling(job, paper, [doc.arts[a] for a in (art, back_art) if a is not None])
    pages: list[tuple[Page, Page | None]] = [(overview_page(job, copy, art, tiling, paper),
                                              None)]
    svg = job.front_svg(copy)
    for t in tiling.tiles:
        front = _tile_page(job, copy, _tile_art(doc, job, copy, svg, tiling, t), tiling, t,
                           paper)
        pages.append((front, None if back_art is None else
                      _tile_back(job, copy, back_art, front, tiling, paper, duplex)))
    return pages


def _tile_art(doc: Document, job: Job, copy: Copy, svg: str, tiling: Tiling, t: Tile) -> int:
    """The front without what tile ``t`` does not show."""
    def shown(box: Rect) -> bool:
        return shows(tiling, t, _in_tiling(job, tiling, box))
    return doc.art(cropped(svg, shown), job.origin(copy, "front"), job.place(copy, "front"))


def board_tiling(job: Job, paper: Paper, svgs: list[str]) -> Tiling:
    """The tiling of a large piece whose seams keep off the play spaces, text and declared
    symbols of its drawn sides (``svgs``): worked out once per game loaded, paper and
    drawing (the print lint after a build checks the very seams the build cut)."""
    w, h = job.size
    b = job.bleed
    key = ("tiling", w, h, b, paper, tuple(svgs))
    found = job.loaded.drawn.get(key)
    if found is None:
        keep_out = [box.moved(b, b) for svg in svgs for box in keep_out_boxes(svg)]
        found = job.loaded.drawn[key] = tile(w + 2 * b, h + 2 * b, paper, keep_out)
    tiling: Tiling = found
    return tiling


def keep_out_boxes(svg: str) -> list[Rect]:
    """Every play space, text line and declared icon area a face draws (face coordinates);
    a text line grown so that seams keep ``TEXT_ROOM`` from it."""
    drawing = read(svg)
    return ([box for box, _ in drawing.spaces]
            + [line.box.outset(TEXT_ROOM - SEAM_ROOM) for line in drawing.lines]
            + [box for box, _ in drawing.areas])


def _in_tiling(job: Job, tiling: Tiling, box: Rect) -> Rect:
    """A box of the face (trim origin) in the tiling's coordinates (bleed origin, turned)."""
    b = box.moved(job.bleed, job.bleed)
    return Rect(tiling.w - b.y1, b.x, b.h, b.w) if tiling.turned else b


def shows(tiling: Tiling, t: Tile, box: Rect) -> bool:
    """Whether tile ``t`` shows any of ``box`` (tiling coordinates): inside its window, not
    wholly left of the seam it is cut along on the left nor above the one on top."""
    xs, ys = tiling.seams()
    return (box.overlaps(t.window) and not (t.col and left_of(xs[t.col - 1], box))
            and not (t.row and left_of(flip(ys[t.row - 1]), transposed([box])[0])))


def _outlines(tiling: Tiling, t: Tile) -> tuple[tuple[tuple[float, float], ...], ...]:
    """The tile's art is cut along the seams on its left and top: a polygon for each."""
    xs, ys = tiling.seams()
    out = []
    if t.col:
        path, far = xs[t.col - 1], t.window.x1 + 1
        out.append(path + ((far, path[-1][1]), (far, path[0][1])))
    if t.row:
        path, far = ys[t.row - 1], t.window.y1 + 1
        out.append(path + ((path[-1][0], far), (path[0][0], far)))
    return tuple(tuple(_shift(t, p) for p in o) for o in out)


def _tile_back(job: Job, copy: Copy, art: int, front: Page, tiling: Tiling, paper: Paper,
               duplex: Duplex) -> Page:
    placed = front.placements[0]
    window = duplex.back_rect(placed.clip or placed.box, paper)
    back = Page("back", bleed=window)
    back.placements.append(Placement(art, duplex.back_rect(placed.box, paper), window,
                                     duplex.back_turn(tiling.turned)))
    back.trim = duplex.back_rect(front.trim, paper) if front.trim else None
    back.items.append({**front.items[0], "side": "back", "trim": back.trim or window,
                       "bleed": window})
    return back


def _piece_rects(job: Job, tiling: Tiling) -> tuple[Rect, Rect]:
    """The piece's bleed box and trim in (turned) piece coordinates."""
    whole = Rect(0.0, 0.0, tiling.w, tiling.h)
    return whole, whole.outset(-job.bleed)


def _tile_page(job: Job, copy: Copy, art: int, tiling: Tiling, t: Tile,
               paper: Paper) -> Page:
    whole, trim = _piece_rects(job, tiling)
    window = t.on_page(t.window)
    page = Page("tile", trim=None, bleed=window)
    page.placements.append(Placement(art, t.on_page(whole), window,
                                     90 if tiling.turned else 0, _outlines(tiling, t)))
    visible_trim = trim.intersection(t.window)
    page.trim = t.on_page(visible_trim) if visible_trim else None
    page.lines += _tile_lines(tiling, t, trim, paper)
    page.items.append({**job.item(copy, "front", "board-part"), "tile": t.label,
                       "trim": page.trim or window, "bleed": window})
    page.footer = ("page_tile", {"name": job.piece.name, "label": t.label, "row": t.row + 1,
                                 "rows": tiling.rows, "col": t.col + 1, "cols": tiling.cols})
    page.footer_y = round(paper.h - paper.margin - 0.6, 3)
    return page


def _tile_lines(tiling: Tiling, t: Tile, trim: Rect, paper: Paper) -> list[Line]:
    xs, ys = tiling.seams()
    w = t.window
    lines = [Line(GUIDE, segment) for path in xs + ys for segment in clipped(path, w)]
    lines += [Line(MARK, ((x0, y0), (x1, y1))) for x0, y0, x1, y1 in tiling.alignment_marks()
              if _inside(w, x0, y0) and _inside(w, x1, y1)]
    lines = [Line(ln.style, tuple(_shift(t, p) for p in ln.points)) for ln in lines]
    return lines + [Line(MARK, m) for m in _board_corner_marks(t, trim)]


def _inside(r: Rect, x: float, y: float) -> bool:
    return r.x - EPS <= x <= r.x1 + EPS and r.y - EPS <= y <= r.y1 + EPS


def _shift(t: Tile, p: tuple[float, float]) -> tuple[float, float]:
    return (p[0] + t.at[0] - t.window.x, p[1] + t.at[1] - t.window.y)


def _board_corner_marks(t: Tile, trim: Rect) -> list[tuple[tuple[float, float], ...]]:
    """Trim marks on the board's own edges, in the room beside the tile's window: at both
    ends of every board edge that crosses the window, so that every tile (a middle one
    too) shows where its part of the board's edge is cut."""
    w, out = t.window, []
    length = 3.0
    for y in (trim.y, trim.y1):
        if w.y < y < w.y1:
            out.append(((w.x - MARK_GAP - length, y), (w.x - MARK_GAP, y)))
            out.append(((w.x1 + MARK_GAP, y), (w.x1 + MARK_GAP + length, y)))
    for x in (trim.x, trim.x1):
        if w.x < x < w.x1:
            out.append(((x, w.y - MARK_GAP - length), (x, w.y - MARK_GAP)))
            out.append(((x, w.y1 + MARK_GAP), (x, w.y1 + MARK_GAP + length)))
    return [tuple(_shift(t, p) for p in seg) for seg in out]


def overview_page(job: Job, copy: Copy, art: int, tiling: Tiling, paper: Paper) -> Page:
    """The whole piece small, with its seams, and the tiles' labels drawn over it by the
    overlay."""
    room = paper.printable.grow(0, -40, 0, -LABEL_BAND)
    scale = min(room.w / tiling.w, room.h / tiling.h)
    box = Rect((paper.w - tiling.w * scale) / 2, room.y, tiling.w * scale, tiling.h * scale)
    page = Page("overview")
    page.placements.append(Placement(art, box, box, 90 if tiling.turned else 0))
    xs, ys = tiling.seams()
    page.lines += [Line(GUIDE, tuple((box.x + x * scale, box.y + y * scale) for x, y in path))
                   for path in xs + ys]
    spots = [tiling.label_spot(t, label_w(t.label) / scale, LABEL_H / scale)
             for t in tiling.tiles]
    page.overview = {"component": job.piece.id, "name": job.piece.name, "copy_no": copy.number,
                     "rows": tiling.rows,
                     "cols": tiling.cols, "scale": scale,
                     "labels": [{"text": t.label, "x": box.x + x * scale, "y": box.y + y * scale}
                                for t, (x, y) in zip(tiling.tiles, spots, strict=True)]}
    return page
