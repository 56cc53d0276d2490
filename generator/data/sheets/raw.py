"""A sheet as a reader gives it (``RawSheet``: what each cell holds), the limits every reader
keeps, and a problem located at a cell: what the readers (``xlsx``, ``csvfile``) and the
located ``source`` share."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.data.sheets.cells import cell_name
from generator.data.yamlsrc import YamlError
from generator.files.problems import ERROR, Problem, display_path

MAX_ROWS = 5_000  # a big deck is a few hundred rows
MAX_COLUMNS = 200


@dataclass
class RawSheet:
    """One sheet as read: ``rows[r][c]`` is the value of row ``r + 1``, column ``c + 1``
    (text, a number, a boolean or ``None``); ``typed``: its text may be a number (CSV)."""

    name: str
    path: Path
    rows: list[list[Any]]
    typed: bool = False


def cell_problem(path: Path, sheet: str, row: int, col: int, message: str, rule: str,
                 severity: str = ERROR) -> Problem:
    return Problem(display_path(path), row, col, severity, message, rule, sheet,
                   cell_name(row, col))


def check_size(sheet: RawSheet, row: int, width: int) -> None:
    """Stop reading a sheet at the first row past ``MAX_ROWS`` or cell past
    ``MAX_COLUMNS`` (raise YamlError located there)."""
    if row > MAX_ROWS:
        raise YamlError(cell_problem(sheet.path, sheet.name, row, 1, f"the sheet has more "
                                     f"than {MAX_ROWS} rows: refused (split it)",
                                     "sheet-too-large"))
    if width > MAX_COLUMNS:
        raise YamlError(cell_problem(sheet.path, sheet.name, row, MAX_COLUMNS + 1, "the "
                                     f"sheet has more than {MAX_COLUMNS} columns: refused",
                                     "sheet-too-large"))
