"""What the drawing finds in a deck kept in a spreadsheet is located at its cell too: a
print-lint finding names the cell its text came from (the Jack's name: ranks!C12)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import yaml

from generator.cli import main
from generator.data.sheets.tables import to_tables
from generator.data.sheets.xlsx import write_workbook
from generator.files.bundled import BUNDLED_COMPONENTS


def deck_in_a_workbook(tmp_path: Path, jack: str) -> Path:
    """Copperdale with ``deck.xlsx`` for ``deck.yaml``, the Jack's printed name changed."""
    game = tmp_path / "tree" / "copperdale"
    shutil.copytree(BUNDLED_COMPONENTS / "copperdale", game)
    data = yaml.safe_load((game / "deck.yaml").read_text(encoding="utf-8"))
    for rank in data["ranks"]:
        if rank["id"] == "j":
            rank["name"] = jack
    (game / "deck.xlsx").write_bytes(write_workbook(to_tables(data)))
    (game / "deck.yaml").unlink()
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace("deck.yaml", "deck.xlsx"), encoding="utf-8")
    return tmp_path / "tree"


def problems(tree: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    main(["validate", "copperdale", "--components", str(tree), "--format", "json"])
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_text_that_crosses_the_trim_names_its_cell(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    found = problems(deck_in_a_workbook(tmp_path, "W" * 20), capsys)
    cut = [p for p in found if p["rule"] == "text-trim"]
    assert cut and all("deck.xlsx:ranks!C12)" in str(p["message"]) for p in cut), cut


def test_a_lint_finding_names_the_cell_its_data_came_from(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    found = problems(deck_in_a_workbook(tmp_path, "J\ue000ck"), capsys)  # no glyph for it
    missing = [p for p in found if p["rule"] == "glyph-missing"]
    assert missing and all(re.search(r"data at \S*deck\.xlsx:ranks!C12\)", str(p["message"]))
                           for p in missing), missing


@pytest.mark.parametrize(("message", "where"), [
    ("tree/g/deck.xlsx:ranks!C12: error: 'x' does not fit (text-fit)", ("ranks", "C12", 12, 3)),
    ("tree/g/deck.csv:the sheet!AB7: error: too long (text-fit)", ("the sheet", "AB7", 7, 28)),
    ("tree/g/deck.yaml:23:29: error: too long (text-fit)", ("", "", 23, 29)),
])
def test_a_located_message_keeps_its_cell(message: str, where: tuple[str, str, int, int]) -> None:
    from generator.render.preflight import LOCATED, located

    found = LOCATED.match(message)
    assert found is not None
    problem = located(found)
    assert (problem.sheet, problem.cell, problem.line, problem.col) == where
    assert problem.rule == "text-fit" and problem.format().startswith(message.split(": error")[0])
