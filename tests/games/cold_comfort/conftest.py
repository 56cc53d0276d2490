"""Fixtures: the bundled cold-comfort tree copied into tmp_path, to break on purpose."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from generator.components import BUNDLED_COMPONENTS
from generator.games.cold_comfort import SPEC
from generator.problems import Problem
from generator.validate import validate_game

Breaker = Callable[[str, str, str, str], tuple[list[Problem], int, int]]


@pytest.fixture
def break_data(tmp_path: Path) -> Breaker:
    """``break_data(file, old, new, at)``: replace ``old`` (once) by ``new`` in a copy of the
    bundled data, validate it, and return the problems with the line and column of ``at``:
    its place inside ``new`` if it is part of it, else its first place in the file
    (``"other.yaml|text"``: its first place in another file of the tree)."""
    shutil.copytree(BUNDLED_COMPONENTS / "cold-comfort", tmp_path / "cold-comfort")

    def run(file: str, old: str, new: str, at: str) -> tuple[list[Problem], int, int]:
        path = tmp_path / "cold-comfort" / file
        text = path.read_text(encoding="utf-8")
        assert text.count(old) >= 1, f"{old!r} not in {file}"
        start = text.index(old)
        text = text.replace(old, new, 1)
        path.write_text(text, encoding="utf-8")
        if "|" in at:
            other, at = at.split("|", 1)
            text = (tmp_path / "cold-comfort" / other).read_text(encoding="utf-8")
        where = start + new.index(at) if at in new else text.index(at)
        line = text.count("\n", 0, where) + 1
        col = where - (text.rfind("\n", 0, where) + 1) + 1
        return validate_game(SPEC, tmp_path).problems, line, col

    return run
