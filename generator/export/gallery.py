"""``copperplate preview``: an HTML gallery of every piece, front and back, with its count,
size and source, the problems found beside the piece they concern, and a search by name.

Faces are drawn by the build's own face rendering and cairo (as PNG, so the browser shows
exactly the pinned fonts), each named by its SVG's hash: a watched deck redraws only the
face that changed. Problems are tied to a piece by where they point (a line inside the
piece's YAML) or given by piece id (``ByPiece``), so any checker's problems slot in.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.data.components import BUNDLED_TEMPLATES, LoadedGame
from generator.export import raster
from generator.export.pictures import Picture, pictures
from generator.export.staging import check_destination
from generator.files.fileio import write_atomic
from generator.files.problems import ERROR, Problem, display_path, sort_problems
from generator.render import fonts
from generator.render.cachedir import cache_root
from generator.render.errors import BuildError
from generator.render.jobs import jobs
from generator.render.preflight import LOCATED, located
from generator.render.svg import environment

PREVIEW_DPI = 100
LONGEST_PX = 1200  # a board is shown whole, not at 100 dpi

ByPiece = Mapping[str, Sequence[Problem]]  # problems already tied to a piece id


@dataclass
class Shown:
    """One piece on the page."""

    id: str
    name: str
    kind: str
    size: str
    count: int
    source: str
    faces: list[dict[str, Any]] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def piece_spans(loaded: LoadedGame) -> dict[str, tuple[str, int, int]]:
    """piece id -> (file as problems show it, first line, last line) of its YAML."""
    spans: dict[str, tuple[str, int, int]] = {}
    for stem, file in loaded.data.piece_files():
        source = loaded.sources.get(stem)
        if source is None:
            continue
        starts = [source.position(("pieces", i))[0] for i in range(len(file.pieces))]
        for i, piece in enumerate(file.pieces):
            end = starts[i + 1] - 1 if i + 1 < len(starts) else 10**9
            spans[piece.id] = (display_path(source.path), starts[i], end)
    return spans


def attach(loaded: LoadedGame, problems: Iterable[Problem],
           by_piece: ByPiece | None = None) -> tuple[dict[str, list[Problem]], list[Problem]]:
    """Problems per piece id, and the rest (game-wide: game.yaml, a template, the tree)."""
    spans = piece_spans(loaded)
    tied: dict[str, list[Problem]] = {pid: list(found) for pid, found in (by_piece or {}).items()}
    rest = []
    for problem in sort_problems(problems):
        owner = next((pid for pid, (path, first, last) in spans.items()
                      if problem.path == path and first <= problem.line <= last), None)
        if owner is None:
            rest.append(problem)
        else:
            tied.setdefault(owner, []).append(problem)
    return tied, rest


def write_preview(loaded: LoadedGame, problems: Iterable[Problem], out: Path,
                  by_piece: ByPiece | None = None) -> Path:
    """``OUT/GAME/preview/index.html`` and its images. Images are named by their content,
    so a rebuild writes only the faces that changed, then the page (atomically), then
    removes the images no page shows any more."""
    folder = out / loaded.game_id / "preview"
    check_destination(folder)
    problems = list(problems)
    fonts.pin(cache_root())
    (folder / "img").mkdir(parents=True, exist_ok=True)
    present = set(os.listdir(folder / "img"))  # what earlier previews drew, listed once
    if loaded.data is None:  # invalid data: the page is the list of what to fix
        shown, rest = [], sort_problems(problems)
    else:
        tied, rest = attach(loaded, problems, by_piece)
        shown = [_shown(loaded, job, folder, tied.get(job.piece.id, []), present)
                 for job in jobs(loaded, 3.0)]
    html = environment((BUNDLED_TEMPLATES,)).get_template("_shared/preview.html.j2").render(
        game=loaded.game_id if loaded.data is None else loaded.data.game.name,
        pieces=shown, general=rest)
    write_atomic(folder / "index.html", html.encode("utf-8"))
    if loaded.data is not None:  # an invalid round keeps the last good images
        used = {name.removeprefix("img/") for piece in shown for face in piece.faces
                for name in (face["front"], face["back"]) if name}
        for stale in sorted(present - used):
            if stale.endswith(".png") and not stale.startswith("."):
                (folder / "img" / stale).unlink(missing_ok=True)
    return folder / "index.html"


def _shown(loaded: LoadedGame, job: Any, folder: Path, problems: list[Problem],
           present: set[str]) -> Shown:
    piece = job.piece
    w, h = piece.size_mm
    source = piece.source or next((f.source for _, f in loaded.data.piece_files()
                                   if piece in f.pieces), None) or ""
    shown = Shown(piece.id, piece.name, piece.kind, f"{w:g} × {h:g} mm", piece.total(),
                  str(source), problems=problems)
    try:
        drawn = pictures(job, job.bleed)
    except BuildError as exc:  # a broken template: the piece is shown with why, not drawn
        found = as_problem(exc)
        shown.problems = problems if found in problems else [*problems, found]
        return shown
    # each face's pictures in drawing order: its own, and the shared backs printed
    # behind any of its copies
    owner = {copy.number: copy.face.id for copy in job.copies}
    by_face: dict[str, list[Picture]] = {}
    for p in drawn:
        behind = {owner.get(n) for n in p.copies} if p.face == "back" else set()
        for face_id in {p.face} | behind:
            if face_id is not None:
                by_face.setdefault(face_id, []).append(p)
    for face in piece.faces:
        mine = by_face.get(face.id, [])
        if face.count == 0 or not mine:
            continue
        front = next((p for p in mine if p.side == "front"), None)
        back = next((p for p in mine if p.side == "back"), None)
        shown.faces.append({"id": face.id, "name": face.name or face.id, "count": face.count,
                            "source": face.source or "",
                            "front": _image(front, folder, present),
                            "back": _image(back, folder, present)})
    return shown


def as_problem(exc: BuildError) -> Problem:
    found = LOCATED.match(exc.message)
    if found is None:
        return Problem("templates", 1, 1, ERROR, exc.message, "template")
    return located(found)


def _image(picture: Picture | None, folder: Path, present: set[str]) -> str | None:
    """The picture's PNG under ``img/``, named by piece, face and content: drawn only
    when no earlier preview drew the same SVG (its name is in ``present``, then added)."""
    if picture is None:
        return None
    dpi = raster.fitting_dpi(picture.extent_mm, PREVIEW_DPI, limit=LONGEST_PX)
    px = raster.pixels(picture.extent_mm, dpi)
    name = f"{picture.stem}-{content_name(px, picture.svg)}.png"
    if name not in present:
        write_atomic(folder / "img" / name,
                     raster.png(picture.svg, px, dpi, alpha=True, quick=True))
        present.add(name)
    return f"img/{name}"


NAMED: dict[tuple[tuple[int, int], str], str] = {}  # (pixels, SVG) -> ``content_name``
NAMED_MAX = 4096  # texts remembered at most (then the memo starts again)


def content_name(px: tuple[int, int], svg: str) -> str:
    """The first 12 hex digits of the SHA-256 of the pixel size and the SVG: what names a
    face's PNG. Remembered per text: a watched deck's unchanged faces come back on every
    save as the same text (Python keeps a text's own hash, so looking it up is cheap)."""
    found = NAMED.get((px, svg))
    if found is None:
        if len(NAMED) >= NAMED_MAX:
            NAMED.clear()
        digest = hashlib.sha256(f"{px}|".encode() + svg.encode("utf-8")).hexdigest()
        found = NAMED[px, svg] = digest[:12]
    return found
