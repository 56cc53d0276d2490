"""The README stands on its own in a clone: every link is a file of the repository, and
what it documents exists."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
from pathlib import Path

import pytest

from generator.cli import main
from generator.deck.validate import validate_game
from generator.games import GAMES
from generator.render.svg import render_face

REPO = Path(__file__).resolve().parents[2]
README = (REPO / "README.md").read_text()


def test_every_link_is_a_file_in_the_repository() -> None:
    links = re.findall(r"\]\(([^)]+)\)", README)
    assert links
    for link in links:
        assert not link.startswith(("http:", "https:", "/", "..")), link
        assert (REPO / link.split("#")[0]).exists(), link


def test_no_reference_to_files_a_clone_does_not_have() -> None:
    assert "CONTRACT.md" not in README and "../" not in README and "research/" not in README


def test_the_documented_options_and_sections_are_there() -> None:
    for text in ("simulate copper-creek --components", "--quiet", "back colour", "## Dependencies",
                 "copperplate new", "--format github", ".pre-commit-hooks.yaml"):
        assert text in README, text


def test_every_pinned_dependency_is_explained() -> None:
    pyproject = (REPO / "pyproject.toml").read_text()
    block = pyproject.split("dependencies = [", 1)[1].split("]", 1)[0]
    names = re.findall(r'"([A-Za-z0-9_.-]+)==', block)
    section = README.split("## Dependencies", 1)[1].lower()
    assert names
    for name in names:
        assert name.lower() in section, name


def test_the_back_colour_example_recolours_the_back(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's commands, run as written, give Copperdale a blue card back."""
    monkeypatch.chdir(tmp_path)
    section = README.split("**A deck's back colour or art**", 1)[1]
    commands = re.search(r"```sh\n(.*?)```", section, re.S)
    assert commands is not None
    script = commands.group(1).replace("\\\n", " ")
    for line in script.splitlines():
        if line.startswith("copperplate new"):
            assert main(shlex.split(line)[1:]) == 0
        elif line.startswith("sed "):
            subprocess.run(["bash", "-c", line], check=True)
    loaded = validate_game(GAMES["copperdale"], tmp_path / "mydecks")
    assert loaded.data is not None
    deck = loaded.data.deck.pieces[0]
    back = render_face(loaded, deck, deck.faces[0], side="back")
    assert "#1e4a8c" in back and "#8c4a1e" not in back and "#a35a25" not in back


def test_the_compare_example_runs_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """The balance lab's commands, run as written (the comparison itself with a small
    budget and two games, to stay quick): the variant is declared and compares."""
    monkeypatch.chdir(tmp_path)
    section = README.split("**Compare two decks.**", 1)[1]
    commands = re.search(r"```sh\n(.*?)```", section, re.S)
    assert commands is not None
    lines = [line for line in commands.group(1).splitlines() if line.startswith("copperplate")
             or line.startswith("printf")]
    assert [line.split()[:2] for line in lines] == [
        ["copperplate", "new-variant"], ["printf", "'skills:\\n"], ["copperplate", "compare"]]
    assert main(shlex.split(lines[0])[1:]) == 0
    subprocess.run(["bash", "-c", lines[1]], check=True)
    argv = shlex.split(lines[2])[1:]
    argv[argv.index("--games") + 1] = "2"
    argv[argv.index("--bot") + 1] = "mcts:2:greedy"
    capsys.readouterr()
    assert main([*argv, "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 2


def test_the_pieces_example_runs_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """The ``pieces`` example's commands, run as written (with 3 games, to stay quick):
    the Saloon and the Dance Hall are changed, and both are played restricted."""
    monkeypatch.chdir(tmp_path)
    section = README.split("**Which piece is out of line.**", 1)[1]
    commands = re.search(r"```sh\n(.*?)```", section, re.S)
    assert commands is not None
    lines = [line.split("  #")[0] for line in
             commands.group(1).replace("\\\n", " ").splitlines() if not line.startswith("#")]
    assert [line.split()[:2] for line in lines] == [
        ["copperplate", "new"], ["sed", "-i"], ["copperplate", "pieces"]]
    assert main(shlex.split(lines[0])[1:]) == 0
    before = (tmp_path / "mydecks/boomtown-builders/buildings.yaml").read_text()
    subprocess.run(["bash", "-c", lines[1]], check=True)
    after = (tmp_path / "mydecks/boomtown-builders/buildings.yaml").read_text()
    changed = [line.split(",")[0] for line in after.splitlines()
               if line not in before.splitlines()]
    assert changed == ["      - {id: saloon", "      - {id: dance-hall"]  # one profile
    argv = shlex.split(lines[2])[1:]
    argv[argv.index("--games") + 1] = "3"
    capsys.readouterr()
    assert main([*argv, "--jobs", "1", "--check", "end", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {r["id"] for r in out["pieces"] if r["restricted"]} == {"saloon", "dance-hall"}
    assert (tmp_path / "pieces.html").is_file()
