"""What the install and CI tests share: a copy of the sources, fresh venvs, commands run
outside the repository with no download (tests/acceptance/test_install.py, test_ci.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SOURCES = ["pyproject.toml", "setup.py", "README.md", "generator", "components", "templates"]
PIP = [sys.executable, "-m", "pip", "--disable-pip-version-check"]


def clean_env(**extra: str) -> dict[str, str]:
    """No PYTHONPATH (it would put the repository first), plus ``extra``."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "COPPERPLATE_CACHE")}
    return {**env, **extra}


def sh(*argv: str | Path, cwd: Path, env: dict[str, str] | None = None,
       ok: bool = True) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([str(a) for a in argv], cwd=cwd, env=env or clean_env(),
                            capture_output=True, text=True, check=False, timeout=300)
    if ok:
        assert result.returncode == 0, f"{argv}: {result.stdout}{result.stderr}"
    return result


def copy_sources(dest: Path) -> Path:
    """The files a clone has that a wheel needs (a stale build/ must not leak in)."""
    dest.mkdir(parents=True)
    for name in SOURCES:
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, dest / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy(REPO / name, dest / name)
    return dest


def fresh_venv(path: Path, *, with_pip: bool) -> Path:
    """A new venv that sees this interpreter's installed packages through a ``.pth`` line
    (a plain path: an editable install of the repository living there stays inactive),
    so installing Copperplate into it downloads nothing. Returns its bin folder."""
    sh(sys.executable, "-m", "venv", *([] if with_pip else ["--without-pip"]), path,
       cwd=path.parent)
    if with_pip:  # ensurepip's old setuptools would shadow the pinned one (pyproject.toml)
        sh(path / "bin" / "python", "-m", "pip", "uninstall", "-q", "-y", "setuptools",
           cwd=path.parent)
    (site,) = path.glob("lib/python*/site-packages")
    (site / "copperplate-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return path / "bin"
