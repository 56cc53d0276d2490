"""What a rendered face draws, read back from its SVG: every line of text with its measured
box, every filled shape (what text sits on), every declared icon area and raster image.

Coordinates are the face's user space (mm, origin at the trim's top-left corner), after
every ``transform``; text is measured with the same font files cairo draws it with
(``render.textfit``). A template marks an icon or symbol area text must not cross with
``data-area="icon"`` on the element (or group) that draws it; text inside that group is
its own label, not in its way. A board marks each play space's group with ``data-space``
(its kind): tile seams keep off it (``spaces``), though it stays ordinary art to the lint.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any
from xml.etree import ElementTree

from generator.files.problems import display_path
from generator.render.colour import parse_colour
from generator.render.decoding import parse
from generator.render.document import bounds
from generator.render.geometry import Rect
from generator.render.svgplace import (
    IDENTITY,
    NUMBER,
    Matrix,
    in_polygon,
    multiply,
    parse_transform,
    placed_box,
    points,
    transformed,
)
from generator.render.textfit import Font, extent, width

SVG = "{http://www.w3.org/2000/svg}"
SOURCE_ATTR = "data-src"  # template FILE:LINE, added to <text>/<image> by the lint
INHERITED = ("font-family", "font-size", "font-weight", "font-style", "text-anchor",
             "fill", "letter-spacing", "opacity", "fill-opacity")
INHERITS = frozenset(INHERITED)  # asked of every attribute of every element
STYLING = INHERITS | {"style"}  # an element with none of these inherits its parent's style
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
EPS = 1e-6  # mm: far above a float's rounding, far below anything drawn
UNDRAWN = frozenset({"defs", "symbol", "clipPath", "mask", "linearGradient", "radialGradient",
                     "pattern", "title", "desc", "style"})  # elements not drawn where they are
SHAPES = frozenset({"rect", "circle", "ellipse", "polygon", "path"})  # what ``_shape`` reads


@dataclass(frozen=True)
class TextLine:
    text: str
    box: Rect  # ink box on the face
    size_mm: float  # font size as printed (scale applied)
    font: Font
    fill: str | None  # "#rrggbb", or None when not a plain colour
    source: str  # template file:line
    background: str  # "#rrggbb" of what is painted right behind its middle
    order: int = 0  # how many filled shapes were painted before it
    group: int | None = None  # the declared area it belongs to (its own label)
    holder: Shape | None = None  # the shape it is printed on (None: the paper)


@dataclass(frozen=True)
class Shape:
    box: Rect
    fill: str
    kind: str  # rect, circle, ellipse, polygon
    points: tuple[tuple[float, float], ...] = ()

    def holds(self, x: float, y: float) -> bool:
        b = self.box
        if not (b.x - EPS <= x <= b.x + b.w + EPS and b.y - EPS <= y <= b.y + b.h + EPS):
            return False  # outside its box (with room for rounding): outside the shape
        if self.kind in ("circle", "ellipse"):
            rx, ry = b.w / 2, b.h / 2
            return rx > 0 and ry > 0 and ((x - b.x - rx) / rx) ** 2 + ((y - b.y - ry) / ry) ** 2 <= 1
        if self.kind == "polygon":
            return in_polygon(self.points, x, y)
        return b.x <= x <= b.x1 and b.y <= y <= b.y1


@dataclass(frozen=True)
class Image:
    box: Rect
    href: str
    source: str


@dataclass
class Drawing:
    lines: list[TextLine] = field(default_factory=list)
    areas: list[tuple[Rect, str]] = field(default_factory=list)  # (box, declared kind)
    area_groups: list[int] = field(default_factory=list)  # which declaring element, per area
    groups: int = 0
    images: list[Image] = field(default_factory=list)
    shapes: list[Shape] = field(default_factory=list)
    spaces: list[tuple[Rect, str]] = field(default_factory=list)  # (box, kind) of play spaces
    outlines: list[Rect] = field(default_factory=list)  # the box of every shape, filled or not


def runs_off(drawing: Drawing, line: TextLine, size: tuple[float, float]) -> bool:
    """Whether a line of text runs off the shape it is printed on (a name wider than its
    circle); shapes of one colour side by side count as one (a building of several
    squares); text on the paper or on the whole face's ground never does."""
    shape, (w, h) = line.holder, size
    if shape is None:
        return False
    if shape.box.contains(Rect(-0.5, -0.5, w + 1, h + 1)):  # the face's ground
        return False
    b = line.box.outset(-0.15)
    x0, y0, x1, y1 = b.x, b.y, b.x1, b.y1
    holds = shape.holds
    if holds(x0, y0) and holds(x1, y0) and holds(x0, y1) and holds(x1, y1):
        return False  # its own shape holds it (it is one of the shapes alike below)
    fill = shape.fill
    alike = [s for s in drawing.shapes[:line.order] if s.fill == fill]
    for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):  # a corner no shape alike holds
        if _holder(alike, x, y) is None:  # (which of them holds it does not matter)
            return True
    return False


