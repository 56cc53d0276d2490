"""``build --cut-file``: print-and-cut for cutting machines (Silhouette, Cricut, Brother).

Every page that holds pieces gets registration marks in a band ``REG_BAND`` mm wide inside
the printer's margin, kept free of pieces (the pieces are laid out as for a margin that
much wider): a filled ``REG_SQUARE`` mm square at the top left and ``REG_ARM`` mm corner
marks at the top right and bottom left, ``REG_LINE`` mm thick, the machine's optical sensor
finds them. Beside the PDF, ``GAME-PAPER-cut-pNNN.svg`` holds page NNN's cut paths at
full size in millimetres, in the same place relative to the paper's corner: each piece's
outline (a circle, a hexagon, a die net's cut lines) or its trim rectangle (a front and its
folded back as one).
"""

from __future__ import annotations

from collections.abc import Iterator

from generator.render.document import CUT, Circle, Document, Line, Page, Placement, bounds
from generator.render.geometry import EPS, Paper, Rect
from generator.render.layout import MARK_CLEAR

REG_BAND = 12.0
REG_SQUARE = 5.0
REG_ARM = 20.0
REG_LINE = 0.5
CUT_ROLES = ("front", "tile")


def marks_svg(paper: Paper) -> str:
    """The registration marks of one page, black whatever the ink (``data-ink="keep"``)."""
    x0 = y0 = paper.margin + MARK_CLEAR
    x1, y1 = paper.w - x0, paper.h - y0
    t, a = REG_LINE, REG_ARM
    shapes = [(x0, y0, REG_SQUARE, REG_SQUARE),
              (x1 - a, y0, a, t), (x1 - t, y0, t, a),  # top right: an L
              (x0, y1 - t, a, t), (x0, y1 - a, t, a)]  # bottom left
    rects = "".join(f'<rect x="{x:.3f}" y="{y:.3f}" width="{w:.3f}" height="{h:.3f}"/>'
                    for x, y, w, h in shapes)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{paper.w}mm" '
            f'height="{paper.h}mm" viewBox="0 0 {paper.w} {paper.h}"><g data-ink="keep" '
            f'fill="#000000">{rects}</g></svg>')


def add_registration(doc: Document, paper: Paper) -> None:
    """Registration marks on every page that is cut."""
    art = doc.art(marks_svg(paper), "the registration marks")
    full = Rect(0.0, 0.0, paper.w, paper.h)
    for page in doc.pages:
        if page.role in CUT_ROLES and page.items:
            page.placements.append(Placement(art, full, full))


def cut_glob(stem: str) -> str:
    """The names of every cut file of the PDF ``stem``.pdf: a build replaces them all (a
    build with fewer pages, or none, leaves no stale one beside the PDF)."""
    return f"{stem}-cut-p*.svg"


def cut_files(doc: Document, paper: Paper, stem: str) -> dict[str, bytes]:
    """``{stem}-cut-pNNN.svg`` for every page that is cut."""
    out = {}
    for number, page in enumerate(doc.pages, start=1):
        if page.role in CUT_ROLES and page.items:
            paths = "\n".join(_paths(page))
            out[f"{stem}-cut-p{number:03d}.svg"] = (
                f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{paper.w}mm" '
                f'height="{paper.h}mm" viewBox="0 0 {paper.w} {paper.h}">\n<g id="cut-page-'
                f'{number}" fill="none" stroke="#ff0000" stroke-width="0.1">\n{paths}\n</g>\n'
                "</svg>\n").encode()
    return out


def _paths(page: Page) -> Iterator[str]:
    outlines = [s for s in page.lines if s.style == CUT]
    boxes: dict[tuple[object, ...], list[Rect]] = {}
    for item in page.items:
        key = (item["component"], item["copy"], item.get("tile"))
        boxes.setdefault(key, []).append(item["trim"])
    for rects in boxes.values():
        box = bounds(rects)
        if box is not None and not any(_within(_extent(s), box) for s in outlines):
            yield (f'<rect x="{box.x:.3f}" y="{box.y:.3f}" width="{box.w:.3f}" '
                   f'height="{box.h:.3f}"/>')
    for shape in outlines:
        yield _outline(shape)


def _outline(shape: Line | Circle) -> str:
    if isinstance(shape, Circle):
        (cx, cy), r = shape.centre, shape.radius
        return f'<circle cx="{cx:.3f}" cy="{cy:.3f}" r="{r:.3f}"/>'
    points = " ".join(f"{x:.3f},{y:.3f}" for x, y in shape.points)
    return f'<{"polygon" if shape.closed else "polyline"} points="{points}"/>'


def _extent(shape: Line | Circle) -> Rect:
    if isinstance(shape, Circle):
        (cx, cy), r = shape.centre, shape.radius
        return Rect(cx - r, cy - r, 2 * r, 2 * r)
    xs, ys = [p[0] for p in shape.points], [p[1] for p in shape.points]
    return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _within(inner: Rect, outer: Rect) -> bool:
    return outer.outset(EPS * 10).contains(inner)
