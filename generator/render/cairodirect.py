"""One SVG face to a one-page PDF through cairosvg, without two of cairocffi's per-call costs.

- cairocffi asks cairo for a drawing context's status after every call (``save``,
  ``move_to``, ``show_text``…: about 500,000 calls for the five games, each a Python call,
  a C call and a second Python call). A context's error is sticky — once in error, every
  later operation is a no-op and the status stays — so here each context is asked once,
  when the face is drawn: any error is still raised, as the same ``cairocffi`` exception,
  only later (or, where Python code in between stumbled on what an errored context
  answered, chained behind that error). Nor are the font options cairosvg makes for each
  element asked theirs (four times an element): options in error put the context they
  are set on in error (``cairo_set_font_options``), which is asked.
- cairosvg lays text out letter by letter: each letter's extents are read into a fresh C
  struct, and each letter is turned into a fresh C string twice (measured, then shown).
  Here a text's C string is made once (cairo only reads it) and extents are read into one
  struct, copied out at once.
- cairosvg hands cairo a Python file object, which cairo writes in small pieces through a
  Python callback (about 450 a face). Here cairo writes to a memory file of this process
  (``memfd``) by its ``/proc`` path, in C, and the bytes are read back once.

Neither changes what is drawn: cairo writes the same PDF (a test draws faces both ways and
compares the bytes). Used for the cairosvg and cairocffi series it was checked against
(``CHECKED``) on a system with memory files; otherwise ``cairosvg.svg2pdf`` as before.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

CHECKED = {"cairosvg": "2.9.", "cairocffi": "1.7."}
SCRATCH: dict[int, int] = {}  # process id -> its memory file (a forked worker makes its own)


def svg2pdf(svg: bytes) -> bytes:
    """The PDF cairosvg draws for ``svg`` (its defaults: 96 dpi, scale 1, no background)."""
    import cairocffi  # type: ignore[import-untyped]
    import cairosvg

    if not (cairosvg.__version__.startswith(CHECKED["cairosvg"])
            and cairocffi.VERSION.startswith(CHECKED["cairocffi"])):
        return bytes(cairosvg.svg2pdf(bytestring=svg))
    tree = cairosvg.parser.Tree(bytestring=svg)
    fd = _scratch()
    output: Any = f"/proc/self/fd/{fd}" if fd is not None else io.BytesIO()
    with _checked_once(cairocffi):
        surface = cairosvg.surface.PDFSurface(tree, output, 96)
    surface.finish()  # the surface's own status is still checked here, as before
    if fd is None:
        return bytes(output.getvalue())
    return _read(fd)


def _scratch() -> int | None:
    """This process's memory file, made on first use; None where there is none."""
    pid = os.getpid()
    if pid not in SCRATCH:
        try:
            fd = os.memfd_create("copperplate-face", os.MFD_CLOEXEC)
        except (AttributeError, OSError):
            return None
        if not os.path.exists(f"/proc/self/fd/{fd}"):  # no /proc: cairo could not open it
            os.close(fd)
            return None
        SCRATCH.clear()  # a parent's entry is the parent's file, not this process's
        SCRATCH[pid] = fd
    return SCRATCH[pid]


def _read(fd: int) -> bytes:
    size = os.fstat(fd).st_size
    chunks, done = [], 0
    while done < size:
        chunk = os.pread(fd, size - done, done)
        if not chunk:
            break
        chunks.append(chunk)
        done += len(chunk)
    return b"".join(chunks)


@contextmanager
def _checked_once(cairocffi: Any) -> Iterator[None]:
    """Contexts made inside are not asked their status after each call, but once, at the
    end; the first in error raises (behind any other exception raised meanwhile). Inside,
    a text's bytes for cairo are made once per text and its extents read into one struct."""
    made: list[Any] = []
    init = cairocffi.Context.__init__

    def remembered(self: Any, target: Any) -> None:
        init(self, target)
        made.append(self)

    try:
        with (_swapped(cairocffi.Context, __init__=remembered, _check_status=_unasked,
                       text_extents=_text_extents),
              _swapped(cairocffi.FontOptions, _check_status=_unasked),
              _swapped(cairocffi.context, _encode_string=_encoded)):
            yield
    except Exception as exc:
        _raise_first_error(cairocffi, made, exc)
        raise
    _raise_first_error(cairocffi, made, None)


@contextmanager
def _swapped(owner: Any, **replacements: Any) -> Iterator[None]:
    """``owner``'s attributes replaced inside, put back after (whatever happens)."""
    originals = {name: getattr(owner, name) for name in replacements}
    for name, value in replacements.items():
        setattr(owner, name, value)
    try:
        yield
    finally:
        for name, value in originals.items():
            setattr(owner, name, value)


def _unasked(self: Any) -> None:
    """Stands for ``Context._check_status`` while a face is drawn."""


@lru_cache(maxsize=4096)
def _encoded(text: str | bytes) -> Any:
    """cairocffi's ``_encode_string`` (a C string of the UTF-8), made once per text: cairo
    only reads it, and the cache keeps it alive."""
    from cairocffi import ffi

    return ffi.new("char[]", text if isinstance(text, bytes) else text.encode("utf8"))


@lru_cache(maxsize=1)
def _extents() -> tuple[Any, Any]:
    """cairo's library and the one struct that ``_text_extents`` reads into."""
    from cairocffi import cairo, ffi

    return cairo, ffi.new("cairo_text_extents_t *")


def _text_extents(self: Any, text: str) -> tuple[float, ...]:
    """``Context.text_extents`` reading into one struct per process (copied out at once)."""
    cairo, extents = _extents()
    cairo.cairo_text_extents(self._pointer, _encoded(text), extents)
    return (extents.x_bearing, extents.y_bearing, extents.width, extents.height,
            extents.x_advance, extents.y_advance)


def _raise_first_error(cairocffi: Any, made: list[Any], cause: Exception | None) -> None:
    for ctx in made:
        status = cairocffi.cairo.cairo_status(ctx._pointer)
        if status != cairocffi.constants.STATUS_SUCCESS:
            try:
                cairocffi._check_status(status)  # cairocffi's own exception and message
            except Exception as error:
                raise error from cause
