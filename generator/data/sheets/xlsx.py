"""Excel workbooks (``.xlsx``), read warily and written byte for byte the same.

Before openpyxl sees a file, its zip is checked: too many parts, too many bytes unpacked
or a part packed too tightly (a zip bomb), macros (``vbaProject.bin``, a macro-enabled
type) and links to other workbooks are refused. openpyxl then reads it streaming
(``read_only``), twice: once for the values Excel saved with each formula
(``data_only``), once to know which cells are formulas, so that a formula with no saved
value is refused at its cell (never evaluated). Dates, merged cells and error values are
refused at their cell too; sheets longer or wider than the limits stop the read.
"""

from __future__ import annotations

import datetime
import io
import re
import zipfile
from pathlib import Path
from typing import Any

import openpyxl  # type: ignore[import-untyped]

from generator.data.sheets.cells import write_text
from generator.data.sheets.raw import (
    MAX_COLUMNS,
    MAX_ROWS,
    RawSheet,
    cell_problem,
    check_size,
)
from generator.data.sheets.tables import Table
from generator.data.yamlsrc import YamlError
from generator.files.problems import ERROR, Problem, display_path

MAX_SHEETS = 50
MAX_PARTS = 500
MAX_UNPACKED = 10_000_000  # bytes of all parts unpacked (a sheet with no size is scanned)
MAX_RATIO = 100  # unpacked / packed, for parts over a megabyte
FIXED_TIME = datetime.datetime(2000, 1, 1)  # the workbook's own dates: same input, same bytes
_MODIFIED = re.compile(rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)")
_STAMP = FIXED_TIME.strftime("%Y-%m-%dT%H:%M:%SZ").encode()
_MERGED = re.compile(rb'<(?:\w+:)?mergeCell\s[^>]*ref="([A-Z]+)(\d+)(?::([A-Z]+\d+))?"')


def _refuse(path: Path, message: str, rule: str) -> YamlError:
    return YamlError(Problem(display_path(path), 1, 1, ERROR, message, rule))


