"""Where each object of a Tabletop Simulator export lies on the table: a tidy set-up.

Objects are placed in rows, as a player lays a game out: boards first, then the decks,
money and piles, then the bags of chips and tokens, each row centred, the whole block
centred on the table. Footprints are in table units, estimated from the piece's size in
millimetres at ``UNITS_PER_MM`` (a poker card, 63.5 mm wide, is about 2.2 units at
scale 1). Everything must lie inside ``TABLE_HALF``, the middle of the table that every
built-in TTS table holds; a game that needs more is one clear error, never objects
spawned off the table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.export.base import ExportError

UNITS_PER_MM = 2.2 / 63.5
TABLE_HALF = (30.0, 18.0)  # x, z: the playable middle of the table, units from its centre
GAP = 0.6  # units between neighbours
TABLE_Y = 1.0  # just above the table top: objects settle onto it


@dataclass(frozen=True)
class Spot:
    x: float
    z: float


def footprint(size_mm: tuple[float, float]) -> tuple[float, float]:
    """A piece's width and depth on the table, in units."""
    return (size_mm[0] * UNITS_PER_MM, size_mm[1] * UNITS_PER_MM)


def place(footprints: list[tuple[float, float]]) -> list[Spot]:
    """The centre of each footprint, in order, in rows inside ``TABLE_HALF``: of the row
    widths that fit, the one whose block is smallest against the table (a tidy, squarish
    set-up rather than one long row)."""
    table_w, table_d = 2 * TABLE_HALF[0], 2 * TABLE_HALF[1]
    widest = max((w for w, _ in footprints), default=0.0)
    if widest > table_w:
        raise ExportError(f"a piece {widest:.1f} units wide does not fit the table's "
                          f"{table_w:g} units")
    best: list[list[int]] | None = None
    best_fill = math.inf
    for step in range(math.ceil(widest), math.floor(table_w) + 1):
        rows = _rows(footprints, float(step))
        width = max((_row_width(footprints, row) for row in rows), default=0.0)
        fill = max(width / table_w, _depth(footprints, rows) / table_d)
        if fill < best_fill - 1e-9:
            best, best_fill = rows, fill
    rows = best if best is not None else _rows(footprints, table_w)
    total = _depth(footprints, rows)
    if total > table_d:
        raise ExportError(f"the pieces need {total:.1f} units of table depth laid out, more "
                          f"than the {table_d:g} units of a Tabletop Simulator table")
    spots: dict[int, Spot] = {}
    z = total / 2  # rows run from the far side (positive z) towards the near side
    for row in rows:
        depth = max(footprints[i][1] for i in row)
        x = -_row_width(footprints, row) / 2
        for i in row:
            w = footprints[i][0]
            spots[i] = Spot(round(x + w / 2, 3), round(z - depth / 2, 3))
            x += w + GAP
        z -= depth + GAP
    return [spots[i] for i in range(len(footprints))]


def _rows(footprints: list[tuple[float, float]], width: float) -> list[list[int]]:
    """Footprints in order, a new row whenever the next would pass ``width``."""
    rows: list[list[int]] = []
    for i, (w, _) in enumerate(footprints):
        if not rows or _row_width(footprints, rows[-1]) + GAP + w > width:
            rows.append([])
        rows[-1].append(i)
    return rows


def _row_width(footprints: list[tuple[float, float]], row: list[int]) -> float:
    return sum(footprints[i][0] for i in row) + GAP * max(0, len(row) - 1)


def _depth(footprints: list[tuple[float, float]], rows: list[list[int]]) -> float:
    return (sum(max(footprints[i][1] for i in row) for row in rows)
            + GAP * max(0, len(rows) - 1))
