"""Tabletop Simulator deck sheets: how many cards a sheet holds and at what pixel size.

From the TTS knowledge base (custom deck, asset creation): a deck sheet is a grid of at
most 10 x 7 cards, kept within 4096 x 4096 px, and its last slot is the "hidden" card
shown for cards in another player's hand. So a sheet holds at most 69 faces. Cards are
drawn at ``dpi`` when the sheet allows, smaller when it does not, never below
``MIN_DPI`` (a piece that cannot be drawn that sharply on any sheet is too large).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.export.base import ExportError

MAX_COLS, MAX_ROWS, MAX_PX = 10, 7, 4096
MIN_DPI = 100


@dataclass(frozen=True)
class Grid:
    cols: int
    rows: int
    faces: int  # faces on this sheet (the hidden card takes the last slot)
    card_px: tuple[int, int]

    @property
    def hidden_slot(self) -> int:
        return self.cols * self.rows - 1

    @property
    def sheet_px(self) -> tuple[int, int]:
        return (self.cols * self.card_px[0], self.rows * self.card_px[1])

    def slot_box(self, slot: int) -> tuple[int, int, int, int]:
        row, col = divmod(slot, self.cols)
        w, h = self.card_px
        return (col * w, row * h, (col + 1) * w, (row + 1) * h)


def card_px(size_mm: tuple[float, float], cols: int, rows: int, dpi: int) -> tuple[int, int]:
    """The largest card (at most ``dpi``) such that ``cols`` x ``rows`` fit 4096 px."""
    w_mm, h_mm = size_mm
    w = min(round(w_mm / 25.4 * dpi), MAX_PX // cols,
            math.floor((MAX_PX // rows) * w_mm / h_mm))
    h = min(round(w * h_mm / w_mm), MAX_PX // rows)
    return (max(1, w), max(1, h))


def plan(count: int, size_mm: tuple[float, float], dpi: int, piece: str) -> list[Grid]:
    """Sheets for ``count`` distinct faces of one piece, each face at least ``MIN_DPI``."""
    for per_sheet in range(MAX_COLS * MAX_ROWS - 1, 0, -1):  # fewer per sheet: bigger cards
        grids = _grids(count, per_sheet, size_mm, dpi)
        if all(g.card_px[0] / (size_mm[0] / 25.4) >= MIN_DPI - 0.5 for g in grids):
            return grids
    raise ExportError(
        f"piece '{piece}' ({size_mm[0]:g} x {size_mm[1]:g} mm) is too large for a Tabletop "
        f"Simulator deck sheet: two cards a sheet (a face and the hidden card) must fit "
        f"{MAX_PX} x {MAX_PX} px at {MIN_DPI} dpi or more")


def _grids(count: int, per_sheet: int, size_mm: tuple[float, float], dpi: int) -> list[Grid]:
    grids = []
    left = count
    while left > 0:
        faces = min(left, per_sheet)
        cols = min(MAX_COLS, faces + 1)
        rows = math.ceil((faces + 1) / cols)
        grids.append(Grid(cols, rows, faces, card_px(size_mm, cols, rows, dpi)))
        left -= faces
    return grids
