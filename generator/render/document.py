"""What a PDF will hold, as plain data: pages of placed art, guide lines and page boxes.

The planners (``sheets``, ``large``, ``furniture``) fill it; ``pdfwriter`` turns it into
bytes. Coordinates are page millimetres, origin top-left, y down.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator.render.geometry import Rect
from generator.render.ink import ink_svg

Point = tuple[float, float]

CUT, FOLD, MARK, GUIDE = "cut", "fold", "mark", "guide"
# stroke width (mm) and dash pattern (mm) of each kind of line the generator draws
LINE_STYLES: dict[str, tuple[float, tuple[float, ...]]] = {
    MARK: (0.15, ()),  # crop marks: hairline, 0.3 pt is too faint on inkjets
    CUT: (0.25, ()),
    FOLD: (0.25, (1.5, 1.0)),
    GUIDE: (0.2, (2.0, 1.5)),  # tile seams
}


@dataclass(frozen=True)
class Placement:
    """One rendered SVG (``art``, an index into ``Document.arts``) whose full extent lands on
    ``box``, turned ``turn`` degrees clockwise (0, 90, 180, 270), inked only inside ``clip``
    and inside every polygon of ``outlines`` (a board tile cut along stepped seams)."""

    art: int
    box: Rect
    clip: Rect | None = None
    turn: int = 0
    outlines: tuple[tuple[Point, ...], ...] = ()


@dataclass(frozen=True)
class Line:
    style: str
    points: tuple[Point, ...]
    closed: bool = False


@dataclass(frozen=True)
class Circle:
    style: str
    centre: Point
    radius: float


@dataclass
class Page:
    role: str  # contents, front, back, blank, tile, overview, registration
    placements: list[Placement] = field(default_factory=list)
    lines: list[Line | Circle] = field(default_factory=list)
    overlay: int | None = None  # a full-page SVG drawn last (labels, texts)
    trim: Rect | None = None
    bleed: Rect | None = None
    items: list[dict[str, Any]] = field(default_factory=list)  # manifest items, no page yet
    # a label for the sheet, drawn in free margin when there is room: a text of the data, or
    # a key of the generator's own words (``pagewords``) with its fields
    footer: str | tuple[str, dict[str, Any]] = ""
    footer_y: float | None = None
    overview: dict[str, Any] | None = None  # the overlay's context on an assembly overview


@dataclass
class Document:
    arts: list[str] = field(default_factory=list)  # unique SVG texts
    origins: list[str] = field(default_factory=list)  # who drew each, for error messages
    places: list[str] = field(default_factory=list)  # "TEMPLATE:1:1" of each, or ""
    pages: list[Page] = field(default_factory=list)
    _index: dict[str, int] = field(default_factory=dict)
    ink: str = "full"  # full, saver or bw: every art is printed so (``render.ink``)
    sides: str = "long"  # how the file prints: long, short or none (single-sided)

    def art(self, svg: str, origin: str = "a generator page", place: str = "",
            shape: str = "rect") -> int:
        """The index of an SVG, rendered once however often it is placed; ``origin`` and
        ``place`` (the template that drew it) say who to blame if cairo cannot draw it;
        ``shape``: the piece's (a round or six-sided face's ink follows its outline)."""
        svg = ink_svg(svg, self.ink, shape)
        found = self._index.get(svg)
        if found is None:
            found = self._index[svg] = len(self.arts)
            self.arts.append(svg)
            self.origins.append(origin)
            self.places.append(place)
        return found


def bounds(rects: list[Rect]) -> Rect | None:
    if not rects:
        return None
    x0, y0 = min(r.x for r in rects), min(r.y for r in rects)
    x1, y1 = max(r.x1 for r in rects), max(r.y1 for r in rects)
    return Rect(x0, y0, x1 - x0, y1 - y0)
