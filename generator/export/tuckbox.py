"""A tuck box for a deck of cards, designed from the card's size and the deck's thickness.

The flat sheet, left to right: a side, the front, a side, the back and the glue flap;
above the front the lid and its tuck flap, below it the bottom and its tuck flap; a dust
flap above and below each side; a thumb notch in the back's top edge (the layout of The
Game Crafter's poker tuck box templates). Every number here is designed data, not a
shop's: a card is taken as ``CARD_MM`` thick and the box leaves ``EASE_MM`` of room. Given
a shop's ``PanelLayout``, the same words are written on that template's panels instead
(the shop cuts and folds with its own die).
Coordinates are millimetres from the sheet's top-left corner, y down.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape

from generator.export.panels import PanelLayout
from generator.lint.faces import Face
from generator.lint.rules import (
    WARNING_PT,
    glyph_missing,
    text_contrast,
    text_overlap,
    text_size,
)
from generator.render.drawn import read
from generator.render.geometry import PT_PER_MM, Rect
from generator.render.textfit import Fitted, TextFitError, fit

Point = tuple[float, float]
Word = tuple[str, str, float, float, float, int]  # panel, text, x, y (middle), size, turn

CARD_MM = 0.32  # designed: one card of 300-330 gsm stock with its finish
EASE_MM = 1.0  # designed: room round the cards, each way
GLUE_MM = 10.0  # designed: the glue flap's width
TUCK_MM = (12.0, 22.0)  # designed: a tuck flap's height, at least and at most
NOTCH_MM = 9.0  # designed: the thumb notch's radius (at most a quarter of the back's width)
SAFE_MM = 2.0  # words keep this far inside their panel's folds and cuts
FONT = "DejaVu Sans Condensed"
MIN_MM = WARNING_PT / PT_PER_MM  # the print lint's smallest text without a warning (7 pt)
DESIGNED_NOTE = "Designed tuck box, not a shop's template: {cards} cards of {w:g} x {h:g} mm"


@dataclass(frozen=True)
class TuckBox:
    game: str  # the game's name, on the front, back and sides
    deck: str  # the deck's name, on the front and the lid
    piece: str  # the deck's piece id
    card: tuple[float, float]  # the card's trim, upright (mm)
    cards: int  # how many the box holds
    layout: PanelLayout | None = None  # a shop's panels to write on, instead of designed ones

    @property
    def w(self) -> float:
        """The front's width: the card's and its room."""
        return min(self.card) + EASE_MM

    @property
    def h(self) -> float:
        return max(self.card) + EASE_MM

    @property
    def d(self) -> float:
        """The depth: the deck's thickness and its room."""
        return round(self.cards * CARD_MM + EASE_MM, 2)

    @property
    def tuck(self) -> float:
        return min(max(self.d, TUCK_MM[0]), TUCK_MM[1])

    @property
    def dust(self) -> float:
        """A dust flap's height: the depth, at least 8 mm, at most half the width."""
        return min(max(self.d, 8.0), self.w / 2)

    @property
    def size(self) -> tuple[float, float]:
        """The flat sheet's width and height."""
        if self.layout is not None:
            return self.layout.sheet_mm
        return (2 * self.d + 2 * self.w + GLUE_MM, 2 * self.tuck + 2 * self.d + self.h)

    def columns(self) -> tuple[float, float, float, float, float, float]:
        """x of the left side's edge, the front's, the right side's, the back's, the glue
        flap's and the sheet's right edge."""
        d, w = self.d, self.w
        return (0.0, d, d + w, 2 * d + w, 2 * d + 2 * w, 2 * d + 2 * w + GLUE_MM)

    def rows(self) -> tuple[float, float, float, float, float, float]:
        """y of the top tuck flap's edge, the lid's, the body's top and bottom, the bottom
        flap's fold and the sheet's bottom edge."""
        t, d, h = self.tuck, self.d, self.h
        return (0.0, t, t + d, t + d + h, t + 2 * d + h, 2 * t + 2 * d + h)

    def panels(self) -> dict[str, Rect]:
        """The faces that carry words, where they lie on the sheet."""
        if self.layout is not None:
            return self.layout.panels()
        a, b, c, e, g, _ = self.columns()
        _, y1, y2, y3, _, _ = self.rows()
        return {"front": Rect(b, y2, self.w, self.h), "back": Rect(e, y2, self.w, self.h),
                "left": Rect(a, y2, self.d, self.h), "right": Rect(c, y2, self.d, self.h),
                "lid": Rect(b, y1, self.w, self.d)}

    def cuts(self) -> list[tuple[Point, ...]]:
        """Every cut, as polylines: the tuck flaps with the lid and bottom, the dust flaps,
        the sides' outer edge, the back's edges with the notch, and the glue flap."""
        a, b, c, e, g, f = self.columns()
        y0, y1, y2, y3, y4, y5 = self.rows()
        k = min(self.tuck / 2, 5.0)  # the tuck flaps' cut corners
        lines: list[tuple[Point, ...]] = [
            ((b, y2), (b, y0 + k), (b + k, y0), (c - k, y0), (c, y0 + k), (c, y2)),
            ((b, y3), (b, y5 - k), (b + k, y5), (c - k, y5), (c, y5 - k), (c, y3)),
            ((a, y2), (a, y3)),
            ((e, y3), (g, y3)),
            ((g, y2), (f, y2 + 3.0), (f, y3 - 3.0), (g, y3)),
            self._notched_top(e, g, y2),
        ]
        for left, right in ((a, b), (c, e)):
            inset = min(3.0, (right - left) / 3)
            lines.append(((left, y2), (left + inset, y2 - self.dust),
                          (right - inset, y2 - self.dust), (right, y2)))
            lines.append(((left, y3), (left + inset, y3 + self.dust),
                          (right - inset, y3 + self.dust), (right, y3)))
        return lines

    def _notched_top(self, left: float, right: float, y: float) -> tuple[Point, ...]:
        r = min(NOTCH_MM, self.w / 4)
        mid = (left + right) / 2
        arc = [(mid - r * math.cos(math.pi * i / 16), y + r * math.sin(math.pi * i / 16))
               for i in range(17)]
        return ((left, y), *((round(x, 3), round(v, 3)) for x, v in arc), (right, y))

    def folds(self) -> list[tuple[Point, ...]]:
        """Every fold: between the columns, under the lid and the bottom, at each flap."""
        a, b, c, e, g, _ = self.columns()
        _, y1, y2, y3, y4, _ = self.rows()
        lines: list[tuple[Point, ...]] = [((x, y2), (x, y3)) for x in (b, c, e, g)]
        return lines + [
            ((b, y1), (c, y1)), ((b, y2), (c, y2)), ((b, y3), (c, y3)), ((b, y4), (c, y4)),
            ((a, y2), (b, y2)), ((a, y3), (b, y3)), ((c, y2), (e, y2)), ((c, y3), (e, y3))]

    def words(self) -> list[Word]:
        """What is written where, one line each: (panel, text, x, y, font size, turn) in
        sheet mm, y the line's middle; every line sized and wrapped (``textfit.fit``) to
        fit its panel's safe area at no less than the lint's 7 pt, or left off."""
        p = self.panels()
        front, back, lid = p["front"], p["back"], p["lid"]
        found = _stack("front", front, front.y + front.h * 0.22, [
            (self.game, 9.0, 2), (self.deck, 5.5, 2), (f"{self.cards} cards", 4.0, 1)])
        found += _stack("back", back, back.y + back.h * 0.18, [(self.game, 7.0, 2)])
        if self.layout is None:
            note = DESIGNED_NOTE.format(cards=self.cards, w=min(self.card), h=max(self.card))
            lines = _fitted(note, back.w, 2.6, 4)
            if lines is not None:
                top = back.y1 - SAFE_MM - 1.0 - len(lines.lines) * lines.leading
                found += _stack("back", back, top, [(note, 2.6, 4)])
        found += _stack("lid", lid, lid.y + max(0.0, lid.h / 2 - 3.0), [(self.deck, min(
            5.0, lid.h - 2 * SAFE_MM), 1)])
        for side, turn in (("left", 270), ("right", 90)):
            rect = p[side]
            one = _fitted(self.game, rect.h, min(6.0, rect.w - 2 * SAFE_MM), 1)
            if one is not None:
                found.append((side, one.lines[0], rect.x + rect.w / 2, rect.y + rect.h / 2,
                              one.size, turn))
        return found

    def svg(self) -> str:
        """The printed side of the flat sheet: its words, black on white (little ink)."""
        w, h = self.size
        texts = []
        for _, text, x, y, size, turn in self.words():
            turned = f' transform="rotate({turn} {x:.3f} {y:.3f})"' if turn else ""
            texts.append(f'<text x="{x:.3f}" y="{y + size * 0.35:.3f}" font-size="{size:.2f}"'
                         f'{turned}>{escape(text)}</text>')
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.3f}mm" height="{h:.3f}mm" '
                f'viewBox="0 0 {w:.3f} {h:.3f}"><g font-family="{FONT}" font-weight="bold" '
                f'text-anchor="middle" fill="#000">{"".join(texts)}</g></svg>')


