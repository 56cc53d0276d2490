"""One drawing for the lint and the PDF: template lines marked in the template's own text
only, and taken off exactly for print (``render.marks``)."""

from __future__ import annotations

import jinja2
import pytest

from generator.deck.validate import validate_game
from generator.games import GAMES
from generator.render import faces
from generator.render.marks import SourceLines, unmarked
from generator.render.sandbox import DeckSandbox
from generator.render.svg import render_face

TEMPLATES = {
    "plain.j2": '<svg>\n<text x="1">{{ word }}</text>\n  <image href="a.png"/></svg>',
    "string.j2": "<svg>{{ '<text' ~ ' y=\"2\">' }}</svg>",
    "comment.j2": "<svg>{# <text x=1> #}<text>a</text></svg>",
    "measured.j2": '{% set label %}<text x="1">{{ word }}</text>{% endset %}'
                   "<svg>{{ label|length }}{{ label }}</svg>",
    "filtered.j2": "<svg>{% filter upper %}<text>a</text>{% endfilter %}<text>b</text></svg>",
    "assigned.j2": "{% set n = 3 %}<svg><text>{{ n }}</text></svg>",
    "macro.j2": '{% macro m() %}<text x="1">a</text>{% endmacro %}<svg>{{ m() }}{{ m()|upper }}'
                "</svg>",
    "raw.j2": '<svg>{% raw %}<text x="{{">a</text>{% endraw %}</svg>',
    "look-alike.j2": "<svg><textPath/><imageset/>{{ word }}</svg>",
}


def environments() -> tuple[jinja2.Environment, jinja2.Environment]:
    plain = DeckSandbox(loader=jinja2.DictLoader(TEMPLATES), autoescape=True)
    return plain, plain.overlay(extensions=[SourceLines])


def test_marks_name_the_template_line_of_each_text_and_image_tag() -> None:
    _, marked = environments()
    svg = marked.get_template("plain.j2").render(word="hi")
    assert '<text data-src="plain.j2:2" x="1">hi</text>' in svg
    assert '<image data-src="plain.j2:3" href="a.png"/>' in svg


@pytest.mark.parametrize("name", ["string.j2", "comment.j2", "measured.j2", "filtered.j2",
                                  "assigned.j2", "raw.j2", "look-alike.j2"])
def test_the_marks_taken_off_give_the_unmarked_drawing_byte_for_byte(name: str) -> None:
    plain, marked = environments()
    assert unmarked(marked.get_template(name).render(word="hi")) == (
        plain.get_template(name).render(word="hi"))


def test_data_that_looks_like_a_mark_sends_the_face_to_be_drawn_without_marks() -> None:
    _, marked = environments()
    svg = marked.get_template("plain.j2").render(word='<text data-src="x">')
    assert unmarked(svg) is None  # never a guess at which marks were the template's


def test_marks_stay_out_of_strings_and_captured_blocks() -> None:
    _, marked = environments()
    assert "data-src" not in marked.get_template("string.j2").render()
    measured = marked.get_template("measured.j2").render(word="a")
    assert measured.startswith('<svg>20<text x="1">')  # the length the template measured
    assert marked.get_template("filtered.j2").render() == (
        '<svg><TEXT>A</TEXT><text data-src="filtered.j2:1">b</text></svg>')


def test_a_drawing_with_a_mark_left_over_is_not_used_for_print() -> None:
    _, marked = environments()
    svg = marked.get_template("macro.j2").render()  # the macro's text, upper-cased, mark too
    assert "DATA-SRC" in svg and unmarked(svg) is None


def test_printed_faces_are_what_the_unmarked_templates_draw() -> None:
    """Every face of a bundled game, as the build prints it (from the lint's drawing),
    is byte for byte what its template draws without marks."""
    loaded = validate_game(GAMES["copperdale"])
    checked = 0
    for _, piece in loaded.data.pieces():
        for face in piece.faces:
            for side in ("front", "back") if (face.back or piece.back) else ("front",):
                drawing = {"side": side, "copy": 1, "bleed": 3.0, "extra": None, "size": None}
                assert faces.printed(loaded, piece, face, **drawing) == render_face(
                    loaded, piece, face, **drawing)  # type: ignore[arg-type]
                checked += 1
    assert checked > 20


def test_a_face_whose_marked_drawing_fails_is_drawn_without_marks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    loaded = validate_game(GAMES["copperdale"])
    _, piece = next(iter(loaded.data.pieces()))
    face = piece.faces[0]
    drawing = {"side": "front", "copy": 1, "bleed": 3.0, "extra": None, "size": None}

    def failing(*args: object, **kwargs: object) -> str:
        raise RuntimeError("the marked drawing failed")

    monkeypatch.setattr(faces, "marked_svg", failing)
    assert faces.printed(loaded, piece, face, **drawing) == render_face(  # type: ignore[arg-type]
        loaded, piece, face, **drawing)  # type: ignore[arg-type]
