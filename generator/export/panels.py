"""Where a shop's tuck box template puts its panels, read from the published template.

The Game Crafter's poker tuck box templates (SVG, as shipped with Templative, a public
TGC upload tool) draw their folds in green on a sheet of 72 units an inch; their
columns (left side, front, right side, back) and rows (the lid's tuck fold, the body's
top and bottom) are copied here from those lines. Only templates whose fold lines agree
with their own front rectangle are used: PokerTuckBox90's and 108's lid folds sit 9.5
units (108's: 10.4) off their own front, so which is right cannot be told, and those
boxes are not drawn. The bridge, square and jumbo box templates Templative ships are
blank (no lines at all), and it has none for the tarot boxes.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.render.geometry import Rect

MM_PER_UNIT = 25.4 / 72
TEMPLATES = ("https://github.com/templative/templative/blob/"
             "0ec9f179c26b059e33b118ce22267a3749175a8d/templative/lib/create/"
             "componentTemplates/")


@dataclass(frozen=True)
class PanelLayout:
    """A template's panels, in its units: ``columns`` the x of the left side, the front,
    the right side, the back and the back's right edge; ``rows`` the y of the lid's tuck
    fold and of the body's top and bottom; ``sheet`` the whole sheet with its bleed."""

    columns: tuple[float, float, float, float, float]
    rows: tuple[float, float, float]
    sheet: tuple[float, float]
    source: str

    @property
    def sheet_mm(self) -> tuple[float, float]:
        return (self.sheet[0] * MM_PER_UNIT, self.sheet[1] * MM_PER_UNIT)

    def panels(self) -> dict[str, Rect]:
        """The faces that carry words, in mm on the sheet."""
        a, b, c, e, g = (v * MM_PER_UNIT for v in self.columns)
        lid, top, bottom = (v * MM_PER_UNIT for v in self.rows)
        return {"front": Rect(b, top, c - b, bottom - top), "back": Rect(e, top, g - e, bottom - top),
                "left": Rect(a, top, b - a, bottom - top), "right": Rect(c, top, e - c, bottom - top),
                "lid": Rect(b, lid, c - b, top - lid)}


TGC_TUCK_LAYOUTS: dict[str, PanelLayout] = {
    # PokerTuckBox36.svg: 2100 x 1800 px drawn at scale(4.1666667), i.e. 504 x 432 units
    "PokerTuckBox36": PanelLayout((9.004, 48.532, 230.531, 270.204, 452.204),
                                  (44.664, 84.146, 338.146), (504.0, 432.0),
                                  TEMPLATES + "PokerTuckBox36.svg"),
    "PokerTuckBox54": PanelLayout((8.748, 67.089, 249.089, 307.388, 489.388),
                                  (44.75, 103.05, 357.049), (558.0, 468.0),
                                  TEMPLATES + "PokerTuckBox54.svg"),
    "PokerTuckBox72": PanelLayout((8.997, 86.689, 268.689, 346.517, 528.516),
                                  (45.004, 122.676, 376.678), (612.0, 468.0),
                                  TEMPLATES + "PokerTuckBox72.svg"),
}
