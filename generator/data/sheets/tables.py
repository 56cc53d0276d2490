"""A component file's data as tables, and back.

One sheet per top-level list of mappings (one row an item, one column a field, nested
fields as dotted column names); the pieces' faces in a ``faces`` sheet whose ``piece``
column names the piece; every other top-level key in a ``file`` sheet of ``key``/``value``
rows. ``to_tables`` lays data out; ``generator.data.sheets.source`` reads it back.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from generator.data.sheets.cells import CellError

FILE, FACES, PIECES, PIECE = "file", "faces", "pieces", "piece"
FILE_HEADER = ["key", "value"]


@dataclass
class Table:
    """One sheet: its name, column names and rows of values (``None``: an empty cell)."""

    name: str
    header: list[str]
    rows: list[list[Any]] = field(default_factory=list)


def to_tables(data: dict[str, Any]) -> list[Table]:
    """The tables holding ``data`` (a component file's top-level mapping); raise CellError
    for what no cell can hold (a key with a dot in it, a null)."""
    settings: list[list[Any]] = []
    tables: list[Table] = []
    for key, value in data.items():
        if _is_table(value) and key not in (FILE, FACES):
            if key == PIECES:
                tables += _pieces_tables(value)
            else:
                tables.append(_table(key, value))
        else:
            settings += [[name, leaf] for name, leaf in flatten(value, (key,))]
    return ([Table(FILE, FILE_HEADER, settings)] if settings else []) + tables


def _is_table(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _pieces_tables(pieces: list[dict[str, Any]]) -> list[Table]:
    """The pieces, and their faces in a sheet of their own when every piece has its own id."""
    ids = [piece.get("id") for piece in pieces]
    if not all(isinstance(i, str) for i in ids) or len(set(ids)) < len(ids):
        return [_table(PIECES, pieces)]
    rows, faces = [], []
    for piece in pieces:
        own = piece.get(FACES)
        if isinstance(own, list) and _is_table(own):
            faces += [{PIECE: piece["id"], **face} for face in own]
            piece = {k: v for k, v in piece.items() if k != FACES}
        rows.append(piece)
    return [_table(PIECES, rows)] + ([_table(FACES, faces)] if faces else [])


def _table(name: str, items: list[dict[str, Any]]) -> Table:
    flat = [dict(flatten(item, ())) for item in items]
    header = list(dict.fromkeys(column for row in flat for column in row))
    return Table(name, header, [[row.get(column) for column in header] for row in flat])


def flatten(value: Any, prefix: tuple[str, ...]) -> Iterator[tuple[str, Any]]:
    """``(dotted name, value)`` for every leaf of ``value``; a mapping's keys become name
    parts, anything else (a list, a number, a word, an empty mapping) is a leaf."""
    if isinstance(value, dict) and value:
        for key, inner in value.items():
            if not isinstance(key, str) or not key or "." in key:
                raise CellError(f"the key '{key}' under '{'.'.join(prefix)}' cannot name a "
                                "column (a word without dots is needed)")
            yield from flatten(inner, (*prefix, key))
    elif value is None:
        raise CellError(f"'{'.'.join(prefix)}' is empty (null), which a cell cannot hold "
                        "apart from a missing value")
    else:
        yield ".".join(prefix), value
