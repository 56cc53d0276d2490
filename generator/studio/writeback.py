"""An edit written back where the value came from: the YAML file (ruamel.yaml's round
trip: comments, key order and layout kept) or the sheet's cell (``.xlsx`` or ``.csv``).

Only a value that is already there is replaced (the table shows those); the file is
replaced whole (``write_atomic``) and only if it still is the version the editor saw.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from generator.data.sheets.cells import read_text, write_text
from generator.data.sheets.source import SheetSource
from generator.data.yamlsrc import Loc, Source, read_limited
from generator.files.fileio import write_atomic


class EditRefused(Exception):
    """An edit that cannot be saved: the message says why (nothing was written)."""


def typed(text: str) -> Any:
    """The value a typed cell means: a number, true/false, a list, or the text."""
    try:
        return read_text(text, typed=True)
    except ValueError:
        return text


def write_value(source: Source, loc: Loc, value: Any) -> Path:
    """Replace the value at ``loc`` in the file ``source`` was read from; the file written."""
    if isinstance(source, SheetSource):
        if loc not in source.sheets:
            raise EditRefused("this value has no cell of its own in the sheet")
        (row, col), (path, sheet) = source.values[loc], source.sheets[loc]
        if path.suffix == ".xlsx":
            _write_xlsx(path, sheet, row, col, value)
        else:
            _write_csv(path, row, col, value)
        return path
    _write_yaml(source.path, loc, value)
    return source.path


def _write_yaml(path: Path, loc: Loc, value: Any) -> None:
    from ruamel.yaml import YAML

    editor = YAML()
    editor.preserve_quotes = True
    editor.width = 4096
    editor.indent(mapping=2, sequence=4, offset=2)
    document = editor.load(read_limited(path).decode("utf-8"))
    here = document
    try:
        for part in loc[:-1]:
            here = here[part]
        if loc[-1] not in (range(len(here)) if isinstance(here, list) else here):
            raise KeyError(loc[-1])
    except (KeyError, IndexError, TypeError):
        raise EditRefused("the file no longer holds this value: reload") from None
    here[loc[-1]] = value
    out = io.StringIO()
    editor.dump(document, out)
    write_atomic(path, out.getvalue().encode("utf-8"))


def _write_xlsx(path: Path, sheet: str, row: int, col: int, value: Any) -> None:
    import openpyxl  # type: ignore[import-untyped]

    book = openpyxl.load_workbook(io.BytesIO(read_limited(path)))
    if any(cell.data_type == "f" for page in book.worksheets for line in page.iter_rows()
           for cell in line):  # saving here would drop the values saved with them
        raise EditRefused(f"{path.name} holds formulas, whose saved values would be lost: "
                          "edit it in your spreadsheet program")
    book[sheet].cell(row=row, column=col).value = write_text(value, typed=False)
    out = io.BytesIO()
    book.save(out)
    write_atomic(path, out.getvalue())


def _write_csv(path: Path, row: int, col: int, value: Any) -> None:
    text = read_limited(path).decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text, newline="")))
    while len(rows[row - 1]) < col:
        rows[row - 1].append("")
    rows[row - 1][col - 1] = str(write_text(value, typed=True))
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    write_atomic(path, out.getvalue().encode("utf-8"))
