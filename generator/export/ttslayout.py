"""Where a Tabletop Simulator save puts its objects: on the table as a player sets up.

Boards lie in the middle row; decks in a row above them;
chips and tokens in bags (a bag per face when every face comes several times, like a
player's shares, else one bag of the piece, mixed, like chips drawn blind) in the row
below; everything else (tiles, sheets, markers) below that. Rows are centred on the
table and wrap before they leave it.
"""

from __future__ import annotations

from typing import Any

TABLE_HALF_WIDTH = 30.0  # TTS units either side of the centre a row may use
UNITS_PER_SCALE = 2.4  # width of an object at scale 1 (a poker card), with a little room
ROW_GAP = 3.0
ROWS = ("deck", "board", "bag", "other")  # top to bottom


def row_of(state: dict[str, Any]) -> str:
    if state["Name"] in ("DeckCustom", "Card"):
        return "deck"
    if state["Name"] == "Custom_Board":
        return "board"
    return "bag" if state["Name"] == "Bag" else "other"


def lay_out(states: list[dict[str, Any]]) -> None:
    """Set every object's position, deterministically."""
    rows: dict[str, list[dict[str, Any]]] = {row: [] for row in ROWS}
    for state in states:
        rows[row_of(state)].append(state)
    lines = [line for row in ROWS for line in _wrap(rows[row])]
    depths = [max(_depth(s) for s in line) for line in lines]
    z = sum(depths) / 2 + ROW_GAP * (len(lines) - 1) / 2
    for line, depth in zip(lines, depths, strict=True):
        z -= depth / 2
        _place_row(line, z)
        z -= depth / 2 + ROW_GAP


def _wrap(objects: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    lines: list[list[dict[str, Any]]] = []
    used = 2 * TABLE_HALF_WIDTH
    for state in objects:
        width = _width(state)
        if used + width > 2 * TABLE_HALF_WIDTH and (not lines or lines[-1]):
            lines.append([])
            used = 0.0
        lines[-1].append(state)
        used += width
    return [line for line in lines if line]


def _place_row(line: list[dict[str, Any]], z: float) -> None:
    x = -sum(_width(s) for s in line) / 2
    for state in line:
        width = _width(state)
        state["Transform"]["posX"] = round(x + width / 2, 3)
        state["Transform"]["posZ"] = round(z, 3)
        x += width


def _width(state: dict[str, Any]) -> float:
    return UNITS_PER_SCALE * float(state["Transform"]["scaleX"]) + 1.0


def _depth(state: dict[str, Any]) -> float:
    return UNITS_PER_SCALE * 1.4 * float(state["Transform"]["scaleZ"])


def bag(name: str, key: str, contents: list[dict[str, Any]],
        transform: dict[str, float]) -> dict[str, Any]:
    """A bag holding ``contents`` (TTS ``Bag``: drawn from blind, one at a time)."""
    return {"Name": "Bag", "Nickname": name, "Description": "", "GUID": key,
            "Transform": transform, "Locked": False, "ContainedObjects": contents}
