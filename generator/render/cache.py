"""SVG → one-page PDF through cairosvg, cached by content so a rebuild renders only what changed.

The key is the SVG text plus everything that can change cairo's output (the font set's
fingerprint, the cairosvg version, ``FORMAT``). An entry is one line ``FORMAT sha256=HEX``
followed by exactly the bytes cairosvg produced, and is used only when those bytes still
hash to HEX: a cache hit and a miss give the same output, and a damaged entry (even one
that still parses as a PDF) is drawn again. A cache folder that cannot be used costs only
speed: one warning line, then the faces are drawn into a private temporary folder.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import hashlib
import os
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from pathlib import Path

from generator.files.installed import installed_version
from generator.render import cairodirect, cairoffi, cairoshort, cairotext, textpass
from generator.render.cachedir import keep, opened, sealed
from generator.render.sandbox import budget

FORMAT = "copperplate-face-2"
POOL_MIN = 150  # automatic pool only above this many misses: forking costs ~0.2 s on 2 cores


class FaceError(Exception):
    """cairosvg could not draw SVG number ``index`` (a template wrote broken SVG)."""

    def __init__(self, index: int, cause: Exception) -> None:
        super().__init__(f"{type(cause).__name__}: {cause}")
        self.index = index




@lru_cache(maxsize=1)
def cairo_version() -> str:
    """The system cairo's version (an upgrade may draw differently), asked through ctypes:
    cheap, unlike importing cairocffi (and without ``find_library``'s ``ldconfig`` where
    ``libcairo.so.2`` opens as it is: the name it answers on Linux)."""
    try:
        name = cairoffi.SONAME if cairoffi.cairo_opens() else ctypes.util.find_library("cairo")
        lib = ctypes.CDLL(name or cairoffi.SONAME)
        lib.cairo_version_string.restype = ctypes.c_char_p
        return str(lib.cairo_version_string().decode())
    except (OSError, AttributeError):
        return "unknown"


def svg_to_pdf(svg: str) -> bytes:
    """One face drawn by cairo under the same CPU and memory budget as its template
    (``sandbox.budget``), in this process or in a pool worker."""
    cairoffi.ready()  # cairocffi's declarations read from what was parsed once
    cairotext.install()  # letters laid out with less Python: the same cairo calls
    textpass.install()  # each text's unseen outline pass skipped: the same bytes, sooner
    cairoshort.install()  # empty stylesheets and text cursors handled directly: the same
    with budget(persistent=True):  # cairosvg is imported late: fonts.pin comes first
        return cairodirect.svg2pdf(svg.encode("utf-8"))


KEPT: dict[str, bytes] = {}  # faces drawn or read in this process, for a ``watch`` that asks
KEPT_MAX = 4096  # faces kept in memory at most (then the store starts again)


class FaceCache:
    def __init__(self, folder: Path, fingerprint: str, in_memory: bool = False) -> None:
        """``in_memory``: also keep each face in this process (``KEPT``), for a run that
        builds the same deck again and again (``watch``), so that a face not changed since
        is not read from disk again; the folder's entries are checked as ever."""
        self.folder = folder / "faces"
        self.kept = KEPT if in_memory else None
        # the installed version, read without importing cairosvg: importing it costs about
        # 0.4 s (cairocffi parses its C declarations), which a warm rebuild never needs
        self.salt = (f"{FORMAT}|{installed_version('cairosvg')}|{cairo_version()}|{fingerprint}|"
                     ).encode()
        self.hits = self.misses = 0

    def key(self, svg: str) -> str:
        return hashlib.sha256(self.salt + svg.encode("utf-8")).hexdigest()

    def _path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.pdf"

    def _load(self, key: str) -> bytes | None:
        if self.kept is not None and key in self.kept:
            return self.kept[key]
        try:
            entry = self._path(key).read_bytes()
        except OSError:
            return None
        found = opened(FORMAT, entry, self._path(key))
        if found is not None:
            self._remember(key, found)
        return found

    def _store(self, key: str, data: bytes) -> None:
        keep(self._path(key), sealed(FORMAT, data))
        self._remember(key, data)

    def _remember(self, key: str, data: bytes) -> None:
        if self.kept is not None:
            if len(self.kept) >= KEPT_MAX:
                self.kept.clear()
            self.kept[key] = data

    def render_all(self, svgs: Sequence[str], tick: Callable[[int], None] | None = None,
                   jobs: int = 0) -> list[bytes]:
        """The PDF of every SVG, in order; misses rendered in a process pool when many."""
        keys = [self.key(s) for s in svgs]
        found = {k: self._load(k) for k in dict.fromkeys(keys)}
        todo = [(k, s) for k, s in zip(keys, svgs, strict=True) if found[k] is None]
        todo = list(dict((k, s) for k, s in todo).items())
        self.hits, self.misses = len(found) - len(todo), len(todo)
        if tick:
            tick(len(svgs) - len(todo))
        done = 0
        try:
            for data in self._render(todo, jobs):
                found[todo[done][0]] = data
                self._store(todo[done][0], data)
                done += 1
                if tick:
                    tick(1)
        except Exception as exc:  # cairosvg rejects the SVG a template produced
            raise FaceError(keys.index(todo[done][0]), exc) from exc
        return [found[k] or b"" for k in keys]

    @staticmethod
    def _render(todo: list[tuple[str, str]], jobs: int) -> Iterator[bytes]:
        """Rendered in order; in a process pool when asked (``jobs`` >= 2) or when there
        are many (``jobs`` 0). Same bytes either way: cairo output depends only on input."""
        if not todo:
            return
        cairoffi.ready()
        import cairosvg  # noqa: F401  once here, so forked workers inherit it ready

        workers = jobs or (min(os.cpu_count() or 1, 8) if len(todo) >= POOL_MIN else 1)
        if workers < 2:
            yield from (svg_to_pdf(s) for _, s in todo)
            return
        from concurrent.futures import ProcessPoolExecutor  # a pool's machinery: only here

        with ProcessPoolExecutor(workers) as pool:  # inherits FONTCONFIG_FILE
            yield from pool.map(svg_to_pdf, [s for _, s in todo], chunksize=4)
