"""validate remembers a game's problems by the content of all it read, and is never fooled.

Each test runs the command in this process with the memo on and a cache folder of its own.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.checks import memo
from generator.cli import main
from generator.data.components import BUNDLED_COMPONENTS
from generator.files.installed import installed_version
from generator.files.problems import Problem
from generator.games import REGISTERED, Games
from generator.render.cachedir import usable


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("COPPERPLATE_VALIDATE_MEMO", "on")
    monkeypatch.setenv("COPPERPLATE_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache" / "results"


@pytest.fixture
def deck(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A Copperdale deck with one mistake, in a folder that is the current directory."""
    monkeypatch.chdir(tmp_path)
    shutil.copytree(BUNDLED_COMPONENTS / "copperdale", tmp_path / "copperdale")
    deck = tmp_path / "copperdale" / "deck.yaml"
    deck.write_text(deck.read_text().replace("id: ", "id: Bad Id ", 1))
    return tmp_path


def validate(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(["validate", "copperdale", "--components", ".", *argv])
    return code, capsys.readouterr().out


def entries(cache: Path) -> list[Path]:
    return sorted(cache.rglob("*.json"))


def test_a_remembered_result_prints_the_same_as_a_fresh_one(
        cache: Path, deck: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.commands import validate as command

    drawn: list[str] = []
    real = command.game_problems
    monkeypatch.setattr(command, "game_problems",
                        lambda game_id, user_dir: drawn.append(game_id) or real(game_id, user_dir))
    cold = validate(capsys, "--json")
    assert len(entries(cache)) == 1 and drawn == ["copperdale"]
    warm = validate(capsys, "--json")
    assert drawn == ["copperdale"]  # the cache folder sits inside the tree: still a hit
    assert cold == warm and cold[0] == 1 and json.loads(cold[1])  # the mistake, both times
    assert validate(capsys) == validate(capsys)  # and in text


def test_an_edit_anywhere_in_the_tree_is_seen(
        cache: Path, deck: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert validate(capsys)[0] == 1
    fixed = deck / "copperdale" / "deck.yaml"
    fixed.write_text(fixed.read_text().replace("id: Bad Id ", "id: ", 1))
    assert validate(capsys)[0] == 0
    assert len(entries(cache)) == 2


def test_a_damaged_entry_is_drawn_again_never_trusted(
        cache: Path, deck: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = validate(capsys)
    (entry,) = entries(cache)
    head, _, data = entry.read_bytes().partition(b"\n")
    entry.write_bytes(head + b"\n" + data.replace(b"error", b"warning"))  # a forged verdict
    assert validate(capsys) == first
    entry.write_bytes(b"\x00garbage")
    assert validate(capsys) == first


def test_a_read_only_cache_costs_only_speed(
        tmp_path: Path, deck: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    blocked = tmp_path / "not-a-folder"  # even root cannot make a folder here
    blocked.write_text("a file")
    monkeypatch.setenv("COPPERPLATE_VALIDATE_MEMO", "on")
    monkeypatch.setenv("COPPERPLATE_CACHE", str(blocked))
    usable.cache_clear()
    said = []
    for _ in range(2):
        assert main(["validate", "copperdale", "--components", "."]) == 1
        out, err = capsys.readouterr()
        assert "suits.0.id" in out and "1 error(s)" in err
        said.append(err.count("cannot be used"))
    assert said == [1, 0]  # said once, then quiet


def test_a_result_of_the_machine_s_load_is_not_kept(cache: Path, tmp_path: Path) -> None:
    remembered = memo.ResultMemo(cache.parent, "key")
    over = Problem("t.svg.j2", 1, 1, "error", "ran past its time limit", "template-limit")
    remembered.store("validate demo", [over])
    assert remembered.load("validate demo") is None
    sound = Problem("deck.yaml", 3, 5, "error", "a mistake", "schema")
    remembered.store("validate demo", [sound])
    assert remembered.load("validate demo") == [sound]
    assert remembered.load("lint demo a4 5.0") is None  # another question, another answer


def test_links_and_special_files_are_hashed_never_followed(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    tree.mkdir()
    os.mkfifo(tree / "pipe")  # opening it would block
    (tree / "secret").symlink_to("/proc/self/environ")
    digest = memo.hashlib.sha256()
    memo.tree_digest(tree, digest, [1 << 20])
    (tree / "secret").unlink()
    (tree / "secret").symlink_to("/etc/hostname")
    other = memo.hashlib.sha256()
    memo.tree_digest(tree, other, [1 << 20])
    assert digest.hexdigest() != other.hexdigest()  # the link's target is part of the key


def test_the_command_line_imports_no_game_it_does_not_run() -> None:
    code = ("import sys, generator.cli; "
            "print(sorted(m for m in sys.modules if m.startswith('generator.games.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "['generator.games.spec']"


def test_a_game_registered_twice_is_an_error_at_import() -> None:
    with pytest.raises(ValueError, match="registered twice"):
        Games((*REGISTERED, REGISTERED[0]))


def test_a_package_whose_spec_names_another_game_is_refused() -> None:
    swapped = Games((("copperdale", dict(REGISTERED)["copper-creek"]),))
    with pytest.raises(ValueError, match="registered as 'copperdale'"):
        swapped["copperdale"]


def test_lint_remembers_each_question_apart(
        cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    import generator.lint

    monkeypatch.chdir(tmp_path)
    shutil.copytree(BUNDLED_COMPONENTS / "copperdale", tmp_path / "copperdale")
    asked: list[float] = []

    def lint_game(loaded: object, papers: object, margin: float, *args: object,
                  **kwargs: object) -> list[Problem]:
        asked.append(margin)
        return [Problem("copperdale/deck.yaml", 1, 1, "warning", f"margin {margin}", "x")]

    monkeypatch.setattr(generator.lint, "lint_game", lint_game)

    def lint(*argv: str) -> tuple[int, str]:
        code = main(["lint", "copperdale", "--components", ".", "--paper", "a4", *argv])
        return code, capsys.readouterr().out

    cold, wide = lint(), lint("--printer-margin", "12")
    assert asked == [5.0, 12.0] and len(entries(cache)) == 2
    assert (lint(), lint("--printer-margin", "12")) == (cold, wide)
    assert asked == [5.0, 12.0]  # both answered from the memo
    assert "margin 5.0" in cold[1] and "margin 12.0" in wide[1]


def test_build_remembers_its_lint_by_paper_margin_and_ink(
        cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A rebuild of an unchanged tree does not lint again; another paper, margin, layout
    or ink is another question, and an edit is seen."""
    import generator.lint

    monkeypatch.chdir(tmp_path)
    shutil.copytree(BUNDLED_COMPONENTS / "copperdale", tmp_path / "tree" / "copperdale")
    asked: list[tuple[object, ...]] = []

    def lint_game(loaded: object, papers: list[str], margin: float, layout: object,
                  ink: str, stamp: bool) -> list[Problem]:
        asked.append((papers[0], margin, ink, stamp))
        return [Problem("copperdale/deck.yaml", 1, 1, "warning", f"{papers[0]} {ink}", "x")]

    monkeypatch.setattr(generator.lint, "lint_game", lint_game)

    def build(*argv: str) -> tuple[int, str]:
        code = main(["build", "copperdale", "--components", "tree", "--out", "out", "--quiet",
                     *argv])
        return code, capsys.readouterr().err

    first, letter = build(), build("--paper", "letter", "--ink", "saver")
    assert asked == [("a4", 5.0, "full", False), ("letter", 5.0, "saver", False)]
    assert (build(), build("--paper", "letter", "--ink", "saver")) == (first, letter)
    assert len(asked) == 2  # both answered from the memo
    assert "a4 full" in first[1] and "letter saver" in letter[1]
    deck = tmp_path / "tree" / "copperdale" / "deck.yaml"
    deck.write_text(deck.read_text() + "\n# an edit\n")
    assert build() == first and len(asked) == 3
    build("--stamp")  # a stamped build lints its faces stamped: another question
    assert asked[-1] == ("a4", 5.0, "full", True) and len(asked) == 4


def test_a_library_upgrade_changes_the_run_s_key(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A remembered result must not outlive the library it was found with."""
    monkeypatch.setenv("COPPERPLATE_VALIDATE_MEMO", "on")
    before = memo.ResultMemo.for_run(tmp_path / "cache", None).run_key
    real = memo.installed_header

    def upgraded(name: str) -> str | None:
        header = real(name)
        if name != "jinja2" or header is None:
            return header
        return header.replace(f"Version: {installed_version(name)}", "Version: 99.0")

    monkeypatch.setattr(memo, "installed_header", upgraded)
    after = memo.ResultMemo.for_run(tmp_path / "cache", None).run_key
    assert before is not None and after is not None and after != before