def shown(mark: str) -> str:
    """A mark's ``FILE:LINE`` as findings print it: an absolute file as ``display_path``
    shows it (relative to the working directory, or ``<bundled>/…``)."""
    return _shown(mark, os.getcwd())


@lru_cache(maxsize=4096)
def _shown(mark: str, cwd: str) -> str:
    """``shown`` from ``cwd`` (a template's lines are marked on every face it draws)."""
    path, colon, line = mark.rpartition(":")
    return f"{display_path(path)}:{line}" if colon and os.path.isabs(path) else mark


def read(svg: str, root: ElementTree.Element | None = None) -> Drawing:
    """What ``svg`` draws; ``root``: its tree when it was parsed already (``parse``'s)."""
    root = parse(svg) if root is None else root  # no DTD, bounded depth: else ``Undecodable``
    drawing = Drawing()
    _walk(root, IDENTITY, {"font-family": "DejaVu Sans", "font-size": "16", "fill": "#000000"},
          drawing, None)
    return drawing


def _walk(node: ElementTree.Element, m: Matrix, style: dict[str, str], drawing: Drawing,
          area: tuple[str, int] | None) -> None:
    tag = node.tag.removeprefix(SVG)
    if tag in UNDRAWN:
        return
    attributes = node.attrib
    get = attributes.get
    transform = get("transform")
    if transform:  # most elements have none
        m = multiply(m, parse_transform(transform))
    if attributes and not STYLING.isdisjoint(attributes):  # else its parent's style
        style = inherited(style, node)
    if get("data-area"):
        area = (get("data-area", ""), drawing.groups)
        drawing.groups += 1
    if tag == "text":
        drawing.lines += _text_lines(node, m, style, drawing, area[1] if area else None)
        return
    if tag == "image":
        drawing.images.append(Image(placed_box(m, *(_num(node, k) for k in ("x", "y", "width",
                                                                        "height"))),
                                    get("href") or get(XLINK_HREF) or "",
                                    shown(get(SOURCE_ATTR, ""))))
        return
    first = len(drawing.outlines)
    if tag in SHAPES:  # its shape, once per tag, attributes, placement and the style its
        # fill reads (written out here: asked for most elements)
        key = (tag, m, style.get("fill"), style.get("opacity"), style.get("fill-opacity"),
               *attributes, *attributes.values())  # n names, then their n values
        shape = _SHAPES.get(key, _UNKNOWN)
        if shape is _UNKNOWN:
            shape = _keep(_SHAPES, key, _shape(tag, node, m, style))
        if shape is not None:
            drawing.outlines.append(shape.box)
            if area:
                drawing.areas.append((shape.box, area[0]))
                drawing.area_groups.append(area[1])
            elif shape.fill:
                drawing.shapes.append(shape)
    for child in node:
        _walk(child, m, style, drawing, area)
    space = get("data-space")
    if space is not None:
        box = bounds(drawing.outlines[first:])
        if box is not None:
            drawing.spaces.append((box, space))


def inherited(style: dict[str, str], node: ElementTree.Element) -> dict[str, str]:
    """``style`` with what ``node`` sets of the inherited properties: the first declaration
    of one in its ``style`` attribute, else its presentation attribute of that name."""
    attributes = node.attrib
    if not attributes or STYLING.isdisjoint(attributes):  # a bare group or tspan, a
        return style  # shape that sets only its geometry: nothing to inherit
    declared = attributes.get("style")
    if not declared:  # the usual case: presentation attributes only (``style`` is read
        found = {k: v for k, v in attributes.items() if k in INHERITS}  # by ``get`` alone)
        return {**style, **found} if found else style
    found = {}
    for part in declared.split(";"):
        key, _, value = part.partition(":")
        key = key.strip()
        if key in INHERITS and key not in found:
            found[key] = value.strip()
    for name, given in attributes.items():  # each attribute once: the node's own few
        if name in INHERITS and name not in found:
            found[name] = given
    return {**style, **found} if found else style


