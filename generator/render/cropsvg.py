"""A face's SVG without what a tile of it does not show.

A tile of a board is drawn clipped, but a clip only hides: every space, word and path
outside it would still be in the PDF (bytes spent, and a text extractor reads words the
page does not show). ``cropped`` drops every element whose extent (after transforms,
grown by ``MARGIN`` for strokes and curves) lies wholly outside what is ``shown``; what
it cannot measure (``<use>``, definitions, unknown elements) it keeps.
"""

from __future__ import annotations

from collections.abc import Callable
from xml.etree import ElementTree

from generator.render.decoding import parse
from generator.render.document import bounds
from generator.render.drawn import (
    SVG,
    Drawing,
    Matrix,
    _box,
    _multiply,
    _num,
    _shape,
    _text_lines,
    inherited,
    parse_transform,
)
from generator.render.geometry import Rect

XLINK = "http://www.w3.org/1999/xlink"
MARGIN = 2.0  # mm: a stroke's half-width, an arc's bulge past its end points
GROUPS = ("g", "a", "switch", "svg")
KEPT = ("defs", "symbol", "clipPath", "mask", "linearGradient", "radialGradient", "pattern",
        "style", "title", "desc", "metadata", "use")


def cropped(svg: str, shown: Callable[[Rect], bool]) -> str:
    """``svg`` without the elements whose extent ``shown`` says is not shown."""
    root = parse(svg)
    style = {"font-family": "DejaVu Sans", "font-size": "16"}
    for child in list(root):
        _prune(root, child, parse_transform(root.get("transform", "")), style, shown)
    # unprefixed, as drawn: the ink and the lint read tags by their plain names
    ElementTree.register_namespace("", SVG.strip("{}"))
    ElementTree.register_namespace("xlink", XLINK)
    return ElementTree.tostring(root, encoding="unicode")


def _prune(parent: ElementTree.Element, node: ElementTree.Element, m: Matrix,
           style: dict[str, str], shown: Callable[[Rect], bool]) -> Rect | None:
    """Drop ``node`` from ``parent`` if it is not shown, else prune inside it; its extent
    (None when it cannot be measured)."""
    box = _extent(node, m, style, shown)
    if box is not None and not shown(box.outset(MARGIN)):
        parent.remove(node)
    return box


def _extent(node: ElementTree.Element, m: Matrix, style: dict[str, str],
            shown: Callable[[Rect], bool]) -> Rect | None:
    tag = node.tag.removeprefix(SVG)
    if tag in KEPT:
        return None
    m = _multiply(m, parse_transform(node.get("transform", "")))
    style = inherited(style, node)
    if tag in GROUPS:
        boxes = [_prune(node, child, m, style, shown) for child in list(node)]
        known = [b for b in boxes if b is not None]
        return bounds(known) if len(known) == len(boxes) else None
    if tag == "text":
        return bounds([line.box for line in _text_lines(node, m, style, Drawing())])
    if tag == "image":
        return _box(m, *(_num(node, k) for k in ("x", "y", "width", "height")))
    if tag in ("line", "polyline"):
        return _line(node, tag, m)
    shape = _shape(tag, node, m, style)
    if shape is None:
        return None
    b = shape.box  # a path's box holds its points only: a curve may bulge past them
    return b.outset(max(b.w, b.h) / 2) if tag == "path" else b


def _line(node: ElementTree.Element, tag: str, m: Matrix) -> Rect | None:
    if tag == "line":
        points = [(_num(node, "x1"), _num(node, "y1")), (_num(node, "x2"), _num(node, "y2"))]
    else:
        nums = [float(v) for v in node.get("points", "").replace(",", " ").split()]
        points = list(zip(nums[::2], nums[1::2], strict=False))
    return bounds([_box(m, x, y, 0, 0) for x, y in points]) if points else None

