"""docs/rulings.md: every game has its rulings, each names a test, and each test exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.games import GAMES

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rulings.md"
REF = re.compile(r"([\w/]+\.py)::(\w+)")


def _sections() -> dict[str, str]:
    parts = re.split(r"^## .*\(`([a-z-]+)`\)\s*$", DOC.read_text(), flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_every_registered_game_has_a_rulings_section() -> None:
    assert list(_sections()) == list(GAMES)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_ruling_names_a_test_that_exists(game_id: str) -> None:
    entries = re.split(r"^### ", _sections()[game_id], flags=re.M)[1:]
    assert len(entries) >= 5
    folder = ROOT / "tests" / "games" / game_id.replace("-", "_")
    for entry in entries:
        title = entry.splitlines()[0]
        for part in ("**Question:**", "**Decision:**", "**Reason:**", "**Test:**"):
            assert part in entry, f"{game_id}: '{title}' has no {part}"
        test_part = entry[entry.index("**Test:**"):]
        refs = REF.findall(test_part)
        assert refs, f"{game_id}: '{title}' names no test"
        for file, name in refs:
            path = ROOT / file if file.startswith("tests/") else folder / file
            assert path.is_file(), f"{game_id}: '{title}': no file {path}"
            assert re.search(rf"^\s*def {name}\(", path.read_text(), flags=re.M), (
                f"{game_id}: '{title}': {file} has no test {name}")
