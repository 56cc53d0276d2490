"""The fixture game (one of every kind of piece) built once per session into a temporary
folder, with its own face cache so tests never depend on the developer's cache."""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
sys.path.insert(0, str(FIXTURES))

from fixture_model import FOLDER, load_fixture  # noqa: E402

from generator.data.components import LoadedGame  # noqa: E402
from generator.render.build import BuildOptions, BuildResult, build_game  # noqa: E402


@dataclass
class Built:
    result: BuildResult
    options: BuildOptions
    manifest: dict[str, Any]

    @property
    def pdf(self) -> Path:
        return self.result.pdf


@pytest.fixture(scope="session", autouse=True)
def face_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("face-cache")
    os.environ["COPPERPLATE_CACHE"] = str(folder)
    return folder


@pytest.fixture(scope="session")
def fixture_game() -> LoadedGame:
    return load_fixture()


def build(loaded: LoadedGame, out: Path, **options: Any) -> Built:
    opts = BuildOptions(out=out, **options)
    result = build_game(loaded, opts)
    return Built(result, opts, json.loads(result.manifest.read_text(encoding="utf-8")))


@pytest.fixture(scope="session")
def a4_long(fixture_game: LoadedGame, tmp_path_factory: pytest.TempPathFactory) -> Built:
    return build(fixture_game, tmp_path_factory.mktemp("a4-long"), paper="a4", duplex="long")


@pytest.fixture(scope="session")
def letter_short(fixture_game: LoadedGame, tmp_path_factory: pytest.TempPathFactory) -> Built:
    return build(fixture_game, tmp_path_factory.mktemp("letter-short"), paper="letter",
                 duplex="short", back_offset_mm=(0.7, -0.4))


__all__ = ["FOLDER", "Built", "build"]
