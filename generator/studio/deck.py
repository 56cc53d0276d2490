"""One game as the studio shows it: every face drawn by the build's own rendering, the
words printed on it (for search), the deck as tables of cells, and every problem tied to
its cell and its face."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from generator.data.components import LoadedGame
from generator.data.yamlsrc import Loc, Source
from generator.export.pictures import Picture, fronts
from generator.files.problems import Problem, sort_problems
from generator.render.errors import BuildError
from generator.render.jobs import jobs

SAFE_MM = 3.0  # the print lint's default safe zone, unless a piece declares its own
_TEXT = re.compile(r"<text\b[^>]*>(.*?)</text>", re.S)
_TAG = re.compile(r"<[^>]+>")
_DATA_AT = re.compile(r"data at (?P<at>.+?:\d+:\d+)\)")  # a print-lint finding's data


def where(problem: Problem) -> str:
    """The key that ties a problem to a cell: ``PATH:LINE:COL`` or ``PATH:SHEET!CELL``
    (a print-lint finding, located in its template, by the data it drew)."""
    drawn = _DATA_AT.search(problem.message)
    return drawn["at"] if drawn else f"{problem.path}:{problem.where}"


def printed_words(svg: str) -> str:
    """The words an SVG face prints (its ``<text>`` elements), for search."""
    import html

    words = (html.unescape(_TAG.sub(" ", inner)) for inner in _TEXT.findall(svg))
    return " ".join(" ".join(w.split()) for w in words if w.strip())


@dataclass
class Cell:
    column: str
    loc: Loc
    value: Any
    key: str  # where a problem at this value points


@dataclass
class Row:
    """One face of the deck as a table row: its file, piece, face and field cells."""

    file: str
    piece: str
    face: str
    key: str  # where a problem at the face itself points
    cells: list[Cell] = field(default_factory=list)


@dataclass
class FaceView:
    """One face in the gallery."""

    stem: str  # the picture's name (piece-face)
    piece: str
    face: str
    name: str
    count: int
    shape: str
    trim: tuple[float, float]
    bleed: float
    safe: float
    words: str
    keys: set[str] = field(default_factory=set)  # where its problems may point
    svg_hash: str = ""


def table_rows(loaded: LoadedGame) -> list[Row]:
    """Every face of every component file, its scalar fields as cells (dotted names)."""
    rows = []
    for stem, source in loaded.sources.items():
        data = source.data if isinstance(source.data, dict) else {}
        pieces = data.get("pieces")
        for i, piece in enumerate(pieces if isinstance(pieces, list) else []):
            faces = piece.get("faces") if isinstance(piece, dict) else None
            for j, face in enumerate(faces if isinstance(faces, list) else []):
                if isinstance(face, dict):
                    rows.append(_row(source, stem, piece, face, ("pieces", i, "faces", j)))
    return rows


def _row(source: Source, stem: str, piece: dict[str, Any], face: dict[str, Any],
         loc: Loc) -> Row:
    row = Row(source.path.name, str(piece.get("id", "")), str(face.get("id", "")),
              where(source.problem(loc, "", "")))
    for column, value in _scalars(face, ()):
        here = loc + tuple(column.split("."))
        row.cells.append(Cell(column, here, value, where(source.problem(here, "", ""))))
    return row


def _scalars(value: dict[str, Any], prefix: tuple[str, ...]) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = []
    for key, inner in value.items():
        if isinstance(inner, dict):
            out += _scalars(inner, (*prefix, str(key)))
        elif isinstance(inner, str | int | float | bool):
            out.append((".".join((*prefix, str(key))), inner))
    return out


def face_views(loaded: LoadedGame, only: tuple[str, str] | None = None,
               ) -> tuple[list[FaceView], dict[str, Picture]]:
    """The fronts of every face (a die: its first square), or of the one face ``only``
    names (piece id, face id), and their pictures by name; a piece whose template fails
    is left out (its problem is shown)."""
    views, drawn = [], {}
    for job in jobs(loaded, 3.0):
        if only is not None:
            if job.piece.id != only[0]:
                continue
            job = replace(job, copies=[c for c in job.copies if c.face.id == only[1]])
        try:
            found = fronts(job)
        except BuildError:
            continue
        piece = job.piece
        safe = getattr(piece, "safe_mm", None)
        for face in piece.faces:
            front = next((p for p in found if p.face == face.id), None)
            if front is None or front.stem in drawn:
                continue
            drawn[front.stem] = front
            views.append(FaceView(
                front.stem, piece.id, face.id, face.name or face.id, face.count,
                str(piece.shape), front.size, front.bleed,
                SAFE_MM if safe is None else float(safe), printed_words(front.svg),
                svg_hash=hashlib.sha256(front.svg.encode()).hexdigest()[:16]))
    return views, drawn


def tie(rows: list[Row], views: list[FaceView], problems: list[Problem]) -> dict[str, Any]:
    """Each problem by the cell key it points at, and each face's problems."""
    by_key: dict[str, list[dict[str, Any]]] = {}
    for problem in sort_problems(problems):
        by_key.setdefault(where(problem), []).append(problem.to_dict())
    for view in views:
        view.keys = {row.key for row in rows if (row.piece, row.face) == (view.piece, view.face)}
        view.keys |= {c.key for row in rows if (row.piece, row.face) == (view.piece, view.face)
                      for c in row.cells}
    return by_key


def version(path: Path) -> str:
    """What a save must name to replace ``path``: its content's hash (a CSV's together
    with its ``NAME.SHEET.csv`` companions)."""
    from generator.data.sheets.csvfile import companions

    digest = hashlib.sha256()
    try:
        for part in [path, *(companions(path) if path.suffix == ".csv" else [])]:
            digest.update(part.read_bytes())
    except OSError:
        return ""
    return digest.hexdigest()[:20]
