"""The fixture game (one of every kind of piece) exported once per target and session,
with the render tests' own face cache so tests never depend on the developer's cache."""

from __future__ import annotations

import json
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
