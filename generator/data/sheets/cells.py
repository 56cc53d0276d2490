"""What a cell holds: one value, written so that reading it back gives the same value.

Numbers and true/false are numbers and booleans (in a CSV, text that reads as one); a
list is written in YAML's flow style, ``[a1, b1]``; an empty cell is a missing key. Text
that would read as something else starts with an apostrophe, as in Excel: ``'15`` is the
text "15", ``'[draft]`` the text "[draft]", ``'=x`` the text "=x" (never a formula).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

LITERAL = "'"  # leads text that is to be read as it stands
EMPTY_MAP = "{}"
_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")
_BOOLS = {"true": True, "false": False}
_NO_PATH = Path("<cell>")


class CellError(ValueError):
    """A cell that cannot be read: the message says why."""


def column_letters(col: int) -> str:
    """1 → ``A``, 27 → ``AA``."""
    letters = ""
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def cell_name(row: int, col: int) -> str:
    return f"{column_letters(col)}{row}"


def read_text(text: str, *, typed: bool) -> Any:
    """The value of a text cell; ``typed`` (a CSV, where every cell is text) also reads
    numbers and true/false. Raises CellError for a list that is not valid YAML."""
    if text.startswith(LITERAL):
        return text[1:]
    if text == EMPTY_MAP:
        return {}
    if text.startswith("["):
        return _flow_list(text)
    bare = text.strip()
    if typed and _NUMBER.match(bare):
        return int(bare) if re.fullmatch(r"[+-]?\d+", bare) else float(bare)
    if typed and bare.lower() in _BOOLS:
        return _BOOLS[bare.lower()]
    return text


def _flow_list(text: str) -> list[Any]:
    from generator.data.yamlsrc import YamlError, loads  # the same safe reader as YAML files

    try:
        value = loads(text, _NO_PATH).data
    except YamlError as exc:
        raise CellError(f"not a list: {exc.problem.message} (a text starting with '[' "
                        "is read as a YAML list; start it with ' to keep it as text)") from None
    if not isinstance(value, list):
        raise CellError("not a list: a text starting with '[' is read as a YAML list "
                        "(start it with ' to keep it as text)")
    return value


def write_text(value: Any, *, typed: bool) -> str | int | float | bool:
    """What to put in a cell for ``value`` (a CSV, ``typed``, gets text only)."""
    if isinstance(value, bool):
        return ("true" if value else "false") if typed else value
    if isinstance(value, int | float):
        return repr(value) if typed else value
    if isinstance(value, list):
        return yaml.safe_dump(value, default_flow_style=True, allow_unicode=True,
                              width=float("inf"), sort_keys=False).strip()
    if value == {}:
        return EMPTY_MAP
    if not isinstance(value, str):
        raise CellError(f"a {type(value).__name__} value cannot be written to a cell")
    if value == "" or value.startswith((LITERAL, "[", "=")) or value == EMPTY_MAP or (
            typed and read_text(value, typed=True) != value):
        return LITERAL + value
    return value
