"""The fixture game (one of every kind of piece) exported once per target and session,
with the render tests' own face cache so tests never depend on the developer's cache."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
import render.conftest as render_fixtures

from generator.data.components import LoadedGame
from generator.export import Export, ExportOptions, export_game

# the render tests' session fixtures, shared: one face cache, one fixture game
face_cache = render_fixtures.face_cache
fixture_game = render_fixtures.fixture_game

def exported(loaded: LoadedGame, out: Path, **options: Any) -> tuple[Export, dict[str, Any]]:
    work = export_game(loaded, ExportOptions(out=out, **options))
    return work, json.loads((work.final / "index.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def png_export(fixture_game, tmp_path_factory):
    return exported(fixture_game, tmp_path_factory.mktemp("png"), to="png", dpi=50)


@pytest.fixture(scope="session")
def tts_export(fixture_game, tmp_path_factory):
    return exported(fixture_game, tmp_path_factory.mktemp("tts"), to="tts", dpi=100)


@pytest.fixture(scope="session")
def tgc_export(fixture_game, tmp_path_factory):
    return exported(fixture_game, tmp_path_factory.mktemp("tgc"), to="pod", preset="tgc")


@pytest.fixture(scope="session")
def drivethru_export(fixture_game, tmp_path_factory):
    return exported(fixture_game, tmp_path_factory.mktemp("dtc"), to="pod",
                    preset="drivethrucards")


def edited_fixture(tmp: Path, edits: tuple[tuple[str, str, str], ...]) -> LoadedGame:
    """A copy of the fixture game under ``tmp`` with each ``(file, old, new)`` edit made
    (the first ``old`` replaced; an ``old`` not in the file is the test's mistake)."""
    from fixture_model import FOLDER, load_fixture

    folder = tmp / "game"
    shutil.copytree(FOLDER, folder)
    for name, old, new in edits:
        path = folder / name
        text = path.read_text(encoding="utf-8")
        assert old in text, (name, old)
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return load_fixture(folder)


def edited_export(tmp_path_factory: Any, name: str, edits: tuple[tuple[str, str, str], ...],
                  **options: Any) -> tuple[Export, dict[str, Any]]:
    """The fixture game with ``edits`` (``edited_fixture``) exported with ``options``."""
    tmp = tmp_path_factory.mktemp(name)
    return exported(edited_fixture(tmp, edits), tmp / "out", **options)
