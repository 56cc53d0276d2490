"""Every way out of a deck's folder, tried: each is one located error from ``validate`` and
``build`` alike, exit 1, nothing written, and the secret it reaches for is never printed.

Each case says what it tries; ``refused_everywhere`` says what must happen."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from generator.files import confined
from generator.files.confined import FileMissing, FileRefused, read_inside, stat_inside
from tests.security.conftest import refused_everywhere, run


def test_the_deck_as_it_is_validates_and_builds(
        game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The control: the attacks below change one thing of a deck that works."""
    assert run(capsys, "validate", "copperdale", "--components", "mydecks")[0] == 0
    assert run(capsys, "build", "copperdale", "--components", "mydecks", "--out", "out")[0] == 0


def test_a_templates_folder_that_is_a_link_out_is_refused(
        game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Tries: ``templates`` -> a folder elsewhere whose template prints a secret."""
    elsewhere = game.parent.parent / "elsewhere"
    shutil.move(game / "templates", elsewhere)
    (elsewhere / "card.svg.j2").write_text(Path("secret.txt").read_text())
    (game / "templates").symlink_to(elsewhere)
    refused_everywhere(capsys, "'copperdale/templates' is a link")


def test_a_template_that_is_a_link_to_a_secret_file_is_refused(
        game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Tries: one template -> a file outside the deck."""
    (game / "templates" / "card.svg.j2").unlink()
    (game / "templates" / "card.svg.j2").symlink_to(game.parent.parent / "secret.txt")
    refused_everywhere(capsys, "'copperdale/templates/card.svg.j2' is a link")


def test_an_include_that_is_a_link_to_proc_self_environ_is_refused(
        game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Tries: an included template -> ``/proc/self/environ`` (the secret is in it)."""
    (game / "templates" / "_suits.svg.j2").unlink()
    (game / "templates" / "_suits.svg.j2").symlink_to("/proc/self/environ")
    lines = refused_everywhere(capsys, "'copperdale/templates/_suits.svg.j2' is a link")
    assert "(template-sandbox)" in lines[0]


def test_a_hard_link_to_a_file_outside_is_refused(
        game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Tries: a second name, inside the deck, for a file outside it."""
    (game / "templates" / "card.svg.j2").unlink()
    try:
        os.link(game.parent.parent / "secret.txt", game / "templates" / "card.svg.j2")
    except OSError:
        pytest.skip("this file system has no hard links")
    refused_everywhere(capsys, "'copperdale/templates/card.svg.j2' is a file with 2 hard "
                       "links")


def test_a_fifo_template_is_refused_not_skipped(
        game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Tries: a FIFO where a template is (it would hang a reader, or be passed over for
    the bundled template of the same name)."""
    (game / "templates" / "card.svg.j2").unlink()
    os.mkfifo(game / "templates" / "card.svg.j2")
    refused_everywhere(capsys, "'copperdale/templates/card.svg.j2' is a FIFO (named pipe)")


def test_a_device_template_is_refused(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Tries: an endless file where a template is (through a link: only root makes devices)."""
    (game / "templates" / "card.svg.j2").unlink()
    (game / "templates" / "card.svg.j2").symlink_to("/dev/zero")
    refused_everywhere(capsys, "'copperdale/templates/card.svg.j2' is a link")


def test_an_art_folder_that_is_a_link_out_is_refused(
        game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Tries: ``art`` -> a folder elsewhere (a picture is embedded in the PDF whole)."""
    shutil.move(game / "art", game.parent.parent / "art")
    (game / "art").symlink_to(game.parent.parent / "art")
    lines = refused_everywhere(capsys, "image 'art/back.png': 'copperdale/art' is a link")
    assert lines[0].startswith("copperdale/templates/card-back.svg.j2:3:") is False  # cwd
    assert lines[0].startswith("mydecks/copperdale/templates/card-back.svg.j2:3:")


def test_a_component_file_that_is_a_link_inside_the_folder_is_refused(
        game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Tries: a link that stays inside today and can be pointed anywhere tomorrow."""
    shutil.move(game / "deck.yaml", game / "deck.yaml.real")
    (game / "deck.yaml").symlink_to("deck.yaml.real")
    refused_everywhere(capsys, "'copperdale/deck.yaml' is a link")


def test_a_component_file_with_a_second_name_outside_is_refused(
        game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Tries: a hard link to the component file from outside (it can be changed there)."""
    os.link(game / "deck.yaml", game.parent.parent / "deck-elsewhere.yaml")
    refused_everywhere(capsys, "'copperdale/deck.yaml' is a file with 2 hard links")


def test_a_game_folder_that_is_a_link_out_is_refused(
        game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Tries: the game's own folder -> a folder elsewhere."""
    shutil.move(game, game.parent.parent / "copperdale")
    game.symlink_to(game.parent.parent / "copperdale")
    refused_everywhere(capsys, "'copperdale' is a link")


# -- a link swapped in between a check and the open ---------------------------------------

def test_a_link_swapped_in_after_the_check_is_refused_by_the_open(game: Path) -> None:
    root, card = game.parent, "copperdale/templates/card.svg.j2"
    assert stat_inside(root, card).st_size > 0  # the check a caller makes first
    (root / card).unlink()
    (root / card).symlink_to(game.parent.parent / "secret.txt")
    with pytest.raises(FileRefused, match="is a link"):
        read_inside(root, card, 1000)


@pytest.mark.parametrize("swapped", ["templates", "card.svg.j2"])
def test_a_link_swapped_in_during_the_walk_is_refused(
        swapped: str, game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The swap lands between opening one folder and opening the next name in it: the
    name is opened relative to the folder already open, never followed."""
    real_open = os.open
    target = game / "templates" / "card.svg.j2" if swapped == "card.svg.j2" else (
        game / "templates")

    def open_after_a_swap(path: str | Path, flags: int, *args: object, **kw: object) -> int:
        if str(path) == swapped and not target.is_symlink():
            moved = target.with_name(target.name + ".moved")
            os.rename(target, moved)
            target.symlink_to(game.parent.parent / ("secret.txt" if target.suffix else ""))
        return real_open(path, flags, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(confined.os, "open", open_after_a_swap)
    with pytest.raises(FileRefused, match="is a link"):
        read_inside(game.parent, "copperdale/templates/card.svg.j2", 1000)


@pytest.mark.parametrize("relative", ["../secret.txt", "/etc/hostname", "a/../../secret.txt"])
def test_a_path_that_leaves_the_root_is_refused(relative: str, game: Path) -> None:
    with pytest.raises(FileRefused, match="leads out of the deck's folder"):
        read_inside(game, relative, 1000)


def test_a_missing_file_is_missing_not_refused(game: Path) -> None:
    with pytest.raises(FileMissing):
        read_inside(game.parent, "copperdale/templates/nothing.svg.j2", 1000)
    with pytest.raises(FileMissing):
        read_inside(game.parent, "copperdale/deck.yaml/below", 1000)


# -- nothing passed over without a word ---------------------------------------------------

def test_a_fifo_template_of_a_game_of_ones_own_is_refused_not_missing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "new", "decks/mygame", "--name", "Mine")[0] == 0
    (tmp_path / "decks" / "mygame" / "templates" / "card.svg.j2").unlink()
    os.mkfifo(tmp_path / "decks" / "mygame" / "templates" / "card.svg.j2")
    code, out = run(capsys, "validate", "mygame", "--components", "decks")
    assert code == 1
    assert out.startswith("decks/mygame/templates/card.svg.j2:1:1: error: template "
                          "'card.svg.j2': 'mygame/templates/card.svg.j2' is a FIFO"), out


def test_a_game_of_ones_own_that_extends_itself_is_a_located_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "new", "decks/mygame", "--name", "Mine")[0] == 0
    game_yaml = tmp_path / "decks" / "mygame" / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    game_yaml.write_text(text.replace("id: mygame\n", "id: mygame\nextends: mygame\n"),
                         encoding="utf-8")
    line = text[:text.index("id: mygame")].count("\n") + 2
    for argv in (["validate"], ["build", "--out", "out"]):
        code, out = run(capsys, *argv, "mygame", "--components", "decks")
        assert code == 1
        assert out.splitlines()[0] == (
            f"decks/mygame/game.yaml:{line}:10: error: extends 'mygame', which is this game "
            "itself: only a bundled game can be extended (remove 'extends') (extends)")
    assert not Path("out").exists()
