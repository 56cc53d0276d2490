"""cairocffi's C declarations parsed once and kept, not parsed again by every process.

Importing cairocffi has cffi parse cairo's C header text with pycparser: about 0.4 CPU s
in every process that draws (some 5 % of a cold build of the five games). cffi can write
what it parsed as a small Python module (its "out-of-line ABI mode": no compiler), whose
FFI object loads in about 10 ms and serves cairocffi alike (``new``, ``cast``, ``gc``,
``dlopen``, ``callback``…): the same library called the same way, so cairo draws the
same bytes. ``ready()`` puts that FFI where cairocffi imports its own
(``sys.modules["cairocffi.ffi"]``) before cairocffi is first imported.

The module is kept beside the package, as Python keeps bytecode
(``generator/__pycache__/cairo-ffi``; the cache folder where the package cannot be
written), keyed by cffi's version and the bytes of cairocffi's declarations, and holds a
digest of itself in its first line: a missing, stale or damaged one is made again, never
run. Where cairocffi also declares XCB (``xcffib`` installed) nothing is replaced; nor is
``cairocffi.pixbuf``'s FFI kept (nothing here loads images through GDK).

On Linux cairocffi is then imported without its hunt for the library by name: it asks
``ctypes.util.find_library`` for ``cairo-2``, ``cairo`` and ``libcairo-2``, which runs
``ldconfig -p`` four times and, for the two names no Linux has (those of cairo's Windows
builds), ``gcc`` and ``ld`` twice each (about 20 ms of CPU in those processes). On Linux
ctypes answers ``libcairo.so.2`` for ``cairo`` (the name ld.so's cache lists) and nothing
for the others, and cairocffi opens that name first, which is what it opens when it is
told nothing (its own list of file names starts with ``libcairo.so.2``): the same library
through the same dynamic linker. Where ``libcairo.so.2`` does not open, the hunt runs.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import hashlib
import importlib
import importlib.util
import io
import sys
import tempfile
import types
from collections.abc import Iterator
from pathlib import Path

from generator.files.bundled import PACKAGE
from generator.files.fileio import write_atomic
from generator.render.cachedir import cache_root, keep, opened, sealed

FORMAT = "copperplate-cairo-ffi-1"
NAME = "_copperplate_cairo_ffi"
SONAME = "libcairo.so.2"  # ctypes' answer for "cairo" on Linux, cairocffi's first file name


def ready() -> bool:
    """cairocffi's FFI loaded from the kept module, before cairocffi is first imported.
    Whether it is (False: cairocffi parses its declarations itself, as before)."""
    if "cairocffi" in sys.modules:
        return isinstance(sys.modules.get("cairocffi.ffi"), _Kept)
    spec = importlib.util.find_spec("cairocffi")
    if spec is None or not spec.submodule_search_locations or importlib.util.find_spec(
            "xcffib") is not None:
        return False
    package = Path(next(iter(spec.submodule_search_locations)))
    try:
        source = _kept_source(package)
    except (OSError, ImportError, ValueError):
        return False
    module = _Kept("cairocffi.ffi")
    exec(compile(source, f"<{NAME}>", "exec"), module.__dict__)  # noqa: S102 - verified
    sys.modules["cairocffi.ffi"] = module
    with _no_library_hunt():
        importlib.import_module("cairocffi")
    return True


def cairo_opens() -> bool:
    """Whether ``SONAME`` opens as it is (Linux, cairo installed where ld.so finds it)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        ctypes.CDLL(SONAME)
    except OSError:
        return False
    return True


@contextlib.contextmanager
def _no_library_hunt() -> Iterator[None]:
    """cairocffi imported with ``find_library`` answering nothing, where that opens the
    same library (``cairo_opens``); its own look-up otherwise."""
    if not cairo_opens():
        yield
        return
    real = ctypes.util.find_library
    ctypes.util.find_library = lambda name: None  # cairocffi binds it when imported
    try:
        yield
    finally:
        ctypes.util.find_library = real


class _Kept(types.ModuleType):
    """``cairocffi.ffi`` with the kept FFI (``ffi``) and no ``ffi_pixbuf``."""


def _key(package: Path) -> str:
    import cffi  # type: ignore[import-untyped]

    digest = hashlib.sha256(f"{FORMAT}|{cffi.__version__}|{sys.version}|".encode())
    for name in ("constants.py", "ffi.py"):
        digest.update((package / name).read_bytes())
    return digest.hexdigest()


def _kept_source(package: Path) -> bytes:
    """The kept module's code, read and checked, or made (and kept) when there is none."""
    key = _key(package)
    places = [PACKAGE / "__pycache__" / "cairo-ffi" / f"{key}.py",
              cache_root() / "cairo-ffi" / f"{key}.py"]
    for place in places:
        try:
            found = opened(FORMAT, place.read_bytes(), place, prefix="# ")
        except OSError:
            continue
        if found is not None:
            return found
    code = _made(package)
    entry = sealed(FORMAT, code, prefix="# ")
    try:
        if sys.dont_write_bytecode:
            raise OSError("bytecode is not written")
        write_atomic(places[0], entry)
    except OSError:
        keep(places[1], entry)
    return code


def _made(package: Path) -> bytes:
    """What cffi writes for cairocffi's declarations (parsed here once)."""
    from cffi import FFI

    spec = importlib.util.spec_from_file_location("_copperplate_cairo_constants",
                                                  package / "constants.py")
    if spec is None or spec.loader is None:
        raise ImportError("cairocffi's constants cannot be read")
    constants = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(constants)
    ffi = FFI()
    ffi.cdef(constants._CAIRO_HEADERS)
    ffi.set_source(NAME, None)
    with (tempfile.TemporaryDirectory(prefix="copperplate-cairo-ffi-") as folder,
          contextlib.redirect_stdout(io.StringIO())):  # cffi says "generating …"
        path = Path(folder) / f"{NAME}.py"
        ffi.emit_python_code(str(path))
        return path.read_bytes()
