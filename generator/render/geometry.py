"""Millimetre rectangles and paper sizes. Layout works in mm with the origin at the page's
top-left corner, y down (like SVG); only the PDF writer converts to points, y up."""

from __future__ import annotations

from dataclasses import dataclass, replace

PT_PER_MM = 72 / 25.4
EPS = 1e-6


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def x1(self) -> float:
        return self.x + self.w

    @property
    def y1(self) -> float:
        return self.y + self.h

    def grow(self, left: float, top: float, right: float, bottom: float) -> Rect:
        return Rect(self.x - left, self.y - top, self.w + left + right, self.h + top + bottom)

    def outset(self, d: float) -> Rect:
        return self.grow(d, d, d, d)

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

    def overlaps(self, other: Rect) -> bool:
        """Interiors intersect (touching edges do not count)."""
        return (self.x < other.x1 - EPS and other.x < self.x1 - EPS
                and self.y < other.y1 - EPS and other.y < self.y1 - EPS)

    def contains(self, other: Rect) -> bool:
        return (self.x <= other.x + EPS and self.y <= other.y + EPS
                and other.x1 <= self.x1 + EPS and other.y1 <= self.y1 + EPS)

    def intersection(self, other: Rect) -> Rect | None:
        x0, y0 = max(self.x, other.x), max(self.y, other.y)
        x1, y1 = min(self.x1, other.x1), min(self.y1, other.y1)
        return Rect(x0, y0, x1 - x0, y1 - y0) if x1 > x0 + EPS and y1 > y0 + EPS else None

    def to_pt(self, page_h_mm: float) -> list[float]:
        """[x0, y0, x1, y1] in PDF points, origin bottom-left."""
        return [round(v * PT_PER_MM, 3) for v in (self.x, page_h_mm - self.y1, self.x1,
                                                  page_h_mm - self.y)]


@dataclass(frozen=True)
class Paper:
    name: str
    w: float
    h: float
    margin: float = 5.0  # what a home printer cannot reach (build --printer-margin)
    band: float = 0.0  # of the margin, a cutting machine's registration band: no piece in it

    @property
    def printable(self) -> Rect:
        return Rect(self.margin, self.margin, self.w - 2 * self.margin, self.h - 2 * self.margin)

    def size_pt(self) -> list[float]:
        return [round(self.w * PT_PER_MM, 2), round(self.h * PT_PER_MM, 2)]


PAPERS = {"a4": Paper("a4", 210.0, 297.0), "letter": Paper("letter", 215.9, 279.4),
          "a3": Paper("a3", 297.0, 420.0), "tabloid": Paper("tabloid", 279.4, 431.8)}
DEFAULT_MARGIN = 5.0


def paper_for(name: str, margin: float = DEFAULT_MARGIN) -> Paper:
    """A paper by name, planned for a printer that cannot reach ``margin`` mm."""
    return replace(PAPERS[name], margin=margin)


def mirror(rect: Rect, paper: Paper, flip: str) -> Rect:
    """Where a rectangle of the front lands on the back page after the sheet is turned over:
    long edge (book) x → W−x, short edge (calendar) y → H−y."""
    if flip == "short":
        return Rect(rect.x, paper.h - rect.y1, rect.w, rect.h)
    return Rect(paper.w - rect.x1, rect.y, rect.w, rect.h)
