"""A deck in a spreadsheet: Copper Creek's money file as a workbook, in a user's tree."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from generator.data.sheets.tables import to_tables
from generator.data.sheets.xlsx import write_workbook
from generator.files.bundled import BUNDLED_COMPONENTS


@pytest.fixture
def sheet_tree(tmp_path: Path) -> Path:
    """``tmp_path/tree/copper-creek`` with ``money.xlsx`` in place of ``money.yaml``."""
    game = tmp_path / "tree" / "copper-creek"
    shutil.copytree(BUNDLED_COMPONENTS / "copper-creek", game)
    data = yaml.safe_load((game / "money.yaml").read_text())
    (game / "money.xlsx").write_bytes(write_workbook(to_tables(data)))
    (game / "money.yaml").unlink()
    text = (game / "game.yaml").read_text().replace("- money.yaml", "- money.xlsx")
    (game / "game.yaml").write_text(text)
    return tmp_path / "tree"
