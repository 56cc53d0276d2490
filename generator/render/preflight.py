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
from xml.etree import ElementTree

from generator.components import LoadedGame
from generator.problems import ERROR, Problem, display_path
from generator.render.errors import BuildError
from generator.render.faces import face_svg
from generator.render.svg import game_environment

LOCATED = re.compile(r"^(?P<path>\S+):(?P<line>\d+):(?P<col>\d+): error: (?P<msg>.*) \((?P<rule>[\w-]+)\)$")


def template_problems(loaded: LoadedGame, bleed: float = 3.0) -> list[Problem]:
    problems: dict[tuple[str, int, str], Problem] = {}
    for piece, face, side in _drawings(loaded):
        problem: Problem | None
        try:
            svg = face_svg(loaded, piece, face, side=side, copy=1, bleed=bleed,
                           **_die_context(piece, face))
        except BuildError as exc:
            problem = _problem(str(exc), loaded, piece, face, side)
        else:
            problem = _svg_problem(svg, loaded, piece, face, side)
        if problem is not None:  # one report per template line and message is enough
            problems.setdefault((problem.path, problem.line, problem.message[:60]), problem)
    return list(problems.values())


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


def _template_path(loaded: LoadedGame, piece: Any, face: Any, side: str) -> str:
    name = (face.back or piece.back) if side == "back" else (face.template or piece.template)
    try:
        filename = game_environment(loaded).get_template(name).filename
    except Exception:  # noqa: BLE001 - the render error already names what is wrong
        return str(name)
    return display_path(filename) if filename else str(name)


def _problem(message: str, loaded: LoadedGame, piece: Any, face: Any, side: str) -> Problem:
    match = LOCATED.match(message)
    if match:
        return Problem(match["path"], int(match["line"]), int(match["col"]), ERROR,
                       match["msg"], match["rule"])
    return Problem(_template_path(loaded, piece, face, side), 1, 1, ERROR,
                   f"{message} (drawing the {side} of '{piece.id}' face '{face.id}')",
                   "template")


def _svg_problem(svg: str, loaded: LoadedGame, piece: Any, face: Any,
                 side: str) -> Problem | None:
    try:
        ElementTree.fromstring(svg)
    except ElementTree.ParseError as exc:
        return Problem(_template_path(loaded, piece, face, side), 1, 1, ERROR,
                       f"the {side} of '{piece.id}' face '{face.id}' is not valid SVG: {exc}",
                       "template-svg")
    return None
