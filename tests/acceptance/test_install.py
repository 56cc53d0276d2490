"""`pip install .` gives a working tool: the wheel carries the bundled components and
templates, and the installed command validates and builds from any folder.

The wheel is built from a copy of the sources without build isolation (no download) and
installed into a fresh venv in a temporary folder (tests/installing.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from installing import PIP, clean_env, copy_sources, fresh_venv, sh

pytestmark = pytest.mark.slow  # outside the fast tier (make test-fast)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv holding the built wheel; returns its bin folder."""
    root = tmp_path_factory.mktemp("install")
    src = copy_sources(root / "src")
    sh(*PIP, "wheel", "-q", "--no-deps", "--no-build-isolation", "--no-index", src,
       "-w", root / "dist", cwd=root)
    (wheel,) = (root / "dist").glob("copperplate-*.whl")
    bin_dir = fresh_venv(root / "venv", with_pip=False)
    sh(*PIP, "--python", bin_dir / "python", "install", "-q", "--no-deps", "--no-index", wheel,
       cwd=root)
    return bin_dir


def test_the_wheel_ships_components_and_templates(installed: Path, tmp_path: Path) -> None:
    where = sh(installed / "python", "-c",
               "import generator.files.bundled as b; print(b.BUNDLED_COMPONENTS, b.SOURCE_TREE)",
               cwd=tmp_path).stdout
    components, source_tree = where.split()
    assert components.startswith(str(installed.parent)) and source_tree == "None"
    assert (Path(components) / "copperdale" / "game.yaml").is_file()


def test_the_installed_command_validates_and_builds(installed: Path, tmp_path: Path) -> None:
    env = clean_env(COPPERPLATE_CACHE=str(tmp_path / "cache"))
    copperplate = installed / "copperplate"
    assert sh(copperplate, "--version", cwd=tmp_path, env=env).stdout.startswith("copperplate ")
    assert "0 error(s)" in sh(copperplate, "validate", "copperdale", cwd=tmp_path,
                              env=env).stderr
    sh(copperplate, "build", "copperdale", "--out", "out", "--quiet", cwd=tmp_path, env=env)
    assert (tmp_path / "out" / "copperdale" / "copperdale-a4.pdf").stat().st_size > 10_000
    listing = sh(copperplate, "list", cwd=tmp_path, env=env).stdout
    assert "invalid data" not in listing and listing.count("components") == 5


def test_new_works_from_the_wheel(installed: Path, tmp_path: Path) -> None:
    """The scaffold and the bundled game copied by `new` come from the installed package."""
    copperplate = installed / "copperplate"
    sh(copperplate, "new", "games/mine", "--name", "Mine", cwd=tmp_path)
    sh(copperplate, "new", "games/solo", "--name", "Solo", "--from", "copperdale", cwd=tmp_path)
    result = sh(copperplate, "validate", "--components", "games", cwd=tmp_path)
    assert "7 game(s) checked: 0 error(s)" in result.stderr
