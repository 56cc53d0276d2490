"""Spreadsheets as component files: what a cell means, every problem at its cell, and
hostile or broken workbooks refused like hostile YAML."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import openpyxl  # type: ignore[import-untyped]
import pytest

from generator.cli import main
from generator.data.sheets.cells import read_text, write_text
from generator.data.sheets.raw import MAX_ROWS
from generator.data.sheets.source import load_sheet
from generator.data.sheets.xlsx import MAX_RATIO
from generator.data.yamlsrc import YamlError
from generator.files.problems import display_path

MONEY = ("tree", "copper-creek", "money.xlsx")


def edit(path: Path, change: Any) -> None:
    """Open a workbook, let ``change(book)`` edit it, save it back."""
    book = openpyxl.load_workbook(path)
    change(book)
    book.save(path)


def workbook(path: Path, sheets: dict[str, list[list[Any]]]) -> bytes:
    """A workbook of these sheets and rows, saved at ``path``; its bytes."""
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(row)
    book.save(path)
    return path.read_bytes()


def validate(capsys: pytest.CaptureFixture[str], tree: Path, *more: str) -> tuple[int, Any]:
    code = main(["validate", "copper-creek", "--components", str(tree), "--format", "json",
                 *more])
    return code, json.loads(capsys.readouterr().out)


def cell_of(problems: list[dict[str, Any]], rule: str) -> tuple[str, str, int, int]:
    found = next(p for p in problems if p["rule"] == rule)
    return found["sheet"], found["cell"], found["line"], found["col"]


@pytest.mark.parametrize("value", [15, 2.5, True, False, "15", "true", "", "[draft]",
                                   "'quoted", "=SUM(A1)", "{n} dug", "{}", {}, ["a1", "b1"],
                                   [{"square": "a1", "edge": "north"}], "plain words"])
def test_a_cell_reads_back_what_was_written(value: Any) -> None:
    for typed in (True, False):
        written = write_text(value, typed=typed)
        read = read_text(written, typed=typed) if isinstance(written, str) else written
        assert read == value and type(read) is type(value), (typed, written)


def test_the_sheet_deck_validates_like_the_yaml(capsys: pytest.CaptureFixture[str],
                                                sheet_tree: Path) -> None:
    assert validate(capsys, sheet_tree) == (0, [])


def test_a_wrong_value_is_located_at_its_cell(capsys: pytest.CaptureFixture[str],
                                              sheet_tree: Path) -> None:
    path = sheet_tree.parent.joinpath(*MONEY)

    def wrong(book: Any) -> None:
        faces = book["faces"]
        column = [c.value for c in faces[1]].index("value") + 1
        faces.cell(row=3, column=column, value="five")
    edit(path, wrong)
    code, problems = validate(capsys, sheet_tree)
    assert code == 1
    sheet, cell, line, col = cell_of(problems, "schema")
    assert (sheet, line) == ("faces", 3) and cell == f"{'ABCDEFGH'[col - 1]}3"
    main(["validate", "copper-creek", "--components", str(sheet_tree)])
    text = capsys.readouterr().out
    assert f"money.xlsx:faces!{cell}: error: " in text


def test_a_missing_column_is_reported_at_each_row(capsys: pytest.CaptureFixture[str],
                                                  sheet_tree: Path) -> None:
    path = sheet_tree.parent.joinpath(*MONEY)

    def drop(book: Any) -> None:
        pieces = book["pieces"]
        pieces.delete_cols([c.value for c in pieces[1]].index("kind") + 1)
    edit(path, drop)
    code, problems = validate(capsys, sheet_tree)
    assert code == 1
    missing = [p for p in problems if "kind" in p["message"]]
    assert missing and all(p["sheet"] == "pieces" and p["line"] == 2 for p in missing)


@pytest.mark.parametrize("cell, rule", [("formula", "sheet-formula"), ("date", "sheet-date"),
                                        ("merged", "sheet-merged"), ("list", "sheet-cell")])
def test_a_refused_cell_is_named_and_nothing_is_built(
        capsys: pytest.CaptureFixture[str], sheet_tree: Path, tmp_path: Path, cell: str,
        rule: str) -> None:
    import datetime

    path = sheet_tree.parent.joinpath(*MONEY)

    def spoil(book: Any) -> None:
        faces = book["faces"]
        if cell == "merged":
            faces.merge_cells("B3:C3")
        else:
            faces["C4"] = {"formula": "=1+1", "date": datetime.date(2026, 1, 2),
                           "list": "[a, b"}[cell]
    edit(path, spoil)
    code, problems = validate(capsys, sheet_tree)
    assert code == 1
    assert cell_of(problems, rule)[:2] == ("faces", "B3" if cell == "merged" else "C4")
    out = tmp_path / "out"
    assert main(["build", "copper-creek", "--components", str(sheet_tree), "--out",
                 str(out)]) == 1
    assert not out.exists()


def test_a_formula_with_its_saved_value_is_read_as_that_value(tmp_path: Path) -> None:
    path = tmp_path / "deck.xlsx"
    raw = workbook(path, {"file": [["key", "value"], ["total", "=2+3"]]})
    # openpyxl saves no value for a formula: refused
    assert [p.rule for p in load_sheet(path, raw).problems] == ["sheet-formula"]
    assert load_sheet(path, _saved_value(raw, b"5")).data == {"total": 5}


def _saved_value(raw: bytes, value: bytes) -> bytes:
    """The workbook as a spreadsheet program saves it: the formula's value beside it."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(raw)) as old, zipfile.ZipFile(out, "w") as new:
        for part in old.infolist():
            content = old.read(part.filename)
            if part.filename == "xl/worksheets/sheet1.xml":
                edited = content.replace(b"<f>2+3</f><v></v>", b"<f>2+3</f><v>" + value + b"</v>")
                assert edited != content
                content = edited
            new.writestr(part.filename, content)
    return out.getvalue()


