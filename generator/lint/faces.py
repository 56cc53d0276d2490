"""Every distinct face a game prints, rendered with its template lines marked, and read back.

The lint reads each face as the build draws it, with its template lines marked
(``render.marks``): every ``<text`` and ``<image`` tag of a template carries
``data-src="FILE:LINE"``, so a finding points at the template line that drew it. The
build prints the same drawing with the marks taken off.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from generator.data.components import LoadedGame
from generator.render.drawn import SOURCE_ATTR, Drawing, read
from generator.render.faces import face_svg, marked_svg, reads_copy
from generator.render.ink import ink_svg
from generator.render.marks import marked_environment
from generator.render.sandbox import budget
from generator.render.stamp import STAMP_MARK, stamped
from generator.render.svg import face_context
from generator.render.verdict import PARSED

STAMP_SOURCE = "stamp"  # the source of a version stamp's line: no template drew it


@dataclass(frozen=True)
class Face:
    """One distinct drawing of a piece: which face, which side, its size and what it draws."""

    piece: Any
    face: Any
    side: str
    size: tuple[float, float]
    drawing: Drawing

    @property
    def label(self) -> str:
        return f"the {self.side} of '{self.piece.id}' face '{self.face.id}'"


def faces(loaded: LoadedGame, bleed: float = 3.0, ink: str = "full",
          stamp: bool = False) -> Iterator[Face]:
    """Each distinct rendered face (copies that draw the same SVG are read once), printed
    with ``ink``, and with its version stamp when ``stamp`` (``build --stamp``): the
    stamp's text line has the source ``STAMP_SOURCE``."""
    env = marked_environment(loaded)
    seen: set[str] = set()
    for _, piece in loaded.data.pieces():
        for face in piece.faces:
            for side, copy, extra, size in _drawings(piece, face):
                name = (face.back or piece.back) if side == "back" else (
                    face.template or piece.template)
                if copy > 1 and not reads_copy(loaded, name):
                    continue  # the same drawing as copy 1, already read
                try:  # drawn under the build's own limits, and once: validate's check
                    raw = marked_svg(loaded, piece, face, side=side, copy=copy,  # drew it
                                     bleed=bleed, extra=extra, size=size, marked=env)
                    svg = raw if ink == "full" and not stamp else _as_printed(  # as drawn
                        raw, loaded, piece, face, side, copy, bleed, extra, size, ink, stamp)
                    drawing = None if svg in seen else read(svg, loaded.drawn.pop(
                        (PARSED, svg), None))  # parsed by validate's check, if it ran
                except Exception:  # noqa: BLE001 - the build's own error says what and where
                    face_svg(loaded, piece, face, side=side, copy=copy, bleed=bleed,
                             extra=extra, size=size)
                    raise
                if drawing is not None:
                    seen.add(svg)
                    yield Face(piece, face, side, size or tuple(piece.size_mm), drawing)


def _as_printed(raw: str, loaded: LoadedGame, piece: Any, face: Any, side: str, copy: int,
                bleed: float, extra: dict[str, Any] | None, size: tuple[float, float] | None,
                ink: str, stamp: bool) -> str:
    """The drawn face with its stamp (``stamp``, not on a die's faces) and in ``ink``,
    under the face's limits."""
    with budget():
        if stamp and piece.kind != "die":
            raw = _stamped(raw, loaded, piece, size or _size(
                loaded, piece, face, side, copy, bleed, extra))
        return ink_svg(raw, ink, piece.shape)


def _size(loaded: LoadedGame, piece: Any, face: Any, side: str, copy: int, bleed: float,
          extra: dict[str, Any] | None) -> tuple[float, float]:
    """The size a face is drawn at, as its template is told it."""
    context = face_context(loaded, piece, face, side=side, copy=copy, bleed=bleed, extra=extra)
    return (context["w"], context["h"])


def _stamped(svg: str, loaded: LoadedGame, piece: Any, size: tuple[float, float]) -> str:
    """The face as ``build --stamp`` prints it, its stamp's line marked as the stamp."""
    return stamped(svg, loaded, piece, size).replace(
        STAMP_MARK, f'{STAMP_MARK} {SOURCE_ATTR}="{STAMP_SOURCE}"')


def _drawings(piece: Any, face: Any) -> Iterator[tuple[str, int, dict[str, Any] | None,
                                                       tuple[float, float] | None]]:
    """(side, copy, extra context, size override) of every drawing of a face."""
    values = getattr(face, "values", None)
    if piece.kind == "die" and values:
        side = min(piece.size_mm)
        for i, value in enumerate(values):
            yield "front", 1, {"value": value, "index": i}, (side, side)
        return
    for copy in range(1, max(1, face.count) + 1):
        yield "front", copy, None, None
        if face.back or piece.back:
            yield "back", copy, None, None
