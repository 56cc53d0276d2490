"""A game folder's component files in another format: YAML, XLSX workbooks or CSV tables.

``convert`` returns every file of the new folder by name (``game.yaml`` with its
``components`` list renamed, comments kept; each component file converted; every other
file of the folder, such as templates, copied). A YAML file converted to YAML is copied
as it is; data from a sheet is written as plain YAML. The same folder gives the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from generator.data.components import LoadedGame
from generator.data.sheets.cells import CellError
from generator.data.sheets.csvfile import companions, write_table
from generator.data.sheets.tables import PIECES, to_tables
from generator.data.yamlsrc import SHEET_SUFFIXES, read_limited

FORMATS = ("xlsx", "csv", "yaml")


class ConvertError(Exception):
    """Data no table can hold (the message names the file and the key)."""


def convert(loaded: LoadedGame, to: str) -> dict[str, bytes]:
    """The converted folder of a valid game, file name → content."""
    folder = loaded.folder
    game_text = read_limited(folder / "game.yaml").decode("utf-8")
    listed = loaded.sources["game"].data.get("components") or []
    files: dict[str, bytes] = {}
    names: list[str] = []
    for name in listed:
        stem = name.rsplit(".", 1)[0]
        data = loaded.sources[stem.replace("-", "_")].data
        try:
            written = dict(_converted(folder / name, data, stem, to))
        except CellError as exc:
            raise ConvertError(f"{name}: {exc}") from None
        names.append(next(iter(written)))
        files.update(written)
    files["game.yaml"] = _renamed(game_text, names)
    skip = {*listed, "game.yaml", *(p.name for n in listed if n.endswith(".csv")
                                    for p in companions(folder / n))}
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder).as_posix()
        if path.is_file() and not path.is_symlink() and relative not in skip:
            files.setdefault(relative, path.read_bytes())
    return files


def _converted(path: Path, data: dict[str, Any], stem: str,
               to: str) -> Iterator[tuple[str, bytes]]:
    """The files one component file becomes, the one game.yaml lists first."""
    if to == "yaml":
        if path.suffix in SHEET_SUFFIXES:
            yield f"{stem}.yaml", yaml.safe_dump(data, sort_keys=False, allow_unicode=True,
                                                 width=100).encode("utf-8")
        else:
            yield path.name, read_limited(path)
        return
    tables = to_tables(data)
    if to == "xlsx":
        from generator.data.sheets.xlsx import write_workbook  # openpyxl: 0.3 s, only here

        yield f"{stem}.xlsx", write_workbook(tables)
        return
    main = next((t for t in tables if t.name == PIECES), None)
    yield f"{stem}.csv", write_table(main) if main else b""
    for table in tables:
        if table is not main:
            yield f"{stem}.{table.name}.csv", write_table(table)


def _renamed(game_text: str, names: list[str]) -> bytes:
    """game.yaml with its ``components`` list naming the new files, comments kept."""
    from ruamel.yaml import YAML  # only for a game.yaml converted

    editor = YAML()
    editor.width = 4096
    document = editor.load(game_text)
    for i, name in enumerate(names):
        document["components"][i] = name
    out = io.StringIO()
    editor.dump(document, out)
    return out.getvalue().encode("utf-8")
