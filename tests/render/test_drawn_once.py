"""A face is drawn once per game loaded: every copy (unless its template reads ``copy``),
every face of a piece (unless it reads ``face``: a deck's backs), every paper and the lint
after the build share the same SVG."""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest

from generator.deck.validate import validate_game
from generator.games import GAMES
from generator.render import faces, preflight, verdict
from generator.render.decoding import Undecodable, parse
from generator.render.svg import reads
from tests.calls import calls

TEMPLATES = {
    "plain.j2": "<svg>{{ face.id }}</svg>",
    "numbered.j2": "<svg>{{ face.id }} #{{ copy }}</svg>",
    "base.j2": "<svg>{% block body %}{% endblock %} {{ copy }}</svg>",
    "child.j2": "{% extends 'base.j2' %}{% block body %}x{% endblock %}",
    "quiet-base.j2": "<svg>{% block body %}{% endblock %}</svg>",
    "quiet-child.j2": "{%- extends \"quiet-base.j2\" -%}{% block body %}x{% endblock %}",
    "computed.j2": "{% include face.part %}",
    "macros.j2": "{% macro tag() %}{{ copy }}{% endmacro %}",
    "imports.j2": "{% import 'macros.j2' as m %}<svg>{{ m.tag() }}</svg>",
    "loop.j2": "{% extends 'loop.j2' %}",
    "commented.j2": "{# the face's copy #}<svg>{#- copy -#}</svg>",
    "lookalike.j2": "<svg>{{ '{#' }}{{ copy }}{{ '#}' }}</svg>",
    "prose.j2": "<svg>a copy of {{ face.id }}</svg>",
    "parameter.j2": "{% macro tag(copy) %}{{ copy }}{% endmacro %}<svg>{{ tag(1) }}</svg>",
    "in-block.j2": "{% extends 'quiet-base.j2' %}{% block body %}{{ copy }}{% endblock %}",
}


@pytest.mark.parametrize(("name", "expected"), [
    ("plain.j2", False), ("numbered.j2", True), ("child.j2", True),
    ("quiet-child.j2", False), ("computed.j2", True), ("imports.j2", True),
    ("loop.j2", True), ("commented.j2", False), ("lookalike.j2", True),
    ("prose.j2", False), ("parameter.j2", True), ("in-block.j2", True),
])
def test_a_template_reads_copy_through_what_it_extends_includes_or_imports(
        name: str, expected: bool) -> None:
    env = jinja2.Environment(loader=jinja2.DictLoader(TEMPLATES))
    assert reads(env, name, "copy") is expected


