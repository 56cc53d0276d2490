"""cairocffi's declarations parsed once and kept: a process that finds them loads them
instead of parsing, draws the same PDF, and a damaged or missing entry is made again."""

from __future__ import annotations

import hashlib
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.render import cairoffi
from generator.render.cache import cairo_version

DRAW = ("import sys, hashlib, pathlib\n"
        "from generator.render import cairoffi\n"
        "cairoffi.PACKAGE = pathlib.Path(sys.argv[2])  # not the package's own kept one\n"
        "kept = cairoffi.ready() if sys.argv[1] == 'kept' else False\n"
        "from tests.cairodraw import draw\n"
        "body = '<text x=\"5\" y=\"10\" font-size=\"6\" fill=\"#0072B2\">Copper Creek</text>'\n"
        "print(kept, type(sys.modules['cairocffi.ffi']).__name__,"
        " hashlib.sha256(draw(body)).hexdigest())\n")


def _draw(how: str, cache: Path) -> list[str]:
    env = {**os.environ, "COPPERPLATE_CACHE": str(cache), "PYTHONDONTWRITEBYTECODE": "1",
           "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    done = subprocess.run([sys.executable, "-c", DRAW, how, str(cache / "package")],
                          env=env, capture_output=True, text=True, check=True)
    return done.stdout.split()


def test_kept_declarations_draw_the_same_pdf(tmp_path: Path) -> None:
    first = _draw("kept", tmp_path)  # parses, keeps (in the cache folder: no bytecode)
    assert list((tmp_path / "cairo-ffi").glob("*.py"))
    again = _draw("kept", tmp_path)  # loads what was kept
    parsed = _draw("parsed", tmp_path)
    assert first[:2] == again[:2] == ["True", "_Kept"]
    assert parsed[:2] == ["False", "module"]
    assert first[2] == again[2] == parsed[2]


def test_a_damaged_entry_is_made_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COPPERPLATE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(cairoffi, "PACKAGE", tmp_path / "package")
    spec = importlib.util.find_spec("cairocffi")
    assert spec is not None and spec.submodule_search_locations
    package = Path(next(iter(spec.submodule_search_locations)))
    code = cairoffi._kept_source(package)
    # beside the package, as bytecode; in the cache folder where bytecode is not written
    kept_in = tmp_path / ("cache" if sys.dont_write_bytecode else "package/__pycache__")
    [entry] = (kept_in / "cairo-ffi").glob("*.py")
    entry.write_bytes(entry.read_bytes().replace(b"_types", b"_typez", 1))
    assert cairoffi._kept_source(package) == code
    head, _, kept = entry.read_bytes().partition(b"\n")
    assert head.endswith(hashlib.sha256(kept).hexdigest().encode()) and kept == code


HUNT = ("import ctypes.util, sys, pathlib\n"
        "from generator.render import cairoffi\n"
        "cairoffi.PACKAGE = pathlib.Path(sys.argv[1])\n"
        "asked = []\n"
        "real = ctypes.util.find_library\n"
        "def counting(name):\n"
        "    asked.append(name)\n"
        "    return real(name)\n"
        "ctypes.util.find_library = counting\n"
        "kept = cairoffi.ready()\n"
        "import cairocffi\n"
        "print(kept, asked, ctypes.util.find_library is counting,"
        " cairocffi.cairo_version_string())\n")


@pytest.mark.skipif(not cairoffi.cairo_opens(), reason="libcairo.so.2 does not open by name")
def test_cairocffi_is_imported_without_hunting_for_the_library(tmp_path: Path) -> None:
    """ctypes' look-up runs ldconfig, gcc and ld for cairocffi's three names; where
    libcairo.so.2 opens by name (cairocffi's first file name) it is not asked at all."""
    env = {**os.environ, "COPPERPLATE_CACHE": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1",
           "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    done = subprocess.run([sys.executable, "-c", HUNT, str(tmp_path / "package")], env=env,
                          capture_output=True, text=True, check=True)
    kept, asked, restored, version = done.stdout.split(maxsplit=3)
    assert (kept, asked, restored) == ("True", "[]", "True")
    assert version.strip() == cairo_version()  # the library the faces' cache is keyed by
