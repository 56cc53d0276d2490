"""``simulate --log --picture``: only a picture name, only into a folder that exists, and
never over a file it did not draw."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli import main

ARGS = ("simulate", "copperdale", "--log", "--picture")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(autouse=True)
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("name,message", [
    ("buildings.yaml", "'buildings.yaml' must end in .svg or .png"),
    ("table", "'table' must end in .svg or .png"),
    ("missing/folder/table.svg", "folder 'missing/folder' does not exist"),
])
def test_a_name_that_is_no_picture_is_a_usage_error_before_any_game(
        name: str, message: str, here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (here / "buildings.yaml").write_text("pieces: []\n")
    code, out, err = run(capsys, *ARGS, name)
    assert code == 2 and out == ""
    assert err == f"copperplate: error: --picture: {message}\n"
    assert (here / "buildings.yaml").read_text() == "pieces: []\n"
    assert not (here / "missing").exists() and not (here / "table").exists()


@pytest.mark.parametrize("name", ["table.svg", "table.PNG"])
def test_its_own_picture_is_replaced_but_no_other_file(
        name: str, here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, *ARGS, name)[0] == 0
    first = (here / name).read_bytes()
    assert run(capsys, *ARGS, name)[0] == 0  # a picture it drew: replaced
    assert (here / name).read_bytes() == first
    (here / name).write_bytes(first.replace(b"copperplate", b"someone-else", 1))
    code, _, err = run(capsys, *ARGS, name)
    assert code == 2
    assert err == (f"copperplate: error: --picture: '{name}' exists and is not a picture "
                   "copperplate drew: not replaced\n")
    assert b"someone-else" in (here / name).read_bytes()


def test_a_game_loads_without_svgwrite_until_it_draws_a_position() -> None:
    code = ("import sys; from generator.games import GAMES; "
            "[GAMES[g].picture for g in GAMES]; print('svgwrite' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "False"