def test_copies_and_papers_share_one_drawing(monkeypatch: pytest.MonkeyPatch) -> None:
    loaded = validate_game(GAMES["copper-creek"])
    drawn: list[tuple[str, int]] = []
    real = faces._draw

    def counting(loaded_: object, piece: object, face: object, **kw: object) -> object:
        drawn.append((getattr(face, "id", ""), int(kw["copy"])))  # type: ignore[call-overload]
        return real(loaded_, piece, face, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(faces, "_draw", counting)
    piece = next(p for _, p in loaded.data.pieces() if any(f.count > 1 for f in p.faces))
    face = next(f for f in piece.faces if f.count > 1)
    svgs = {faces.face_svg(loaded, piece, face, side="front", copy=c, bleed=3.0)
            for c in range(1, face.count + 1)}
    faces.face_svg(loaded, piece, face, side="front", copy=1, bleed=3.0)
    assert len(svgs) == 1 and drawn == [(face.id, 1)]
    faces.face_svg(loaded, piece, face, side="front", copy=1, bleed=0.0)  # another bleed
    assert len(drawn) == 2


def test_a_template_that_reads_copy_draws_each_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    loaded = validate_game(GAMES["copper-creek"])
    piece = next(p for _, p in loaded.data.pieces() if any(f.count > 1 for f in p.faces))
    face = next(f for f in piece.faces if f.count > 1)
    monkeypatch.setattr(faces, "reads", lambda env, name, variable: True)
    monkeypatch.setattr(faces, "_draw", lambda loaded, piece, face, **kw: (f"#{kw['copy']}", []))
    svgs = [faces.face_svg(loaded, piece, face, side="front", copy=c, bleed=3.0)
            for c in (1, 2)]
    assert svgs == ["#1", "#2"]


@pytest.mark.parametrize("reads_face", [False, True])
def test_a_pieces_faces_share_a_drawing_unless_the_template_reads_face(
        monkeypatch: pytest.MonkeyPatch, reads_face: bool) -> None:
    loaded = validate_game(GAMES["copper-creek"])
    piece = next(p for _, p in loaded.data.pieces() if p.back and len(p.faces) > 2
                 and not any(f.back for f in p.faces))
    monkeypatch.setattr(faces, "reads", lambda env, name, variable: reads_face)
    monkeypatch.setattr(faces, "_draw", lambda loaded, piece, face, **kw: (f"#{face.id}", []))
    svgs = [faces.face_svg(loaded, piece, face, side="back", copy=1, bleed=3.0)
            for face in piece.faces]
    expected = [f"#{face.id}" for face in piece.faces] if reads_face else (
        [f"#{piece.faces[0].id}"] * len(piece.faces))
    assert svgs == expected


@pytest.mark.parametrize("reads_side", [False, True])
def test_a_faces_two_sides_share_a_drawing_unless_the_template_reads_side(
        monkeypatch: pytest.MonkeyPatch, reads_side: bool) -> None:
    loaded = validate_game(GAMES["copper-creek"])
    piece, face = next((p, f) for _, p in loaded.data.pieces() for f in p.faces
                       if (f.back or p.back) == (f.template or p.template))
    monkeypatch.setattr(faces, "reads", lambda env, name, variable: variable == "side"
                        and reads_side)
    monkeypatch.setattr(faces, "_draw", lambda loaded, piece, face, **kw: (kw["side"], []))
    svgs = [faces.face_svg(loaded, piece, face, side=side, copy=1, bleed=3.0)
            for side in ("front", "back")]
    assert svgs == (["front", "back"] if reads_side else ["front", "front"])


def test_sides_drawn_by_two_templates_never_share(monkeypatch: pytest.MonkeyPatch) -> None:
    loaded = validate_game(GAMES["copper-creek"])
    piece = next(p for _, p in loaded.data.pieces() if p.back and p.back != p.template)
    face = piece.faces[0]
    monkeypatch.setattr(faces, "reads", lambda env, name, variable: False)
    monkeypatch.setattr(faces, "_draw", lambda loaded, piece, face, **kw: (kw["side"], []))
    svgs = [faces.face_svg(loaded, piece, face, side=side, copy=1, bleed=3.0)
            for side in ("front", "back")]
    assert svgs == ["front", "back"]


def test_validate_draws_each_face_once_for_its_check_and_the_lint(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``validate`` checks every face with the lint's marked environment, so the lint
    after it draws no face again and no template is compiled for a second environment."""
    from generator.commands.validate import game_problems

    calls: list[tuple[object, ...]] = []
    real = faces.render_face

    def counting(loaded_: object, piece: object, face: object, **kw: object) -> str:
        calls.append((kw.get("env"), getattr(piece, "id", ""), getattr(face, "id", ""),
                      kw["side"], kw["copy"], repr(kw["extra"])))
        return real(loaded_, piece, face, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(faces, "render_face", counting)
    assert game_problems("copperdale", None) == []
    envs = {call[0] for call in calls}
    assert len(calls) > 10 and len(envs) == 1 and None not in envs  # the marked one only
    assert len(set(calls)) == len(calls)  # and no drawing made twice


def test_the_lint_after_a_build_reads_the_builds_own_plan(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.lint.pages import page_findings
    from generator.render import build
    from generator.render.geometry import DEFAULT_MARGIN

    loaded = validate_game(GAMES["copperdale"])
    planned: list[object] = []
    real = build.plan

    def counting(loaded_: object, options: build.BuildOptions) -> object:
        planned.append(options)
        return real(loaded_, options)  # type: ignore[arg-type]

    monkeypatch.setattr(build, "plan", counting)
    built = build.planned(loaded, build.BuildOptions(paper="a4", jobs=2, out=Path("elsewhere")))
    list(page_findings(loaded, "a4", DEFAULT_MARGIN, []))
    assert len(planned) == 1
    assert build.planned(loaded, build.BuildOptions(paper="a4")) is built
    build.planned(loaded, build.BuildOptions(paper="a4", duplex="short"))  # another document
    assert len(planned) == 2


def test_a_build_and_its_lint_load_each_template_into_one_environment() -> None:
    """The PDF's faces are the lint's marked drawings with the marks taken off, and the
    template a piece names is read off that same environment: the unmarked one loads
    no face template at all (each template is compiled once, not once per environment)."""
    from generator.lint import lint_game
    from generator.render import build
    from generator.render.marks import marked_environment
    from generator.render.svg import game_environment

    loaded = validate_game(GAMES["copperdale"])
    plain, marked = game_environment(loaded), marked_environment(loaded)
    assert plain.cache is not None and marked.cache is not None
    plain.cache.clear()
    marked.cache.clear()
    build.planned(loaded, build.BuildOptions(paper="a4"))
    lint_game(loaded, papers=("a4",))
    assert len(marked.cache) > 3 and len(plain.cache) == 0


def test_a_boards_tiling_is_worked_out_once_per_drawing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The build cuts a large board into tiles and the lint after it checks those seams:
    one tiling for both (the stepping search costs a second on a big board)."""
    from generator.render import large
    from generator.render.geometry import paper_for
    from generator.render.jobs import jobs

    loaded = validate_game(GAMES["boomtown-builders"])
    paper = paper_for("a4")
    job = next(j for j in jobs(loaded, 3.0) if j.is_large(paper))
    tiled = calls(monkeypatch, large, "tile")
    svg = job.front_svg(job.copies[0])
    first = large.board_tiling(job, paper, [svg])
    assert large.board_tiling(job, paper, [svg]) is first and len(tiled) == 1
    large.board_tiling(job, paper, [svg.replace("</svg>", "<text>x</text></svg>")])
    assert len(tiled) == 2  # another drawing: tiled again


def test_validate_parses_each_face_once_for_its_check_and_the_lint(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The check judges the lint's marked drawing and hands its tree on: each distinct
    face's SVG is parsed once (a face too big to judge without its tree too), and the lint
    finds what it found before."""
    from generator.lint import lint_game
    from generator.render import decoding, drawn

    monkeypatch.setattr(verdict, "REFUSED", {})
    parsed: list[str] = []
    for module in (drawn, verdict, decoding):
        real = module.parse

        def counting(text: str, real: object = real) -> object:
            parsed.append(text)
            return real(text)  # type: ignore[operator]
        monkeypatch.setattr(module, "parse", counting)
    loaded = validate_game(GAMES["copperdale"])
    assert preflight.template_problems(loaded) == []
    assert lint_game(loaded, papers=()) == []
    assert parsed and len(parsed) == len(set(parsed))
    assert any(text.count("<") > decoding.MAX_DEPTH for text in parsed)  # the score sheet
    assert all('data-src="' in text for text in parsed)  # the marked drawings only
    again = validate_game(GAMES["copperdale"])  # the lint alone parses for itself
    monkeypatch.setattr(verdict, "REFUSED", {})
    assert lint_game(again, papers=()) == [] and len(parsed) == 2 * len(set(parsed))


def test_a_refused_face_is_judged_as_printed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A marked drawing that does not parse is judged again as printed: the message is the
    printed drawing's (its line and column), not the marked one's."""
    monkeypatch.setattr(verdict, "REFUSED", {})
    marked = '<svg xmlns="http://www.w3.org/2000/svg"><text data-src="/t.j2:1">x</svg>'
    printed = '<svg xmlns="http://www.w3.org/2000/svg"><text>x</svg>'
    loaded = validate_game(GAMES["copperdale"])
    messages = []
    for text in (printed, marked):
        with pytest.raises(Undecodable) as refused:
            parse(text)
        messages.append(refused.value.message)
    assert messages[0] != messages[1]  # the columns differ
    assert verdict.verdict(loaded, printed, marked) == messages[0]
    sound = marked.replace("x</svg>", "x</text></svg>")
    assert verdict.verdict(loaded, printed.replace("x</svg>", "x</text></svg>"), sound) is None
    assert [key for key in loaded.drawn if key[0] == verdict.PARSED] == [
        (verdict.PARSED, sound)]


def test_what_a_template_names_is_read_from_the_source_it_was_loaded_from(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each template file is read once for loading it and for what it extends, includes
    or imports (each read is a confined open, folder by folder)."""
    from generator.data.components import BUNDLED_TEMPLATES
    from generator.render import svg

    read: list[str] = []
    real = svg.read_versioned

    def counting(root: Path, relative: str, limit: int) -> object:
        found = real(root, relative, limit)  # a folder without the file raises first
        read.append(relative)
        return found

    monkeypatch.setattr(svg, "read_versioned", counting)
    env = svg.environment.__wrapped__((BUNDLED_TEMPLATES / "copper-creek", BUNDLED_TEMPLATES))
    assert reads(env, "building.svg.j2", "copy") is False
    assert sorted(read) == sorted(set(read))
    assert {"building.svg.j2", "symbols.svg.j2", "_shared/base.svg.j2"} <= set(read)


def test_validate_takes_the_marks_off_each_drawing_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check after drawing asks for the printed face of every face again, copies and
    shared drawings too: the marks come off each marked drawing once."""
    from generator.commands.validate import game_problems

    taken: list[str] = []
    real = verdict.unmarked

    def counting(svg: str) -> str | None:
        taken.append(svg)
        return real(svg)

    for module in (faces, preflight, verdict):  # wherever the drawing path takes marks off
        monkeypatch.setattr(module, "unmarked", counting, raising=False)
    assert game_problems("boomtown-builders", None) == []
    assert len(taken) > 10 and len(taken) == len(set(taken))
