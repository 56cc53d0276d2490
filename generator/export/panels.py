"""Where a shop's tuck box template puts its panels, read from the published template.

The Game Crafter's tuck box templates (SVG, as shipped with Templative, a public TGC
upload tool) draw their folds in green and their cuts in red on a sheet of 72 units an
inch; their columns (left side, front, right side, back, glue flap) and rows (the lid's
tuck fold, the body's top and bottom) are copied here from those lines. A layout is
used only when its template agrees with itself (``PanelLayout.agrees``): the front as
wide as the back, both sides and the lid as deep as each other, within ``AGREE_UNITS``
(when read, each lid's fold was also checked centred on its front within as much, and
the left side's fold on its cut). PokerTuckBox36, 54 and 72 are
read from Templative's Python templates; in those, PokerTuckBox90's and 108's fold lines
sit 9.5 and 10.4 units off their own front, and the bridge, square, jumbo and tarot
templates are blank. Templative's later desktop app ships them redrawn (the 90 and 108
boxes' folds back on their front, the others with TGC's lines): those nine are read
from it.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.render.geometry import Rect

MM_PER_UNIT = 25.4 / 72
AGREE_UNITS = 0.72  # designed: 3 px at 300 dpi (0.25 mm), the templates' drawing slack
TEMPLATES = ("https://github.com/templative/templative/blob/"
             "0ec9f179c26b059e33b118ce22267a3749175a8d/templative/lib/create/"
             "componentTemplates/")
ELECTRON = ("https://github.com/templative/templative-electron/blob/"
            "5978dbad676829452ae1fe1b7b06eaa3ee77033c/src/main/templative/lib/"
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

    def disagreement(self) -> float:
        """How far the panels disagree (units): the front's width with the back's, and the
        depths of the two sides and the lid with each other."""
        a, b, c, e, g = self.columns
        lid, top, _ = self.rows
        depths = (b - a, e - c, top - lid)
        return max(abs((c - b) - (g - e)), max(depths) - min(depths))

    def agrees(self) -> bool:
        return self.disagreement() <= AGREE_UNITS

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
    # templative-electron: the same sheets at 300 px an inch, read as px * 72 / 300
    "PokerTuckBox90": PanelLayout((8.801, 106.001, 288.007, 385.200, 567.199),
                                  (45.799, 142.982, 396.982), (666.0, 504.0),
                                  ELECTRON + "PokerTuckBox90.svg"),
    "PokerTuckBox108": PanelLayout((18.000, 133.346, 315.346, 430.399, 612.370),
                                   (45.799, 161.268, 415.267), (738.0, 540.0),
                                   ELECTRON + "PokerTuckBox108.svg"),
    "BridgeTuckBox54": PanelLayout((13.118, 71.438, 235.440, 293.760, 457.759),
                                   (49.181, 107.498, 361.500), (522.0, 432.0),
                                   ELECTRON + "BridgeTuckBox54.svg"),
    "BridgeTuckBox108": PanelLayout((15.641, 132.281, 296.280, 412.920, 576.919),
                                    (44.813, 161.453, 415.452), (702.0, 540.0),
                                    ELECTRON + "BridgeTuckBox108.svg"),
    "SquareTuckBox48": PanelLayout((13.838, 65.681, 319.680, 371.520, 625.519),
                                   (46.320, 98.160, 370.159), (684.0, 432.0),
                                   ELECTRON + "SquareTuckBox48.svg"),
    "SquareTuckBox96": PanelLayout((17.081, 120.761, 374.760, 478.440, 732.439),
                                   (48.427, 152.107, 424.106), (846.0, 540.0),
                                   ELECTRON + "SquareTuckBox96.svg"),
    "TarotTuckBox40": PanelLayout((17.801, 61.001, 261.000, 304.200, 504.202),
                                  (46.301, 89.501, 433.500), (558.0, 486.0),
                                  ELECTRON + "TarotTuckBox40.svg"),
    "TarotTuckBox90": PanelLayout((17.801, 115.001, 315.007, 412.198, 612.199),
                                  (45.799, 142.999, 487.001), (720.0, 594.0),
                                  ELECTRON + "TarotTuckBox90.svg"),
    "JumboTuckBox90": PanelLayout((17.798, 114.998, 369.000, 466.200, 720.199),
                                  (46.378, 143.578, 541.577), (828.0, 648.0),
                                  ELECTRON + "JumboTuckBox90.svg"),
}
