"""The print lint: what every rendered face and page really draws, measured.

Faces are rendered with their template lines marked and read back (``faces``, ``drawn``);
text is measured with the font files cairo embeds (``render.textfit``). Face rules
(``rules``) and page rules on the planned PDF of each paper (``pages``) give findings,
each turned here into one located problem: the template line that drew it, the data line
the text came from, the piece, face and (for pages) page number.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace

from generator.data.components import LoadedGame
from generator.files.problems import ERROR, Problem, display_path
from generator.lint.colourblind import colour_problems
from generator.lint.faces import Face, faces
from generator.lint.rules import RULES, Finding
from generator.render.datalines import face_location
from generator.render.errors import BuildError
from generator.render.geometry import DEFAULT_MARGIN
from generator.render.preflight import LOCATED, located

PAPER_NAMES = ("a4", "letter")


def lint_game(loaded: LoadedGame, papers: Sequence[str] = PAPER_NAMES,
              margin: float = DEFAULT_MARGIN, layout: str | None = None,
              ink: str = "full", stamp: bool = False) -> list[Problem]:
    """Every finding of a valid game's faces (printed with ``ink``, stamped when ``stamp``)
    and of its pages on each paper."""
    try:
        drawn = list(faces(loaded, ink=ink, stamp=stamp))
    except BuildError as exc:  # a face that cannot be drawn (or data too long to fit)
        return [_build_problem(loaded, str(exc))]
    problems: dict[tuple[object, ...], Problem] = {}
    for problem in colour_problems(loaded):
        _add(problems, problem)
    for _, problem in _face_problems(loaded, drawn):
        _add(problems, problem)
    for problem in _page_problems(loaded, papers, margin, drawn, layout, ink):
        _add(problems, problem)
    return list(problems.values())


def _page_problems(loaded: LoadedGame, papers: Sequence[str], margin: float,
                   drawn: list[Face], layout: str | None, ink: str) -> Iterator[Problem]:
    """The page rules' problems on each paper; the page plan (the build's own modules)
    is imported only when there is a paper to lint (``validate`` lints none)."""
    if not papers:
        return
    from generator.lint.pages import page_findings

    for paper in papers:
        for page, finding in page_findings(loaded, paper, margin, drawn, layout, ink):
            yield _page_problem(loaded, paper, page, finding, drawn)


def findings_by_piece(loaded: LoadedGame) -> dict[str, list[Problem]]:
    """The faces' findings grouped by the piece they are drawn on (the preview shows them
    beside it); a face that cannot be drawn is validate's to report."""
    try:
        drawn = list(faces(loaded))
    except BuildError:
        return {}
    grouped: dict[str, dict[tuple[object, ...], Problem]] = {}
    for face, problem in _face_problems(loaded, drawn):
        _add(grouped.setdefault(face.piece.id, {}), problem)
    return {piece: list(found.values()) for piece, found in grouped.items()}


def _face_problems(loaded: LoadedGame, drawn: list[Face]) -> Iterator[tuple[Face, Problem]]:
    for face in drawn:
        for rule in RULES.values():
            for finding in rule(face):
                yield face, _face_problem(loaded, face, finding)


def _build_problem(loaded: LoadedGame, message: str) -> Problem:
    found = LOCATED.match(message)
    if found:
        return located(found)
    return Problem(display_path(loaded.folder / "game.yaml"), 1, 1, ERROR, message, "template")


def _add(problems: dict[tuple[object, ...], Problem], problem: Problem) -> None:
    """One report per place and message: copies of a face say the same thing."""
    problems.setdefault((problem.path, problem.line, problem.rule, problem.message), problem)


def _face_problem(loaded: LoadedGame, face: Face, finding: Finding) -> Problem:
    data = face_location(loaded, face.piece, face.face, finding.text)
    data_at = f"; data at {data.path}:{data.where}" if data else ""
    message = f"{finding.message} ({face.label}{data_at})"
    path, line = _split(finding.source, data)
    if data is not None and (path, line) == (data.path, data.line):  # at the data: its cell
        return replace(data, severity=finding.severity, message=message, rule=finding.rule)
    return Problem(path, line, 1, finding.severity, message, finding.rule)


def _page_problem(loaded: LoadedGame, paper: str, page: int, finding: Finding,
                  drawn: Iterable[Face]) -> Problem:
    if finding.source:
        path, line = _split(finding.source, None)
        return Problem(path, line, 1, finding.severity, finding.message, finding.rule)
    return Problem(f"{loaded.game_id}-{paper}.pdf", max(page, 1), 1, finding.severity,
                   finding.message, finding.rule)


def _split(source: str, data: Problem | None) -> tuple[str, int]:
    """PATH, LINE of a ``FILE:LINE`` template source, else of the data line."""
    path, _, line = source.rpartition(":")
    if path and line.isdigit():
        return path, int(line)
    if data:
        return data.path, data.line
    return "templates", 1
