"""Outputs are all-or-nothing: every game drawn before any is written, a PDF and its
manifest replaced together whatever moment a build is killed, absurd page counts refused."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from waiting import file_events

from generator.cli import main
from generator.data.components import BUNDLED_COMPONENTS
from generator.files import fileio
from generator.files.fileio import replace_together

ROOT = Path(__file__).resolve().parents[2]  # the repository

OLD = {"game-a4.pdf": b"old pdf", "manifest-a4.json": b"old manifest"}
NEW = {"game-a4.pdf": b"new pdf, longer", "manifest-a4.json": b"new manifest"}


def pair(folder: Path) -> dict[str, bytes]:
    return {name: (folder / name).read_bytes() for name in OLD}


class Counting:
    """``os`` as ``fileio`` sees it, dying like ``kill -9`` (no clean-up) at call ``die``."""

    def __init__(self, die: int) -> None:
        self.calls = 0
        self.die = die

    def __getattr__(self, name: str) -> Any:
        real = getattr(os, name)
        if not callable(real) or name in ("fsencode", "scandir", "readlink"):
            return real

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            if self.calls == self.die:
                os._exit(9)
            return real(*args, **kwargs)

        return counted


def killed_at(step: int, folder: Path) -> int:
    """Run ``replace_together`` in a child that dies at its ``step``-th system call; the
    child's exit status (9 when it died, 0 when it finished)."""
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        try:
            fileio.os = Counting(step)  # type: ignore[assignment]
            replace_together(folder, NEW)
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_the_pair_is_old_or_new_whichever_step_the_writer_dies_at(tmp_path: Path) -> None:
    folder = tmp_path / "out" / "game"
    seen = set()
    for step in range(1, 200):
        shutil.rmtree(tmp_path / "out", ignore_errors=True)
        replace_together(folder, OLD)
        (folder / "export-png").mkdir()
        (folder / "export-png" / "index.json").write_bytes(b"{}")
        code = killed_at(step, folder)
        now = pair(folder)
        assert now in (OLD, NEW), f"step {step}: {now}"
        assert (folder / "export-png" / "index.json").read_bytes() == b"{}"  # others stay
        seen.add(now == NEW)
        if code == 0:
            break
    assert seen == {False, True} and step > 5
    replace_together(folder, NEW)  # the next build sweeps what the killed one staged
    assert [p.name for p in folder.parent.iterdir()] == ["game"]


def _build(out: Path, env: dict[str, str], *extra: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "generator", "build", "copperdale",
                             "--out", str(out), "--quiet", *extra], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


@pytest.mark.slow  # a long run: kept out of the fast tier, run by make test
def test_kill_9_at_many_moments_leaves_the_old_pair_or_the_new(
        tmp_path: Path, face_cache: Path) -> None:
    """Killed at the first, second, … tenth batch of file changes the build makes in its
    output folder (moments chosen by events, not by a clock): whatever the moment, the
    old PDF and manifest or the new ones, never a mix."""
    env = dict(os.environ, COPPERPLATE_CACHE=str(face_cache), PYTHONPATH=str(ROOT))
    pairs = []
    for name, duplex in (("old", "none"), ("new", "long")):  # different page counts
        assert _build(tmp_path / name, env, "--duplex", duplex).wait() == 0
        pairs.append(_pdf_pair(tmp_path / name / "copperdale"))
    for i in range(10):
        out = tmp_path / f"run{i}"
        shutil.copytree(tmp_path / "old", out)
        build = _build(out, env, "--duplex", "long")
        for seen, _ in enumerate(file_events(out, build)):
            if seen == i:
                break
        build.send_signal(signal.SIGKILL)
        build.wait()
        assert _pdf_pair(out / "copperdale") in pairs, i


def _pdf_pair(folder: Path) -> tuple[bytes, bytes]:
    return ((folder / "copperdale-a4.pdf").read_bytes(),
            (folder / "manifest-a4.json").read_bytes())


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out + err


def _deck(root: Path, edit: Callable[[Path], None]) -> Path:
    shutil.copytree(BUNDLED_COMPONENTS / "copperdale", root / "copperdale")
    edit(root / "copperdale")
    return root


def test_one_game_failing_to_draw_means_no_game_is_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    def broken_back(game: Path) -> None:
        (game / "templates").mkdir()
        (game / "templates" / "card-back.svg.j2").write_text(
            '{% extends "_shared/base.svg.j2" %}{% block art %}<g>{% endblock %}')

    monkeypatch.chdir(_deck(tmp_path, broken_back))
    code, out = _run(capsys, "build", "copper-creek", "copperdale", "--components", ".",
                     "--out", "out")
    assert code == 1, out
    assert out.startswith("copperdale/templates/card-back.svg.j2:1:1: error: the back of "
                          "'deck' face 'a-spades' is not valid SVG"), out
    assert out.splitlines()[0].endswith("(the same on 52 faces) (template-svg)")
    assert not (tmp_path / "out").exists()


def test_too_many_pages_is_a_located_error_unless_raised(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(_deck(tmp_path, lambda game: None))
    argv = ("build", "copperdale", "--components", ".", "--out", "out", "--max-pages")
    code, out = _run(capsys, *argv, "5")  # refused from the counts, before drawing
    first = out.splitlines()[0]
    assert code == 1
    assert first.startswith("copperdale/deck.yaml:28:5: error: the build would make at "
                            "least 14 pages, most of them for 'deck' (52 copies); the limit "
                            "is 5 (raise it with --max-pages N) (max-pages)"), out
    code, out = _run(capsys, *argv, "17")  # the counts allow it, the real pages do not
    assert code == 1 and "at least 18 pages" in out and "(max-pages)" in out
    assert not (tmp_path / "out").exists()
    code, out = _run(capsys, *argv, "18")
    assert code == 0, out
    assert (tmp_path / "out" / "copperdale" / "copperdale-a4.pdf").exists()


def test_an_output_folder_that_is_a_link_is_replaced_by_a_real_folder(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    replace_together(elsewhere, OLD)
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "game").symlink_to(elsewhere)
    replace_together(tmp_path / "out" / "game", NEW)
    assert pair(tmp_path / "out" / "game") == NEW and pair(elsewhere) == OLD
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["game"]
    assert not (tmp_path / "out" / "game").is_symlink()
