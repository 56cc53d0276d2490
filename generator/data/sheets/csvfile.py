"""CSV tables: ``NAME.csv`` holds the pieces, ``NAME.SHEET.csv`` beside it each other sheet
(``NAME.file.csv`` the file's other keys, ``NAME.faces.csv`` the faces).

Every cell is text, read as ``cells.read_text`` says (numbers and true/false included).
UTF-8, with or without the byte-order mark spreadsheet programs write.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from generator.data.sheets.cells import write_text
from generator.data.sheets.raw import RawSheet, cell_problem, check_size
from generator.data.sheets.tables import PIECES, Table
from generator.data.yamlsrc import YamlError, read_limited
from generator.files.problems import ERROR, Problem, display_path


def companions(path: Path) -> list[Path]:
    """The ``NAME.SHEET.csv`` files that belong with ``NAME.csv``."""
    stem = path.name[: -len(".csv")]
    return sorted(p for p in path.parent.glob(f"{stem}.*.csv")
                  if "." not in p.name[len(stem) + 1: -len(".csv")])


def read_tables(path: Path, raw: bytes) -> tuple[list[RawSheet], list[Problem]]:
    """``path`` as the pieces sheet, then its companions; raise YamlError (located) for a
    table that cannot be read."""
    sheets = [_table(path, PIECES, raw)]
    for other in companions(path):
        name = other.name[len(path.name) - len("csv"): -len(".csv")]
        if other.is_symlink() or not other.is_file():  # never read through a link
            raise YamlError(Problem(display_path(other), 1, 1, ERROR, "this table is a link "
                                    "or not a plain file: put the file itself here",
                                    "file-kind"))
        sheets.append(_table(other, name, read_limited(other)))
    return sheets, []


def _table(path: Path, name: str, raw: bytes) -> RawSheet:
    sheet = RawSheet(name, path, [], typed=True)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise YamlError(cell_problem(path, name, line, 1, "the file is not UTF-8 text (save "
                                     "it as CSV UTF-8)", "sheet-corrupt")) from None
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        for r, row in enumerate(reader, start=1):
            check_size(sheet, r, len(row))
            kept = [cell if cell.strip() else None for cell in row]
            while kept and kept[-1] is None:
                kept.pop()
            sheet.rows.append(kept)
    except csv.Error as exc:
        raise YamlError(cell_problem(path, name, reader.line_num, 1, f"not a CSV table: {exc}",
                                     "sheet-corrupt")) from None
    return sheet


def write_table(table: Table) -> bytes:
    """One table as CSV text (UTF-8, ``\\n`` line ends)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(table.header)
    for row in table.rows:
        writer.writerow(["" if v is None else write_text(v, typed=True) for v in row])
    return out.getvalue().encode("utf-8")
