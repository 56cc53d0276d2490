"""A cold ``validate`` does only the work its checks need: what it imports, what it reads."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.checks import rulebook
from generator.data.components import BUNDLED_COMPONENTS
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