def problems(box: TuckBox) -> list[str]:
    """What the print lint would say of the box's words, and any word that runs out of its
    panel's safe area, measured as cairo draws them (none, for a sound box)."""
    drawing = read(box.svg())
    panels = box.panels()
    found = [f"{panel}: '{line.text}' runs out of its panel"
             for (panel, *_), line in zip(box.words(), drawing.lines, strict=True)
             if not panels[panel].outset(-SAFE_MM).contains(line.box)]
    face = Face(box.piece, "tuck box", "outside", box.size, drawing)
    for rule in (text_size, glyph_missing, text_overlap, text_contrast):
        found += [f"{finding.rule}: {finding.message}" for finding in rule(face)]
    return found


def _fitted(text: str, width: float, largest: float, lines: int) -> Fitted | None:
    """``text`` fitted to ``width`` less the safe margins, or None below 7 pt."""
    if largest < MIN_MM:
        return None
    try:
        return fit(text, width - 2 * SAFE_MM, largest, MIN_MM, lines=lines, family=FONT,
                   bold=True)
    except TextFitError:
        return None


def _stack(panel: str, rect: Rect, top: float,
           blocks: list[tuple[str, float, int]]) -> list[Word]:
    """Blocks of words one under another from ``top``, each line centred across ``rect``,
    2 mm between blocks; a block that cannot fit is left off."""
    found: list[Word] = []
    for text, largest, lines in blocks:
        fitted = _fitted(text, rect.w, largest, lines)
        if fitted is None:
            continue
        for line in fitted.lines:
            found.append((panel, line, rect.x + rect.w / 2, top + fitted.leading / 2,
                          fitted.size, 0))
            top += fitted.leading
        top += 2.0
    return found
