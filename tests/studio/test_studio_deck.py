"""The studio's view of a deck: faces found by the words printed on them, and edits
written back into a sheet's cell (xlsx and csv) with the rest of the file kept."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl  # type: ignore[import-untyped]
import pytest
import yaml

from generator.data.sheets.csvfile import write_table
from generator.data.sheets.source import load_sheet
from generator.data.sheets.tables import to_tables
from generator.data.sheets.xlsx import write_workbook
from generator.files.bundled import BUNDLED_COMPONENTS
from generator.studio.writeback import EditRefused, typed, write_value


def test_saloon_finds_the_copper_creek_card_that_prints_it() -> None:
    from generator.deck.validate import validate_game
    from generator.games import GAMES
    from generator.studio.deck import face_views

    views, _ = face_views(validate_game(GAMES["copper-creek"]))
    found = [v for v in views if "saloon" in v.words.lower()]
    assert found and all("saloon" not in v.face for v in found)  # not by its YAML id


def money(tmp_path: Path) -> dict[str, object]:
    shutil.copy(BUNDLED_COMPONENTS / "copper-creek" / "money.yaml", tmp_path / "money.yaml")
    return dict(yaml.safe_load((tmp_path / "money.yaml").read_text()))


def test_an_edit_goes_into_its_workbook_cell(tmp_path: Path) -> None:
    data = money(tmp_path)
    path = tmp_path / "money.xlsx"
    path.write_bytes(write_workbook(to_tables(data)))
    loc = ("pieces", 0, "faces", 1, "count")
    write_value(load_sheet(path, path.read_bytes()), loc, typed("29"))
    back = load_sheet(path, path.read_bytes()).data
    assert back["pieces"][0]["faces"][1]["count"] == 29
    back["pieces"][0]["faces"][1]["count"] = 28
    assert back == data  # nothing else changed


def test_an_edit_goes_into_its_csv_cell(tmp_path: Path) -> None:
    data = money(tmp_path)
    tables = {t.name: t for t in to_tables(data)}
    (tmp_path / "money.csv").write_bytes(write_table(tables["pieces"]))
    for name in ("faces", "file"):
        (tmp_path / f"money.{name}.csv").write_bytes(write_table(tables[name]))
    path = tmp_path / "money.csv"
    source = load_sheet(path, path.read_bytes())
    write_value(source, ("pieces", 0, "faces", 2, "value"), typed("ten"))
    back = load_sheet(path, path.read_bytes()).data
    assert back["pieces"][0]["faces"][2]["value"] == "ten"
    lines = (tmp_path / "money.faces.csv").read_text().splitlines()
    assert lines[3].split(",")[2] == "ten" and len(lines) == 4


def test_a_workbook_with_formulas_is_not_saved_over(tmp_path: Path) -> None:
    path = tmp_path / "deck.xlsx"
    book = openpyxl.Workbook()
    book.active.title = "file"
    book.active.append(["key", "value"])
    book.active.append(["name", "Deck"])
    book.active.append(["total", "=2+3"])
    book.save(path)
    before = path.read_bytes()
    with pytest.raises(EditRefused, match="formulas"):
        write_value(load_sheet(path, before), ("name",), "Other")
    assert path.read_bytes() == before
