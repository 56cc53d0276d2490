"""One component file read safely, whatever it is written in: YAML (``yamlsrc``) or a
``.csv``/``.xlsx`` spreadsheet (``sheets``), each a ``Source`` whose values know their
line, so a problem is reported where it was written."""

from __future__ import annotations

from pathlib import Path

from generator.data.yamlsrc import SHEET_SUFFIXES, Source, parse, read_limited


def load(path: Path, root: Path | None = None) -> Source:
    """Load one component file, read inside ``root`` (``read_limited``); raise YamlError
    with a located problem if it is bad."""
    raw = read_limited(path, root)
    if path.suffix in SHEET_SUFFIXES:  # only a deck with spreadsheets loads their reader
        from generator.data.sheets.source import load_sheet

        return load_sheet(path, raw)
    return parse(path, raw)