def check_archive(path: Path, raw: bytes) -> zipfile.ZipFile:
    """The workbook's zip, once it is known to be a plain workbook of a sane size."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
        parts = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError):
        raise _refuse(path, "not an Excel workbook (.xlsx): the file is damaged or of "
                      "another kind (save it again as .xlsx)", "sheet-corrupt") from None
    for part in parts:
        ratio = part.file_size // max(part.compress_size, 1)
        if part.file_size > 1_000_000 and ratio > MAX_RATIO:
            raise _refuse(path, f"the part '{part.filename}' unpacks to {ratio} times its "
                          "size: a zip bomb, refused", "sheet-zip-bomb")
    if len(parts) > MAX_PARTS or sum(p.file_size for p in parts) > MAX_UNPACKED:
        raise _refuse(path, f"the workbook unpacks to more than {MAX_PARTS} parts or "
                      f"{MAX_UNPACKED} bytes: refused (split it)", "sheet-too-large")
    names = {p.filename.lower() for p in parts}
    if any(n.endswith("vbaproject.bin") for n in names) or b"macroEnabled" in _read(
            archive, "[Content_Types].xml"):
        raise _refuse(path, "the workbook holds macros: save it as a plain .xlsx "
                      "workbook (macros are never run)", "sheet-macro")
    if any(n.startswith("xl/externallinks/") for n in names):
        raise _refuse(path, "the workbook links to other workbooks: paste the values in "
                      "(links are never followed)", "sheet-external-link")
    if "xl/workbook.xml" not in names:
        raise _refuse(path, "not an Excel workbook (.xlsx): it has no xl/workbook.xml",
                      "sheet-corrupt")
    return archive


def _read(archive: zipfile.ZipFile, name: str) -> bytes:
    try:
        return archive.read(name)
    except KeyError:
        return b""


def read_workbook(path: Path, raw: bytes) -> tuple[list[RawSheet], list[Problem]]:
    """Every sheet's cells, and the cells refused; raise YamlError for a workbook that
    cannot or may not be read at all."""
    archive = check_archive(path, raw)
    try:
        values = openpyxl.load_workbook(io.BytesIO(raw), read_only=True, data_only=True,
                                        keep_links=False)
        formulas = openpyxl.load_workbook(io.BytesIO(raw), read_only=True, data_only=False,
                                          keep_links=False)
    except Exception:  # openpyxl raises many kinds on a damaged file; none may escape
        raise _refuse(path, "not an Excel workbook (.xlsx): openpyxl cannot read it (save "
                      "it again as .xlsx)", "sheet-corrupt") from None
    if len(values.sheetnames) > MAX_SHEETS:
        raise _refuse(path, f"more than {MAX_SHEETS} sheets", "sheet-too-large")
    sheets: list[RawSheet] = []
    problems: list[Problem] = []
    for name in values.sheetnames:
        sheet = RawSheet(name, path, [])
        check_size(sheet, min(values[name].max_row or 0, MAX_ROWS + 1),  # its stated size
                   min(values[name].max_column or 0, MAX_COLUMNS + 1))
        try:
            _cells(sheet, values[name], formulas[name], problems)
        except YamlError:
            raise
        except Exception:  # a damaged sheet part
            raise _refuse(path, f"the sheet '{name}' is damaged (save the workbook again)",
                          "sheet-corrupt") from None
        problems += _merged(sheet, _read(archive, getattr(values[name], "_worksheet_path", "")))
        sheets.append(sheet)
    values.close()
    formulas.close()
    return sheets, problems


def _cells(sheet: RawSheet, values: Any, formulas: Any, problems: list[Problem]) -> None:
    rows = zip(values.iter_rows(min_row=1, min_col=1), formulas.iter_rows(min_row=1, min_col=1),
               strict=False)
    for r, (row, code) in enumerate(rows, start=1):
        check_size(sheet, r, len(row))
        kept: list[Any] = []
        for c, (cell, formula) in enumerate(zip(row, code, strict=False), start=1):
            value, why = _value(cell, formula)
            if why:
                problems.append(cell_problem(sheet.path, sheet.name, r, c, why[0], why[1]))
            kept.append(value)
        while kept and kept[-1] is None:
            kept.pop()
        sheet.rows.append(kept)
    while sheet.rows and not sheet.rows[-1]:
        sheet.rows.pop()


def _value(cell: Any, formula: Any) -> tuple[Any, tuple[str, str] | None]:
    """A cell's value, or why it is refused (message, rule)."""
    value = cell.value
    if getattr(formula, "data_type", None) == "f" and value is None:
        return None, ("a formula with no saved value: open the workbook in a spreadsheet "
                      "program and save it (formulas are never evaluated here)", "sheet-formula")
    if getattr(cell, "data_type", None) == "e":
        return None, (f"the formula gives the error {value}", "sheet-formula")
    if isinstance(value, datetime.datetime | datetime.date | datetime.time | datetime.timedelta):
        return None, ("a date or time where a number or text belongs (format the cell as a "
                      "number or text)", "sheet-date")
    if isinstance(value, str):
        return (value if value.strip() else None), None
    return value, None


def _merged(sheet: RawSheet, xml: bytes) -> list[Problem]:
    from openpyxl.utils import column_index_from_string  # type: ignore[import-untyped]

    return [cell_problem(sheet.path, sheet.name, int(row), column_index_from_string(col.decode()),
                         f"merged cells ({col.decode()}{row.decode()}:{end.decode()}): "
                         "unmerge them, one value a cell", "sheet-merged")
            for col, row, end in _MERGED.findall(xml)]


def write_workbook(tables: list[Table]) -> bytes:
    """The tables as a workbook; the same tables give the same bytes."""
    book = openpyxl.Workbook()
    book.remove(book.active)
    for table in tables:
        sheet = book.create_sheet(table.name)
        sheet.append(table.header)
        for row in table.rows:
            sheet.append([None if v is None else write_text(v, typed=False) for v in row])
        sheet.freeze_panes = "A2"
    book.properties.creator = "copperplate"
    book.properties.created = book.properties.modified = FIXED_TIME
    out = io.BytesIO()
    book.save(out)
    return _fixed_zip(out.getvalue())


def _fixed_zip(raw: bytes) -> bytes:
    """The same zip with every part dated the same (zipfile stamps the time of writing,
    openpyxl the workbook's "modified" date)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(raw)) as old, zipfile.ZipFile(
            out, "w", zipfile.ZIP_DEFLATED) as new:
        for part in old.infolist():
            info = zipfile.ZipInfo(part.filename, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            content = old.read(part.filename)
            if part.filename == "docProps/core.xml":
                content = _MODIFIED.sub(rb"\g<1>" + _STAMP + rb"\g<2>", content)
            new.writestr(info, content)
    return out.getvalue()
