"""A deck from someone else: no silent fallback to the bundled game, and data mistakes
blamed on the data."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from generator.cli import main
from generator.data.components import BUNDLED_COMPONENTS


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out + err


@pytest.fixture
def decks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(BUNDLED_COMPONENTS / "copperdale", tmp_path / "mydecks" / "copperdale")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "mydecks"


@pytest.mark.parametrize("command", ["validate", "build", "simulate"])
def test_components_pointed_at_a_game_folder_names_the_folder_to_pass(
        command: str, decks: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, command, "copperdale", "--components", "mydecks/copperdale",
                    "--games", "1") if command == "simulate" else run(
        capsys, command, "copperdale", "--components", "mydecks/copperdale")
    assert code == 2
    assert out == ("copperplate: error: --components: 'mydecks/copperdale' is a game's own "
                   "folder (it holds game.yaml): pass the folder that holds it, "
                   "--components mydecks\n")
    assert not Path("output").exists()


@pytest.mark.parametrize("kind,make", [
    ("a folder", os.mkdir),
    ("a FIFO (named pipe)", os.mkfifo),
    ("a device", lambda path: os.symlink("/dev/zero", path)),
])
def test_a_game_yaml_that_is_not_a_file_is_named_as_such(
        kind: str, make, decks: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game_yaml = decks / "copperdale" / "game.yaml"
    game_yaml.unlink()
    make(game_yaml)
    for command in ("validate", "build"):
        code, out = run(capsys, command, "copperdale", "--components", "mydecks")
        assert code == 1
        assert out.splitlines()[0] == (f"mydecks/copperdale/game.yaml:1:1: error: this is "
                                       f"{kind}, not a YAML file (file-kind)")
    assert not Path("output").exists()


def test_a_control_character_in_card_text_is_blamed_on_its_yaml_line(
        decks: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = decks / "copperdale" / "deck.yaml"
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace("name: Jack", 'name: "Ja\\u0001ck"', 1), encoding="utf-8")
    line = text[:text.index("name: Jack")].count("\n") + 1
    col = text[:text.index("name: Jack")].split("\n")[-1].__len__() + 7
    for command in ("validate", "build"):
        code, out = run(capsys, command, "copperdale", "--components", "mydecks")
        assert code == 1
        assert out.splitlines()[0] == (
            f"mydecks/copperdale/deck.yaml:{line}:{col}: error: text holds the control "
            "character U+0001, which a printed face cannot show: remove it (text-control-char)")
        assert "templates/" not in out and "not valid SVG" not in out
    assert not Path("output").exists()


def test_a_value_that_fits_no_branch_of_a_union_is_still_reported(
        decks: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = decks / "copperdale" / "deck.yaml"  # found by the fuzz test: was 0 problems
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace("size: poker", "size: []", 1), encoding="utf-8")
    line = text[:text.index("size: poker")].count("\n") + 1
    for command in ("validate", "build"):
        code, out = run(capsys, command, "copperdale", "--components", "mydecks")
        assert code == 1
        assert out.startswith(f"mydecks/copperdale/deck.yaml:{line}:11: error: pieces.0.size: ")
    assert not Path("output").exists()


def test_files_linked_from_outside_the_tree_are_not_read(
        decks: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = decks / "copperdale"
    secret = decks.parent / "secret.yaml"
    secret.write_text((game / "deck.yaml").read_text(encoding="utf-8"))
    (game / "deck.yaml").unlink()
    (game / "deck.yaml").symlink_to(secret)
    (game / "templates").mkdir()
    (game / "templates" / "card-back.svg.j2").symlink_to(decks.parent / "secret.svg.j2")
    (decks.parent / "secret.svg.j2").write_text("<svg>password</svg>")
    code, out = run(capsys, "validate", "copperdale", "--components", "mydecks")
    assert code == 1
    assert out.splitlines()[0] == ("mydecks/copperdale/deck.yaml:1:1: error: this is a link "
                                   "to a file outside the game's folder (file-kind)")
    (game / "deck.yaml").unlink()
    (game / "deck.yaml").write_text(secret.read_text())
    code, out = run(capsys, "validate", "copperdale", "--components", "mydecks")
    assert code == 1
    assert ("template 'card-back.svg.j2': 'copperdale/templates/card-back.svg.j2' is a "
            "link: a deck's files are read only from inside its folder") in out
    assert "(template-sandbox)" in out and "password" not in out