def _num(node: ElementTree.Element, name: str, default: float = 0.0) -> float:
    value = node.get(name)
    found = _number(value) if value else None  # most are absent: no lookup ("": None)
    return default if found is None else found


@lru_cache(maxsize=4096)
def _number(value: str) -> float | None:
    """The number an attribute or property starts with (``12.5mm``: 12.5), or None; a
    face repeats a few hundred values thousands of times."""
    found = NUMBER.match(value.strip())
    return float(found.group()) if found else None


def _fill(style: dict[str, str]) -> str:
    """The solid fill colour, or "" when unpainted, see-through or a gradient."""
    if (_num_value(style.get("opacity", "1")) < 0.5
            or _num_value(style.get("fill-opacity", "1")) < 0.5):
        return ""
    return parse_colour(style.get("fill", "#000000")) or ""


REMEMBERED = 8192  # shapes and text lines kept: more than five games' faces repeat (~1,600)
_UNKNOWN: Any = object()  # not yet worked out (None is a result)


def _keep(table: dict[tuple[object, ...], Any], key: tuple[object, ...], found: Any) -> Any:
    """``found`` kept in ``table`` under ``key`` (which holds everything it was worked out
    from: the faces of a game repeat most of their shapes and lines); a full table is let
    go first. A zero's sign is not told apart (-0.0 == 0.0): what is read never carries
    it (a placed coordinate ends in ``+ e``, never -0.0), and findings print positions
    with ``z``."""
    if len(table) >= REMEMBERED:
        table.clear()
    table[key] = found
    return found


_SHAPES: dict[tuple[object, ...], Shape | None] = {}


def _shape(tag: str, node: ElementTree.Element, m: Matrix, style: dict[str, str]) -> Shape | None:
    """The shape a ``rect``, ``circle``, ``ellipse``, ``polygon`` or ``path`` draws (its fill
    worked out only for those: a group or a line of text has none)."""
    if tag == "rect":
        return Shape(placed_box(m, _num(node, "x"), _num(node, "y"), _num(node, "width"),
                          _num(node, "height")), _fill(style), "rect")
    if tag in ("circle", "ellipse"):
        rx = _num(node, "r") if tag == "circle" else _num(node, "rx")
        ry = _num(node, "r") if tag == "circle" else _num(node, "ry")
        cx, cy = _num(node, "cx"), _num(node, "cy")
        return Shape(placed_box(m, cx - rx, cy - ry, 2 * rx, 2 * ry), _fill(style), "ellipse")
    if tag in ("polygon", "path"):
        pts = points(node.get("points", "") if tag == "polygon" else node.get("d", ""), tag)
        if len(pts) < 3:
            return None
        placed = tuple(transformed(m, x, y) for x, y in pts)
        xs, ys = [p[0] for p in placed], [p[1] for p in placed]
        box = Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        # a path's outline is only approximated by its points: good for areas, not fills
        return Shape(box, _fill(style) if tag == "polygon" else "", "polygon", placed)
    return None


def _text_lines(node: ElementTree.Element, m: Matrix, style: dict[str, str],
                drawing: Drawing, group: int | None = None) -> list[TextLine]:
    """One measured line per run of text that starts at its own x (a ``<tspan x=…>`` starts
    a new one), anchored as a whole; ``group``: the declared area it is drawn in."""
    source = shown(node.get(SOURCE_ATTR, ""))
    pen = [_num(node, "x") + _num(node, "dx"), _num(node, "y") + _num(node, "dy")]
    if not len(node):  # no tspan (most lines): one run, the pen where ``_chunks`` leaves it
        line = _measure(pen[0], pen[1] + 0.0, [(node.text or "", style)], m, source, drawing,
                        group)
        return [] if line is None else [line]
    runs: list[tuple[float, float, list[tuple[str, dict[str, str]]]]] = []
    for text, piece_style, x, y, dy in _chunks(node, style):
        if x is not None or y is not None or not runs:
            pen = [x if x is not None else pen[0], (y if y is not None else pen[1]) + dy]
            runs.append((pen[0], pen[1], []))
        elif dy:
            pen[1] += dy
        runs[-1][2].append((text, piece_style))
    out = []
    for x, y, parts in runs:
        line = _measure(x, y, parts, m, source, drawing, group)
        if line is not None:
            out.append(line)
    return out


