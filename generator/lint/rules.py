"""The face rules of the print lint: each a function from one drawn face to its findings.

Rule ids: ``text-overlap``, ``text-icon``, ``text-covered``, ``text-box``, ``text-trim``, ``text-safe``, ``text-size``,
``glyph-missing``, ``contrast``, ``raster-dpi`` (page rules live in ``pages``).
"""

from __future__ import annotations

import base64
import io
import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from generator.files.problems import ERROR, WARNING
from generator.lint.faces import STAMP_SOURCE, Face
from generator.render.colour import contrast
from generator.render.drawn import Image, Shape, TextLine, runs_off
from generator.render.geometry import EPS, PT_PER_MM, Rect
from generator.render.textfit import missing

SAFE_MM = 3.0  # default safe zone inside the trim
ERROR_PT, WARNING_PT = 6.0, 7.0
MIN_DPI = 300
TOUCH = 0.15  # mm of overlap both ways before two boxes count as colliding


@dataclass(frozen=True)
class Finding:
    source: str  # template FILE:LINE ("" when not known)
    severity: str
    message: str
    rule: str
    text: str | None = None  # the text concerned, to find its data line


Rule = Callable[[Face], Iterator[Finding]]


def _collide(a: Rect, b: Rect) -> bool:
    """The boxes overlap by more than ``TOUCH`` both ways (``Rect.intersection``'s
    arithmetic, without making the rectangle: asked for every pair of lines)."""
    return (min(a.x + a.w, b.x + b.w) - max(a.x, b.x) > TOUCH
            and min(a.y + a.h, b.y + b.h) - max(a.y, b.y) > TOUCH)


def _colliding(a: Rect, boxes: Iterable[Rect]) -> Iterator[int]:
    """The index of each of ``boxes`` that ``_collide``s with ``a``, in order: the same
    arithmetic (``min`` and ``max`` written out, each keeping its first of two equals),
    ``a``'s edges worked out once for all of them."""
    ax, ay = a.x, a.y
    ar, ab = ax + a.w, ay + a.h
    for k, b in enumerate(boxes):
        bx, by = b.x, b.y
        br, bb = bx + b.w, by + b.h
        if ((br if br < ar else ar) - (bx if bx > ax else ax) > TOUCH
                and (bb if bb < ab else ab) - (by if by > ay else ay) > TOUCH):
            yield k


def _q(text: str) -> str:
    return f"'{text}'" if len(text) <= 40 else f"'{text[:37]}...'"


def _colliding_pairs(boxes: list[Rect]) -> list[tuple[int, int]]:
    """The pairs ``i < j`` whose boxes ``_collide``, in the order of the nested loop over
    all pairs. Boxes are swept top to bottom: once a box starts ``TOUCH`` or less above
    one's bottom edge, it and every later one cannot collide with it (the same
    arithmetic as ``_collide``, so the same pairs)."""
    order = sorted(range(len(boxes)), key=lambda k: boxes[k].y)
    pairs = []
    for n, i in enumerate(order):
        a = boxes[i]
        bottom = a.y + a.h
        for j in order[n + 1:]:
            b = boxes[j]
            if bottom - b.y <= TOUCH:
                break
            if _collide(a, b):
                pairs.append((i, j) if i < j else (j, i))
    return sorted(pairs)


def text_overlap(face: Face) -> Iterator[Finding]:
    lines = face.drawing.lines
    for i, j in _colliding_pairs([line.box for line in lines]):
        a, b = lines[i], lines[j]
        yield Finding(a.source, ERROR, f"text {_q(a.text)} overlaps {_q(b.text)} "
                      f"(drawn at {b.source})", "text-overlap", a.text)


def text_icon(face: Face) -> Iterator[Finding]:
    areas, groups = face.drawing.areas, face.drawing.area_groups
    if not areas:  # most faces declare none
        return
    boxes = [box for box, _ in areas]
    for line in face.drawing.lines:
        for k in _colliding(line.box, boxes):
            (box, kind), group = areas[k], groups[k]
            if group != line.group:
                yield Finding(line.source, ERROR, f"text {_q(line.text)} overlaps a declared "
                              f"{kind} area at ({box.x:z.1f}, {box.y:z.1f}) mm", "text-icon",
                              line.text)
                break


def text_covered(face: Face) -> Iterator[Finding]:
    """Text a filled shape painted later hides (a door, a street band over a name)."""
    shapes = face.drawing.shapes
    boxes = [shape.box for shape in shapes]  # once a face: each line asks those after it
    last = len(shapes)
    for line in face.drawing.lines:
        if line.order == last:  # nothing is painted after it (most lines)
            continue
        for k in _colliding(line.box, boxes[line.order:]):
            shape = shapes[line.order + k]
            if _covers(shape, line.box):
                yield Finding(line.source, ERROR, f"text {_q(line.text)} is covered by a "
                              f"{shape.kind} painted over it at ({shape.box.x:z.1f}, "
                              f"{shape.box.y:z.1f}) mm", "text-covered", line.text)
                break


def _covers(shape: Shape, box: Rect) -> bool:
    """Some of the box's ink area lies inside the shape (sampled on a 5 x 3 grid)."""
    return any(shape.holds(box.x + box.w * i / 4, box.y + box.h * j / 2)
               for i in range(5) for j in range(3))


