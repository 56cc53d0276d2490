"""A face's SVG without what a tile of it does not show.

A tile of a board is drawn clipped, but a clip only hides: every space, word and path
outside it would still be in the PDF (bytes spent, and a text extractor reads words the
page does not show). ``cropped`` drops every element whose extent (after transforms,
grown by ``MARGIN`` for strokes and curves) lies wholly outside what is ``shown``; what
it cannot measure (``<use>``, definitions, unknown elements) it keeps.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from functools import lru_cache
from xml.etree import ElementTree

from generator.render.decoding import parse
from generator.render.document import bounds
from generator.render.drawn import SVG, Drawing, _num, _shape, _text_lines, inherited
from generator.render.geometry import Rect
from generator.render.svgplace import Matrix, multiply, parse_transform, placed_box

XLINK = "http://www.w3.org/1999/xlink"
MARGIN = 2.0  # mm: a stroke's half-width, an arc's bulge past its end points
GROUPS = ("g", "a", "switch", "svg")
KEPT = ("defs", "symbol", "clipPath", "mask", "linearGradient", "radialGradient", "pattern",
        "style", "title", "desc", "metadata", "use")


def cropped(svg: str, shown: Callable[[Rect], bool]) -> str:
    """``svg`` without the elements whose extent ``shown`` says is not shown."""
    measured, extents = _measured(svg)
    root = copy.deepcopy(measured)  # the measured tree serves every tile of the board
    _cut(root, extents, shown)
    # unprefixed, as drawn: the ink and the lint read tags by their plain names
    ElementTree.register_namespace("", SVG.strip("{}"))
    ElementTree.register_namespace("xlink", XLINK)
    return ElementTree.tostring(root, encoding="unicode")


Extent = tuple[Rect | None, tuple["Extent", ...]]  # an element's extent, its children's


@lru_cache(maxsize=4)
def _measured(svg: str) -> tuple[ElementTree.Element, tuple[Extent, ...]]:
    """``svg`` parsed, and the extent of every element below its root: measured once per
    drawing, however many tiles cut it (an extent does not depend on what is shown)."""
    root = parse(svg)
    style = {"font-family": "DejaVu Sans", "font-size": "16"}
    m = parse_transform(root.get("transform", ""))
    return root, tuple(_extent(child, m, style) for child in root)


def _cut(parent: ElementTree.Element, extents: tuple[Extent, ...],
         shown: Callable[[Rect], bool]) -> None:
    """Drop each child of ``parent`` whose extent is not shown, else cut inside it."""
    for child, (box, inner) in zip(list(parent), extents, strict=True):
        if box is not None and not shown(box.outset(MARGIN)):
            parent.remove(child)
        elif inner:
            _cut(child, inner, shown)


def _extent(node: ElementTree.Element, m: Matrix, style: dict[str, str]) -> Extent:
    """``node``'s extent (None when it cannot be measured), with its children's when it
    groups them."""
    tag = node.tag.removeprefix(SVG)
    if tag in KEPT:
        return None, ()
    m = multiply(m, parse_transform(node.get("transform", "")))
    style = inherited(style, node)
    if tag in GROUPS:
        inner = tuple(_extent(child, m, style) for child in node)
        known = [box for box, _ in inner if box is not None]
        return (bounds(known) if len(known) == len(inner) else None), inner
    return _leaf(node, tag, m, style), ()


def _leaf(node: ElementTree.Element, tag: str, m: Matrix, style: dict[str, str]) -> Rect | None:
    if tag == "text":
        return bounds([line.box for line in _text_lines(node, m, style, Drawing())])
    if tag == "image":
        return placed_box(m, *(_num(node, k) for k in ("x", "y", "width", "height")))
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
    return bounds([placed_box(m, x, y, 0, 0) for x, y in points]) if points else None