def _chunks(node: ElementTree.Element, style: dict[str, str]
            ) -> Iterator[tuple[str, dict[str, str], float | None, float | None, float]]:
    """(text, style, absolute x or None, absolute y or None, dy) in drawing order."""
    yield (node.text or "", style, None, None, 0.0)
    for child in node:
        inner = inherited(style, child)
        x = _num(child, "x") if child.get("x") is not None else None
        y = _num(child, "y") if child.get("y") is not None else None
        yield (child.text or "", inner, x, y, _num(child, "dy"))
        yield (child.tail or "", style, None, None, 0.0)


def _measure(x: float, y: float, parts: list[tuple[str, dict[str, str]]], m: Matrix,
             source: str, drawing: Drawing, group: int | None) -> TextLine | None:
    measured = _measured(x, y, parts, m)
    if measured is None:
        return None
    text, box, size, font, fill = measured
    holder = _holder(drawing.shapes, box.x + box.w / 2, box.y + box.h / 2)
    return TextLine(text, box, size, font, fill, source,
                    holder.fill if holder else "#ffffff", order=len(drawing.shapes),
                    group=group, holder=holder)


Measured = tuple[str, Rect, float, Font, str | None]  # text, box, size, font, fill
_MEASURED: dict[tuple[object, ...], Measured | None] = {}


def _measured(x: float, y: float, parts: list[tuple[str, dict[str, str]]], m: Matrix
              ) -> Measured | None:
    """A line's text, ink box, printed size, font and fill (None: no text), once per line
    as drawn: its place and what it reads of each part's style."""
    first = parts[0][1]
    key = (x, y, m, first.get("text-anchor"), first.get("fill"),
           *[(t, s.get("font-family"), s.get("font-weight"), s.get("font-style"),
              s.get("font-size"), s.get("letter-spacing")) for t, s in parts]
           ) if len(parts) > 1 else (  # the same key, written out for a line of one part
        x, y, m, first.get("text-anchor"), first.get("fill"),
        (parts[0][0], first.get("font-family"), first.get("font-weight"),
         first.get("font-style"), first.get("font-size"), first.get("letter-spacing")))
    found = _MEASURED.get(key, _UNKNOWN)
    return _keep(_MEASURED, key, _measure_line(x, y, parts, m)) if found is _UNKNOWN else found


def _measure_line(x: float, y: float, parts: list[tuple[str, dict[str, str]]], m: Matrix
                  ) -> Measured | None:
    parts = [(" ".join(t.split()) if t.strip() else (" " if t else ""), s) for t, s in parts]
    text = "".join(t for t, _ in parts).strip()
    if not text:
        return None
    total, up, down, size = 0.0, 0.0, 0.0, 0.0
    for i, (piece, s) in enumerate(parts):
        piece = piece.lstrip() if i == 0 else piece
        font, fsize = _font(s), _num_value(s.get("font-size", "16"))
        total += width(piece, font, fsize, _num_value(s.get("letter-spacing", "0")))
        a, d = extent(piece, font, fsize)
        up, down, size = max(up, a), max(down, d), max(size, fsize)
    anchor = parts[0][1].get("text-anchor", "start")
    left = x - {"middle": total / 2, "end": total}.get(anchor, 0.0)
    box = placed_box(m, left, y - up, total, up + down)
    scale = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
    first = parts[0][1]
    return text, box, size * scale, _font(first), parse_colour(first.get("fill", "#000000"))


def _holder(shapes: list[Shape], x: float, y: float) -> Shape | None:
    """The last shape painted that holds the point: most are not near it, and are passed
    over on their box alone (``Shape.holds`` asks the box first too)."""
    for shape in reversed(shapes):
        b = shape.box
        if b.x - EPS <= x <= b.x + b.w + EPS and b.y - EPS <= y <= b.y + b.h + EPS and (
                shape.holds(x, y)):
            return shape
    return None


def _font(style: dict[str, str]) -> Font:
    return _font_of(style.get("font-family", "DejaVu Sans"),
                    style.get("font-weight", "normal"), style.get("font-style", "normal"))


@lru_cache(maxsize=256)
def _font_of(family: str, weight: str, slant: str) -> Font:
    """The font a text's family, weight and style name (a face names few: asked once)."""
    bold = weight in ("bold", "bolder") or (weight.isdigit() and int(weight) >= 600)
    return Font(family, bold, slant in ("italic", "oblique"))


def _num_value(value: str) -> float:
    found = _number(value)
    return 0.0 if found is None else found
