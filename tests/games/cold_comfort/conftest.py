"""Fixtures: the bundled cold-comfort tree copied into tmp_path, to break on purpose."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from gametree import copy_game, edit, line_col

from generator.deck.validate import validate_game
from generator.files.problems import Problem
from generator.games.cold_comfort import SPEC

Breaker = Callable[[str, str, str, str], tuple[list[Problem], int, int]]


@pytest.fixture
def break_data(tmp_path: Path) -> Breaker:
    """``break_data(file, old, new, at)``: replace ``old`` (once) by ``new`` in a copy of the
    bundled data, validate it, and return the problems with the line and column of ``at``:
    its place inside ``new`` if it is part of it, else its first place in the file
    (``"other.yaml|text"``: its first place in another file of the tree)."""
    folder = copy_game("cold-comfort", tmp_path)

    def run(file: str, old: str, new: str, at: str) -> tuple[list[Problem], int, int]:
        text, start = edit(folder / file, old, new)
        if "|" in at:
            other, at = at.split("|", 1)
            text = (folder / other).read_text(encoding="utf-8")
        line, col = line_col(text, start + new.index(at) if at in new else text.index(at))
        return validate_game(SPEC, tmp_path).problems, line, col

    return run
