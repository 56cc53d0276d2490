"""A cold ``validate`` does only the work its checks need: what it imports, what it reads."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.checks import rulebook
from generator.data import overlay
from generator.data.components import BUNDLED_COMPONENTS
from generator.data.yamlsrc import Source
from generator.deck.validate import validate_game
from generator.games import GAMES

NOT_FOR_VALIDATE = ("generator.rulesfile", "generator.render.build", "generator.lint.pages",
                    "cairosvg", "pikepdf", "fontTools", "PIL", "openpyxl", "ruamel")


def test_validating_a_bundled_game_imports_no_renderer_and_no_rules_engine(
        tmp_path: Path) -> None:
    code = ("import sys, generator.cli; code = generator.cli.main(['validate', 'copperdale']); "
            f"print(code, sorted(m for m in sys.modules if m.startswith({NOT_FOR_VALIDATE!r})))")
    env = {**os.environ, "COPPERPLATE_CACHE": str(tmp_path / "cache")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=env).stdout
    assert out.splitlines()[-1] == "0 []"


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The folders the rulebook check reads a bundled deck from, this test on."""
    monkeypatch.setattr(rulebook, "BUNDLED", {})
    folders: list[Path] = []
    load = rulebook.load_game

    def counted(game_id, model, folder):  # type: ignore[no-untyped-def]
        folders.append(folder)
        return load(game_id, model, folder)

    monkeypatch.setattr(rulebook, "load_game", counted)
    return folders


def test_the_bundled_deck_is_read_once_when_it_is_the_deck_checked(reads: list[Path]) -> None:
    assert validate_game(GAMES["copperdale"]).problems == []
    assert reads == []  # compared with itself: the files just read


def test_a_users_deck_is_still_compared_with_the_bundled_files(
        reads: list[Path], tmp_path: Path) -> None:
    shutil.copytree(BUNDLED_COMPONENTS / "copperdale", tmp_path / "copperdale")
    deck = tmp_path / "copperdale" / "deck.yaml"
    deck.write_text(deck.read_text().replace("face_card_base: 1", "face_card_base: 2"))
    found = validate_game(GAMES["copperdale"], tmp_path).problems
    assert reads == [BUNDLED_COMPONENTS / "copperdale"]
    assert [(p.line, p.rule) for p in found] == [(26, "rulebook-value")]
    bundled = rulebook.BUNDLED["copperdale", GAMES["copperdale"].model]
    assert bundled.deck.face_card_base == 1  # the bundled files, not the user's deck


@pytest.fixture
def files_read(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every component file parsed (through the overlay's reader), this test on."""
    paths: list[Path] = []
    load = overlay.load

    def counted(path: Path, root: Path | None = None) -> Source:
        paths.append(path)
        return load(path, root)

    monkeypatch.setattr(overlay, "load", counted)
    return paths


def test_a_games_own_game_yaml_is_parsed_once(files_read: list[Path],
                                               tmp_path: Path) -> None:
    """Whether it extends a bundled game is read from the same parse the loader keeps."""
    assert validate_game(GAMES["kings-of-copper"]).data is not None
    bundled = BUNDLED_COMPONENTS / "kings-of-copper"
    assert files_read.count(bundled / "game.yaml") == 1
    assert len(files_read) == len(set(files_read)) == 1 + len(list(bundled.glob("[!g]*.yaml")))
    shutil.copytree(bundled, tmp_path / "kings-of-copper")
    files_read.clear()
    assert validate_game(GAMES["kings-of-copper"], tmp_path).data is not None
    assert files_read.count(tmp_path / "kings-of-copper" / "game.yaml") == 1


def test_a_variant_s_game_yaml_is_still_laid_over_the_bundled_one(files_read: list[Path],
                                                                 tmp_path: Path) -> None:
    variant = tmp_path / "kings-of-copper"
    variant.mkdir()
    (variant / "game.yaml").write_text("extends: kings-of-copper\nname: Kings, faster\n"
                                       "variant: {name: faster}\n", encoding="utf-8")
    loaded = validate_game(GAMES["kings-of-copper"], tmp_path)
    assert loaded.data is not None and loaded.data.game.name == "Kings, faster"
    assert loaded.data.game.id == "kings-of-copper"  # from the bundled game.yaml
    assert files_read.count(variant / "game.yaml") == 2  # the layers' look, then laid over