def text_box(face: Face) -> Iterator[Finding]:
    """Text running off the shape it is printed on (``drawn.runs_off``)."""
    for line in face.drawing.lines:
        if runs_off(face.drawing, line, face.size):
            shape = line.holder
            assert shape is not None
            yield Finding(line.source, ERROR, f"text {_q(line.text)} runs off the {shape.kind} "
                          f"it is printed on at ({shape.box.x:z.1f}, {shape.box.y:z.1f}) mm",
                          "text-box", line.text)


def text_trim(face: Face) -> Iterator[Finding]:
    safe = _safe(face)
    for line in face.drawing.lines:
        room = _room(face, line.box)
        if room < -EPS:
            yield Finding(line.source, ERROR, f"text {_q(line.text)} crosses the trim by "
                          f"{-room:.1f} mm and will be cut", "text-trim", line.text)
        elif room < safe - 0.05 and line.source != STAMP_SOURCE:  # a stamp's place
            yield Finding(line.source, WARNING, f"text {_q(line.text)} is {room:z.1f} mm from "
                          f"the trim, inside the {safe:g} mm safe zone", "text-safe", line.text)


def _safe(face: Face) -> float:
    declared = getattr(face.piece, "safe_mm", None)
    return SAFE_MM if declared is None else float(declared)


def _room(face: Face, box: Rect) -> float:
    """How far the box stays inside the trim outline (negative: by how much it crosses)."""
    w, h = face.size
    shape = face.piece.shape
    if shape not in ("circle", "hex") or face.piece.kind == "die":  # most: a rectangle
        return min(box.x, box.y, w - box.x1, h - box.y1)
    corners = [(x, y) for x in (box.x, box.x1) for y in (box.y, box.y1)]
    if shape == "circle":
        r = min(w, h) / 2
        return min(r - math.hypot(x - w / 2, y - h / 2) for x, y in corners)
    return min(_hex_room(w, h, x, y) for x, y in corners)


def _hex_room(w: float, h: float, x: float, y: float) -> float:
    """Signed distance inside the flat-topped hexagon filling w x h (as the cut line)."""
    pts = [(0, h / 2), (w / 4, 0), (3 * w / 4, 0), (w, h / 2), (3 * w / 4, h), (w / 4, h)]
    room = math.inf
    for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True):
        length = math.hypot(x1 - x0, y1 - y0)
        room = min(room, ((x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)) / length)
    return room


def text_size(face: Face) -> Iterator[Finding]:
    for line in face.drawing.lines:
        pt = line.size_mm * PT_PER_MM
        if pt < ERROR_PT - 0.05:
            yield Finding(line.source, ERROR, f"text {_q(line.text)} is {pt:.1f} pt at print "
                          f"size, below the {ERROR_PT:g} pt minimum", "text-size", line.text)
        elif pt < WARNING_PT - 0.05:
            yield Finding(line.source, WARNING, f"text {_q(line.text)} is {pt:.1f} pt at "
                          f"print size, below {WARNING_PT:g} pt", "text-size", line.text)


def glyph_missing(face: Face) -> Iterator[Finding]:
    for line in face.drawing.lines:
        gone = missing(line.text, line.font)
        if gone:
            shown = " ".join(f"U+{ord(c):04X}" for c in gone)
            yield Finding(line.source, ERROR, f"text {_q(line.text)}: {line.font.path().name} "
                          f"has no glyph for {shown} (printed as boxes)", "glyph-missing",
                          line.text)


def text_contrast(face: Face) -> Iterator[Finding]:
    for line in face.drawing.lines:
        if line.fill is None:
            continue
        ratio = contrast(line.fill, line.background)
        need = 3.0 if _large(line) else 4.5
        if ratio < need - 0.005:
            yield Finding(line.source, ERROR, f"text {_q(line.text)} is {line.fill} on "
                          f"{line.background}: contrast {ratio:.1f}:1, below {need:g}:1",
                          "contrast", line.text)


def _large(line: TextLine) -> bool:
    pt = line.size_mm * PT_PER_MM
    return pt >= 18 or (pt >= 14 and line.font.bold)


def raster_dpi(face: Face) -> Iterator[Finding]:
    for image in face.drawing.images:
        px = _pixels(image)
        if px is None or image.box.w <= 0:
            continue
        dpi = min(px[0] / (image.box.w / 25.4), px[1] / (image.box.h / 25.4))
        if dpi < MIN_DPI - 0.5:
            yield Finding(image.source, ERROR, f"raster image is {dpi:.0f} dpi at its printed "
                          f"size ({px[0]} x {px[1]} px on {image.box.w:.1f} x "
                          f"{image.box.h:.1f} mm), below {MIN_DPI}", "raster-dpi")


def _pixels(image: Image) -> tuple[int, int] | None:
    """Pixel size of an embedded (data: URI) image; linked files are not read."""
    if not image.href.startswith("data:") or "base64," not in image.href:
        return None
    from PIL import Image as PILImage

    try:
        with PILImage.open(io.BytesIO(base64.b64decode(image.href.split("base64,", 1)[1]))) as im:
            return im.size
    except (OSError, ValueError):
        return None


RULES: dict[str, Rule] = {
    "text-overlap": text_overlap,
    "text-icon": text_icon,
    "text-covered": text_covered,
    "text-box": text_box,
    "text-trim": text_trim,  # also text-safe
    "text-size": text_size,
    "glyph-missing": glyph_missing,
    "contrast": text_contrast,
    "raster-dpi": raster_dpi,
}
