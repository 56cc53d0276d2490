"""Draw every face once without cairo, so ``validate`` finds template mistakes too.

Each face and back is rendered from its template (copy 1; a die's first value) and parsed
as XML: an undefined name, a Jinja syntax error, a path that leaves the template folder
or markup that is not SVG becomes a located problem, the way the build would stop on it,
but in the same run as every other problem and without drawing a PDF.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from generator.data.components import LoadedGame
from generator.files.problems import ERROR, Problem
from generator.render.errors import BuildError
from generator.render.faces import (
    drawn_marked,
    face_svg,
    face_svg_and_images,
    template_file,
)
from generator.render.images import ImageUse
from generator.render.verdict import verdict

FACE = re.compile(r"(?:front|back) of '[^']*' face '[^']*'")  # what differs face to face
# PATH:LINE:COL, or PATH:SHEET!CELL for a spreadsheet (its row and column numbers follow)
LOCATED = re.compile(r"^(?P<path>\S+?):(?:(?P<line>\d+):(?P<col>\d+)|(?P<sheet>[^!:\s][^!:]*)!"
                     r"(?P<cell>[A-Z]{1,3}\d+)): error: (?P<msg>.*) \((?P<rule>[\w-]+)\)$")


def located(match: re.Match[str]) -> Problem:
    """The problem a ``LOCATED`` message states, a spreadsheet's cell kept."""
    if match["cell"]:
        letters = re.match(r"[A-Z]+", match["cell"])
        assert letters is not None
        col = 0
        for letter in letters.group():
            col = col * 26 + ord(letter) - ord("A") + 1
        row = int(match["cell"][letters.end():])
        return Problem(match["path"], row, col, ERROR, match["msg"], match["rule"],
                       match["sheet"], match["cell"])
    return Problem(match["path"], int(match["line"]), int(match["col"]), ERROR,
                   match["msg"], match["rule"])


def template_problems(loaded: LoadedGame, bleed: float = 3.0) -> list[Problem]:
    """One problem per template line and message, with how many faces it spoils; a
    template that ran past a limit is not run again for its other faces (each would
    cost the whole time budget). Each face is drawn the build's way, which is also the
    drawing the print lint reads next (``faces.printed``)."""
    found: dict[tuple[str, int, str, str], list[Any]] = {}  # key -> [first problem, faces]
    stopped: dict[str, tuple[str, int, str, str]] = {}
    for piece, face, side in _drawings(loaded):
        name = _template_name(piece, face, side)
        if name in stopped:
            found[stopped[name]][1] += 1
            continue
        problem = _face_problem(loaded, piece, face, side, bleed)
        if problem is None:
            continue
        key = (problem.path, problem.line, problem.rule, FACE.sub("", problem.message))
        found.setdefault(key, [problem, 0])[1] += 1
        if problem.rule == "template-limit":
            stopped[name] = key
    return [_counted(problem, faces) for problem, faces in found.values()]


def image_uses(loaded: LoadedGame, bleed: float = 3.0) -> list[tuple[str, ImageUse]]:
    """Every picture the faces embed, with the face it is on ("the back of 'deck' face
    'a-spades'"): what a print lint needs to flag artwork below its dpi. Faces that fail
    to draw are left to ``template_problems``."""
    found = []
    for piece, face, side in _drawings(loaded):
        try:
            _, uses = face_svg_and_images(loaded, piece, face, side=side, copy=1, bleed=bleed,
                                          **_die_context(piece, face))
        except BuildError:
            continue
        found += [(f"the {side} of '{piece.id}' face '{face.id}'", use) for use in uses]
    return found


def _face_problem(loaded: LoadedGame, piece: Any, face: Any, side: str,
                  bleed: float) -> Problem | None:
    drawing = {"side": side, "copy": 1, "bleed": bleed, **_die_context(piece, face)}
    try:
        svg = face_svg(loaded, piece, face, **drawing)
    except BuildError as exc:
        return _problem(str(exc), loaded, piece, face, side)
    refused = verdict(loaded, svg, drawn_marked(loaded, piece, face, **drawing))
    if refused is not None:
        return Problem(template_file(loaded, piece, face, side), 1, 1, ERROR,
                       f"the {side} of '{piece.id}' face '{face.id}' {refused}",
                       "template-svg")
    return None


def _counted(problem: Problem, faces: int) -> Problem:
    if faces < 2:
        return problem
    return Problem(problem.path, problem.line, problem.col, problem.severity,
                   f"{problem.message} (the same on {faces} faces)", problem.rule)


def _template_name(piece: Any, face: Any, side: str) -> str:
    return str((face.back or piece.back) if side == "back" else (face.template or piece.template))


def _drawings(loaded: LoadedGame) -> Iterator[tuple[Any, Any, str]]:
    for _, piece in loaded.data.pieces():
        for face in piece.faces:
            yield piece, face, "front"
            if (face.back or piece.back) and piece.kind != "die":
                yield piece, face, "back"


def _die_context(piece: Any, face: Any) -> dict[str, Any]:
    values = getattr(face, "values", None)
    if piece.kind != "die" or not values:
        return {}
    side = min(piece.size_mm)
    return {"extra": {"value": values[0], "index": 0}, "size": (side, side)}


def _problem(message: str, loaded: LoadedGame, piece: Any, face: Any, side: str) -> Problem:
    match = LOCATED.match(message)
    if match:
        return located(match)
    return Problem(template_file(loaded, piece, face, side), 1, 1, ERROR,
                   f"{message} (drawing the {side} of '{piece.id}' face '{face.id}')",
                   "template")

