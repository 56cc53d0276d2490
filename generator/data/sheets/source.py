"""A spreadsheet read as a component file: the same data a YAML file gives, each value
located at its cell.

The readers (``xlsx``, ``csvfile``) give raw sheets (what each cell holds, problems with
cells they refuse); here the sheets become one mapping as ``tables`` lays it out, and a
``SheetSource`` whose problems say ``PATH:SHEET!CELL``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.data.sheets.cells import CellError, cell_name, read_text
from generator.data.sheets.raw import RawSheet, cell_problem
from generator.data.sheets.tables import FACES, FILE, FILE_HEADER, PIECE, PIECES
from generator.data.yamlsrc import Loc, Source
from generator.files.problems import ERROR, Problem, display_path

SHEET_KEY = re.compile(r"^[a-z][a-z0-9_]*$")


@dataclass
class SheetSource(Source):
    """A component file read from sheets: ``values``/``keys`` hold (row, column), and
    ``sheets`` which file and sheet each located value is in."""

    sheets: dict[Loc, tuple[Path, str]] = field(default_factory=dict)
    key_sheets: dict[Loc, tuple[Path, str]] = field(default_factory=dict)

    def problem(self, loc: Loc, message: str, rule: str, *, key: bool = False,
                severity: str = ERROR) -> Problem:
        loc = tuple(loc)
        if key and loc in self.keys:
            (row, col), (path, sheet) = self.keys[loc], self.key_sheets[loc]
        else:
            found = next((loc[:end] for end in range(len(loc), -1, -1)
                          if loc[:end] in self.sheets), None)
            if found is None:
                return Problem(display_path(self.path), 1, 1, severity, message, rule)
            (row, col), (path, sheet) = self.values[found], self.sheets[found]
        return cell_problem(path, sheet, row, col, message, rule, severity)


def load_sheet(path: Path, raw: bytes) -> Source:
    """A ``.xlsx`` workbook or a ``.csv`` table (with its ``NAME.SHEET.csv`` companions);
    raise YamlError (located) for a file that cannot be read at all."""
    if path.suffix == ".xlsx":
        from generator.data.sheets.xlsx import read_workbook
        sheets, problems = read_workbook(path, raw)
    else:
        from generator.data.sheets.csvfile import read_tables
        sheets, problems = read_tables(path, raw)
    source = SheetSource(path)
    source.problems.extend(problems)
    _Assembly(source).run(sheets)
    return source


class _Assembly:
    """Sheets → one mapping, every value's cell remembered."""

    def __init__(self, source: SheetSource):
        self.source = source
        self.data: dict[str, Any] = {}
        self.source.data = self.data

    def run(self, sheets: list[RawSheet]) -> None:
        faces = []
        for sheet in sheets:
            key = re.sub(r"[\s-]+", "_", sheet.name.strip().lower())
            header = self.header(sheet)
            if header is None:
                continue
            if not SHEET_KEY.match(key):
                self.fail(sheet, 1, 1, f"the sheet name '{sheet.name}' is not a key of a "
                          "component file (letters, digits and _)")
            elif key == FACES:
                faces.append((sheet, header))
            elif key == FILE:
                self.settings(sheet, header)
            elif self.claim(sheet, key):
                self.data[key] = []
                self.place(sheet, (), (key,), 1, 1)
                for r, row in self.rows(sheet):
                    self.item(sheet, header, r, row, (key, len(self.data[key])), self.data[key])
        for sheet, header in faces:
            self.faces(sheet, header)

    def fail(self, sheet: RawSheet, row: int, col: int, message: str,
             rule: str = "sheet") -> None:
        self.source.problems.append(cell_problem(sheet.path, sheet.name, row, col, message,
                                                 rule))

    def claim(self, sheet: RawSheet, key: str) -> bool:
        if key in self.data:
            self.fail(sheet, 1, 1, f"'{key}' is given twice (a sheet and a row of 'file', "
                      "or two sheets)")
            return False
        return True

    def header(self, sheet: RawSheet) -> list[tuple[str, ...] | None] | None:
        """Each column's key parts (``None``: a column left empty); ``None`` for an empty
        sheet."""
        if not sheet.rows or all(v is None for v in sheet.rows[0]):
            return None
        names: list[tuple[str, ...] | None] = []
        seen: dict[str, int] = {}
        for c, name in enumerate(sheet.rows[0], start=1):
            if name is None:
                names.append(None)
                continue
            text = str(name).strip()
            parts = tuple(text.split("."))
            if not all(parts):
                self.fail(sheet, 1, c, f"'{text}' is not a column name (words joined by dots)")
                names.append(None)
            elif text in seen:
                self.fail(sheet, 1, c, f"column '{text}' is given twice (first in "
                          f"{cell_name(1, seen[text])})")
                names.append(None)
            else:
                seen[text] = c
                names.append(parts)
        return names

    def rows(self, sheet: RawSheet) -> list[tuple[int, list[Any]]]:
        """The rows below the header that hold something, with their row numbers."""
        return [(r, row) for r, row in enumerate(sheet.rows[1:], start=2)
                if any(v is not None for v in row)]

    def value(self, sheet: RawSheet, r: int, c: int, raw: Any) -> tuple[bool, Any]:
        if not isinstance(raw, str):
            return True, raw
        try:
            return True, read_text(raw, typed=sheet.typed)
        except CellError as exc:
            self.fail(sheet, r, c, str(exc), "sheet-cell")
            return False, None

    def item(self, sheet: RawSheet, header: list[tuple[str, ...] | None], r: int,
             row: list[Any], loc: Loc, into: list[Any]) -> dict[str, Any]:
        """One row as a mapping, appended to ``into`` and located at ``loc``."""
        found: dict[str, Any] = {}
        into.append(found)
        first = next((c for c, v in enumerate(row, start=1) if v is not None), 1)
        self.place(sheet, loc, (), r, first)
        for c, raw in enumerate(row, start=1):
            parts = header[c - 1] if c <= len(header) else None
            if raw is None:
                continue
            if parts is None:
                self.fail(sheet, r, c, "this cell's column has no name in row 1")
                continue
            ok, value = self.value(sheet, r, c, raw)
            if ok and self.put(sheet, r, c, found, parts, value):
                self.place(sheet, loc, parts, r, c)
        return found

    def put(self, sheet: RawSheet, r: int, c: int, into: dict[str, Any],
            parts: tuple[str, ...], value: Any) -> bool:
        """Set ``into[parts]``; a value already there (a column ``size`` and a column
        ``size.width_mm`` both filled in one row, a key given twice) is reported."""
        for part in parts[:-1]:
            into = into.setdefault(part, {})
            if not isinstance(into, dict):
                break
        else:
            if parts[-1] not in into:
                into[parts[-1]] = value
                return True
        self.fail(sheet, r, c, f"'{'.'.join(parts)}' is given twice in this row (a value "
                  "and fields inside it, or two cells): keep one")
        return False

    def place(self, sheet: RawSheet, loc: Loc, parts: tuple[str, ...], r: int,
              c: int) -> None:
        """Locate ``loc + parts`` (and each mapping on the way) at a cell, the keys at
        their column's name."""
        src = self.source
        for end in range(len(parts) + 1):
            here = loc + parts[:end]
            if here not in src.values:
                src.values[here], src.sheets[here] = (r, c), (sheet.path, sheet.name)
            if end:
                src.keys.setdefault(here, (1, c))
                src.key_sheets.setdefault(here, (sheet.path, sheet.name))

    def settings(self, sheet: RawSheet, header: list[tuple[str, ...] | None]) -> None:
        """The ``file`` sheet: a dotted key and a value on each row."""
        if [".".join(p) if p else None for p in header[:2]] != FILE_HEADER:
            self.fail(sheet, 1, 1, "the 'file' sheet has two columns named 'key' and 'value'")
            return
        for r, row in self.rows(sheet):
            key, raw = (row + [None, None])[:2]
            for c in (c for c, v in enumerate(row[2:], start=3) if v is not None):
                self.fail(sheet, r, c, "the 'file' sheet has two columns, 'key' and 'value'")
            parts = tuple(str(key).strip().split(".")) if key is not None else ()
            if not parts or not all(parts):
                self.fail(sheet, r, 1, f"'{key or ''}' is not a key (words joined by dots)")
            elif raw is not None:
                ok, value = self.value(sheet, r, 2, raw)
                if ok and self.put(sheet, r, 1, self.data, parts, value):
                    self.place(sheet, (), parts, r, 2)
                    self.source.keys[parts] = (r, 1)

    def faces(self, sheet: RawSheet, header: list[tuple[str, ...] | None]) -> None:
        """The ``faces`` sheet: each row a face of the piece its ``piece`` column names."""
        if (PIECE,) not in header:
            self.fail(sheet, 1, 1, "the 'faces' sheet needs a 'piece' column naming each "
                      "face's piece")
            return
        at = header.index((PIECE,))
        pieces = self.data.get(PIECES)
        index = {p.get("id"): i for i, p in enumerate(pieces if isinstance(pieces, list)
                                                       else [])}
        taken: set[int] = set()
        for r, row in self.rows(sheet):
            i = index.get(row[at] if at < len(row) else None)
            if i is None:
                self.fail(sheet, r, at + 1, f"no piece '{row[at] if at < len(row) else ''}'"
                          f" in the 'pieces' sheet (ids: {', '.join(map(str, index))})")
                continue
            assert isinstance(pieces, list)
            own = pieces[i].setdefault(FACES, [])
            if not isinstance(own, list) or (own and i not in taken):
                self.fail(sheet, r, at + 1, f"piece '{row[at]}' has faces in its own row too")
                continue
            taken.add(i)
            rest = [None if c == at else v for c, v in enumerate(row)]
            self.item(sheet, header, r, rest, (PIECES, i, FACES, len(own)), own)