def _workbook_with(tmp_path: Path, part: str, content: bytes) -> tuple[Path, bytes]:
    path = tmp_path / "deck.xlsx"
    book = openpyxl.Workbook()
    book.save(path)
    out = io.BytesIO()
    with zipfile.ZipFile(path) as old, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            if info.filename != part:
                new.writestr(info.filename, old.read(info.filename))
        new.writestr(part, content)
    return path, out.getvalue()


@pytest.mark.parametrize("part, content, rule", [
    ("xl/vbaProject.bin", b"macro", "sheet-macro"),
    ("xl/externalLinks/externalLink1.xml", b"<externalLink/>", "sheet-external-link"),
    ("xl/media/bomb.bin", b"\0" * (MAX_RATIO * 200_000), "sheet-zip-bomb"),
])
def test_a_hostile_workbook_is_refused_before_it_is_read(tmp_path: Path, part: str,
                                                         content: bytes, rule: str) -> None:
    path, raw = _workbook_with(tmp_path, part, content)
    with pytest.raises(YamlError) as refused:
        load_sheet(path, raw)
    assert refused.value.problem.rule == rule


def test_a_damaged_file_is_refused_with_one_located_line(tmp_path: Path) -> None:
    for raw in (b"PK\x03\x04 not really a zip", b"just text", b""):
        with pytest.raises(YamlError) as refused:
            load_sheet(tmp_path / "deck.xlsx", raw)
        assert refused.value.problem.rule == "sheet-corrupt"
        assert refused.value.problem.format().startswith(
            f"{display_path(tmp_path / 'deck.xlsx')}:1:1: error: ")


def test_a_sheet_past_the_row_limit_stops_at_that_row(tmp_path: Path) -> None:
    rows = "".join(f'<row r="{r}"><c r="A{r}" t="inlineStr"><is><t>p{r}</t></is></c></row>'
                   for r in range(1, 50_001))
    sheet = ('<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
             f'<dimension ref="A1:A50000"/><sheetData>{rows}</sheetData></worksheet>').encode()
    path, raw = _workbook_with(tmp_path, "xl/worksheets/sheet1.xml", sheet)
    with pytest.raises(YamlError) as refused:
        load_sheet(path, raw)
    problem = refused.value.problem
    assert (problem.rule, problem.sheet, problem.cell) == (
        "sheet-too-large", "Sheet", f"A{MAX_ROWS + 1}")


