"""The distinct pictures of a piece: every face and back drawn once, with the copies it
stands for. Copies whose SVG is the same (a shared back, a face printed five times) are
one picture; a template that draws each copy differently gives one picture per copy.

Drawn through the same face rendering as the build (``faces.face_svg``), at the size and
bleed the target asks for: a print shop's product size is laid out by the template
itself, never an image of another size scaled.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.render.faces import face_svg
from generator.render.jobs import Copy, Job


@dataclass(frozen=True)
class Picture:
    piece: Any
    face: str  # the face id ("gold"), or "back" for a back shared by several faces
    side: str  # front or back
    copies: tuple[int, ...]  # the manifest's copy numbers this picture stands for
    svg: str
    size: tuple[float, float]  # trim, mm, as drawn
    bleed: float  # mm drawn round the trim
    stem: str  # file name without extension: piece-face[-back][-n]

    @property
    def extent_mm(self) -> tuple[float, float]:
        return (self.size[0] + 2 * self.bleed, self.size[1] + 2 * self.bleed)


def pictures(job: Job, bleed: float, size: tuple[float, float] | None = None) -> list[Picture]:
    """Fronts then backs of every face of ``job``'s piece (a die: one square per value)."""
    trim = size or job.size
    if job.kind == "die":
        return _die_pictures(job, bleed)
    out = _side(job, "front", job.copies, bleed, size, trim)
    return out + _side(job, "back", [c for c in job.copies if job.has_back(c)], bleed, size,
                       trim)


def fronts(job: Job) -> list[Picture]:
    """The fronts alone, as ``pictures`` draws them (the studio's gallery)."""
    if job.kind == "die":
        return _die_pictures(job, job.bleed)
    return _side(job, "front", job.copies, job.bleed, None, job.size)


def _side(job: Job, side: str, copies: list[Copy], bleed: float,
          size: tuple[float, float] | None, trim: tuple[float, float]) -> list[Picture]:
    groups: dict[str, list[Copy]] = {}
    for copy in copies:
        svg = face_svg(job.loaded, job.piece, copy.face, side=side, copy=copy.face_copy,
                       bleed=bleed, size=size)
        groups.setdefault(svg, []).append(copy)
    named: dict[str, int] = {}
    out = []
    for svg, group in groups.items():
        faces = dict.fromkeys(c.face.id for c in group)
        face = next(iter(faces)) if len(faces) == 1 else "back"
        base = f"{job.piece.id}-{face}" + ("-back" if side == "back" and face != "back" else "")
        named[base] = named.get(base, 0) + 1
        out.append(Picture(job.piece, face, side, tuple(c.number for c in group), svg, trim,
                           bleed, base))
    # a face drawn differently per copy: number its pictures so no two files collide
    counts = {base: n for base, n in named.items() if n > 1}
    seen: dict[str, int] = {}
    for i, picture in enumerate(out):
        if picture.stem in counts:
            seen[picture.stem] = seen.get(picture.stem, 0) + 1
            out[i] = _renamed(picture, f"{picture.stem}-{seen[picture.stem]}")
    return out


def _renamed(picture: Picture, stem: str) -> Picture:
    return Picture(picture.piece, picture.face, picture.side, picture.copies, picture.svg,
                   picture.size, picture.bleed, stem)


def _die_pictures(job: Job, bleed: float) -> list[Picture]:
    side = job.net().side
    out = []
    for copy in job.copies:
        for index, value in enumerate(getattr(copy.face, "values", []) or []):
            svg = face_svg(job.loaded, job.piece, copy.face, side="front", copy=copy.face_copy,
                           bleed=bleed, extra={"value": value, "index": index},
                           size=(side, side))
            out.append(Picture(job.piece, copy.face.id, "front", (copy.number,), svg,
                               (side, side), bleed,
                               f"{job.piece.id}-{copy.face.id}-{copy.face_copy}-{index + 1}"))
    return out
