"""`pip install .` gives a working tool: the wheel carries the bundled components and
templates, and the installed command validates and builds from any folder.

The wheel is built from a copy of the tracked sources (a stale ``build/`` must not leak
in) and installed into a fresh venv in a temporary folder. No download: the wheel is
built without build isolation, and the venv sees this interpreter's installed
dependencies through a ``.pth`` line (a plain path: the editable install of the
repository that may live there is not activated by it).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SOURCES = ["pyproject.toml", "setup.py", "README.md", "generator", "components", "templates"]


def _sh(*argv: str | Path, cwd: Path, env: dict[str, str] | None = None) -> str:
    result = subprocess.run([str(a) for a in argv], cwd=cwd, env=env or _clean_env(),
                            capture_output=True,
                            text=True, check=False, timeout=300)
    assert result.returncode == 0, f"{argv}: {result.stdout}{result.stderr}"
    return result.stdout + result.stderr


def _clean_env() -> dict[str, str]:
    """No PYTHONPATH (it would put the repository first) and a private face cache."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "COPPERPLATE_CACHE")}


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv holding the built wheel; returns its bin folder."""
    root = tmp_path_factory.mktemp("install")
    src = root / "src"
    for name in SOURCES:
        if (REPO / name).is_dir():
            shutil.copytree(REPO / name, src / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            src.mkdir(exist_ok=True)
            shutil.copy(REPO / name, src / name)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    _sh(*pip, "wheel", "-q", "--no-deps", "--no-build-isolation", "--no-index", str(src),
        "-w", root / "dist", cwd=root)
    (wheel,) = (root / "dist").glob("copperplate-*.whl")
    venv = root / "venv"
    _sh(sys.executable, "-m", "venv", "--without-pip", venv, cwd=root)
    _sh(*pip, "--python", venv / "bin" / "python", "install", "-q", "--no-deps", "--no-index",
        wheel, cwd=root)
    (site,) = venv.glob("lib/python*/site-packages")
    (site / "copperplate-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return venv / "bin"


def test_the_wheel_ships_components_and_templates(installed: Path, tmp_path: Path) -> None:
    where = _sh(installed / "python", "-c",
                "import generator.bundled as b; print(b.BUNDLED_COMPONENTS, b.SOURCE_TREE)",
                cwd=tmp_path, env=_clean_env())
    components, source_tree = where.split()
    assert components.startswith(str(installed.parent)) and source_tree == "None"
    assert (Path(components) / "copperdale" / "game.yaml").is_file()


def test_the_installed_command_validates_and_builds(installed: Path, tmp_path: Path) -> None:
    env = {**_clean_env(), "COPPERPLATE_CACHE": str(tmp_path / "cache")}
    assert "copperplate 0.1.0" in _sh(installed / "copperplate", "--version", cwd=tmp_path,
                                      env=env)
    assert "0 error(s)" in _sh(installed / "copperplate", "validate", "copperdale",
                               cwd=tmp_path, env=env)
    _sh(installed / "copperplate", "build", "copperdale", "--out", "out", "--quiet",
        cwd=tmp_path, env=env)
    assert (tmp_path / "out" / "copperdale" / "copperdale-a4.pdf").stat().st_size > 10_000
    listing = _sh(installed / "copperplate", "list", cwd=tmp_path, env=env)
    assert "invalid data" not in listing and listing.count("components") == 5
