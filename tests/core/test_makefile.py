"""`make` says what it is doing and how to run the tool afterwards; `make install` puts
the command on the PATH (read with `make -n`, nothing is run)."""

from __future__ import annotations

import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _plan(*argv: str) -> str:
    return subprocess.run(["make", "-n", "-B", *argv], cwd=REPO, capture_output=True,
                          text=True, check=True).stdout


def test_make_shows_its_progress_and_says_how_to_run_the_tool() -> None:
    plan = _plan("build")
    assert "==> installing copperplate and its pinned dependencies" in plan
    assert "pip install" in plan and " -q " not in plan  # pip's own lines show
    assert "Run the tool as .venv/bin/copperplate" in plan


def test_make_install_links_the_command(tmp_path: Path) -> None:
    plan = _plan("install", f"PREFIX={tmp_path}")
    assert f"ln -sf {REPO}/.venv/bin/copperplate {tmp_path}/bin/copperplate" in plan