def test_a_csv_past_the_row_limit_stops_at_that_row(tmp_path: Path) -> None:
    path = tmp_path / "deck.csv"
    raw = ("id,name\n" + "".join(f"p{i},x\n" for i in range(50_000))).encode()
    with pytest.raises(YamlError) as refused:
        load_sheet(path, raw)
    problem = refused.value.problem
    assert (problem.rule, problem.sheet, problem.cell) == (
        "sheet-too-large", "pieces", f"A{MAX_ROWS + 1}")


def test_every_output_format_names_the_cell(capsys: pytest.CaptureFixture[str],
                                            sheet_tree: Path) -> None:
    path = sheet_tree.parent.joinpath(*MONEY)
    edit(path, lambda book: book["faces"].__setitem__("C4", "=1+1"))
    main(["validate", "copper-creek", "--components", str(sheet_tree), "--format", "github"])
    assert "line=4,col=3,title=sheet-formula::faces!C4: " in capsys.readouterr().out
    main(["validate", "copper-creek", "--components", str(sheet_tree), "--format", "junit"])
    assert "money.xlsx:faces!C4: error: a formula" in capsys.readouterr().out


def test_a_sheet_file_not_listed_or_not_a_sheet_is_named(
        capsys: pytest.CaptureFixture[str], sheet_tree: Path) -> None:
    game = sheet_tree / "copper-creek"
    (game / "notes.csv").write_text("id\nx\n")
    code, problems = validate(capsys, sheet_tree)
    assert code == 1
    assert [(Path(p["path"]).name, p["rule"]) for p in problems] == [
        ("notes.csv", "file-reference")]
    (game / "notes.csv").unlink()
    text = (game / "game.yaml").read_text().replace("- money.xlsx", "- money.xlsm")
    (game / "game.yaml").write_text(text)
    code, problems = validate(capsys, sheet_tree)
    assert code == 1
    assert any(p["rule"] == "file-reference" and "'money.xlsm' is not a plain file name" in
               p["message"] and ".xlsx or .csv" in p["message"] for p in problems)


def test_a_companion_table_that_is_a_link_is_refused(tmp_path: Path) -> None:
    (tmp_path / "secret.csv").write_text("key,value\nsecret,1\n")
    (tmp_path / "deck").mkdir()
    (tmp_path / "deck" / "cards.csv").write_text("id\nx\n")
    (tmp_path / "deck" / "cards.file.csv").symlink_to(tmp_path / "secret.csv")
    path = tmp_path / "deck" / "cards.csv"
    with pytest.raises(YamlError) as refused:
        load_sheet(path, path.read_bytes())
    assert refused.value.problem.rule == "file-kind"


def test_faces_of_a_piece_the_pieces_sheet_lacks_are_named(tmp_path: Path) -> None:
    path = tmp_path / "deck.xlsx"
    raw = workbook(path, {"pieces": [["id", "faces"], ["cards", "[{id: inline}]"]],
                          "faces": [["piece", "id"], ["cards", "ace"], ["chips", "gold"]]})
    problems = load_sheet(path, raw).problems
    assert [(p.sheet, p.cell, p.message.split(" in ")[0]) for p in problems] == [
        ("faces", "A2", "piece 'cards' has faces"), ("faces", "A3", "no piece 'chips'")]


def test_a_table_that_cannot_be_read_as_fields_is_named_at_its_cells(tmp_path: Path) -> None:
    path = tmp_path / "deck.xlsx"
    raw = workbook(path, {
        "pieces": [["id", "size", "size.width_mm", "id", None], ["a", "poker", 60, None, None],
                   ["b", None, 60, None, "stray"]],
        "Odd sheet!": [["x"]],
        "file": [["key", "value"], ["source", "designed", "a third cell"]]})
    problems = load_sheet(path, raw).problems
    assert sorted((p.sheet, p.cell) for p in problems) == [
        ("Odd sheet!", "A1"), ("file", "C2"), ("pieces", "C2"), ("pieces", "D1"),
        ("pieces", "E3")]
    assert load_sheet(path, raw).data["pieces"][1] == {
        "id": "b", "size": {"width_mm": 60}}
