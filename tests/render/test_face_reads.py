"""A face is drawn again only when its template read a field that differs: a drawing is
reused for a later face of the piece whose fields are equal at every field that drawing
read (``facereads``), and a template that uses the face whole draws each face itself."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import jinja2
import pytest

from generator.render import faces
from generator.render.facereads import FaceReads, fields_read, signature
from generator.render.marks import marked_environment
from generator.render.sandbox import TemplateRefused
from tests.calls import calls

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
sys.path.insert(0, str(FIXTURES))

from fixture_model import FOLDER, load_fixture  # noqa: E402

# the back prints a face's symbol only on the faces of one colour
CONDITIONAL = ('<svg xmlns="http://www.w3.org/2000/svg">{% if face.colour == "#E69F00" %}'
               '<text>{{ face.symbol }}</text>{% endif %}<text>{{ face.get("shade", "") }}'
               '</text></svg>')
CARDS = """pieces:
  - id: deck
    name: Claim Deck
    kind: card
    size: poker
    template: card.svg.j2
    back: back.svg.j2
    faces:
      - {id: gold, name: Gold, colour: "#E69F00", symbol: G}
      - {id: gold-too, name: Gold, colour: "#E69F00", symbol: X}
      - {id: gold-again, name: Gold, colour: "#E69F00", symbol: G}
      - {id: silver, name: Silver, colour: "#56B4E9", symbol: S}
      - {id: silver-too, name: Silver, colour: "#56B4E9", symbol: Y}
      - {id: shaded, name: Silver, colour: "#56B4E9", symbol: Y, shade: dark}
      - {id: numbered, name: Silver, colour: "#56B4E9", symbol: Y, shade: 1}
      - {id: truly, name: Silver, colour: "#56B4E9", symbol: Y, shade: true}
"""


def deck(tmp_path: Path, back: str) -> object:
    folder = tmp_path / "pnp-fixture"
    shutil.copytree(FOLDER, folder)
    (folder / "cards.yaml").write_text(CARDS, encoding="utf-8")
    (folder / "templates" / "back.svg.j2").write_text(back, encoding="utf-8")
    return load_fixture(folder)


def backs(loaded: object, monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, str], int]:
    """Every face's back as validate and the lint draw it, and how many times a template
    was run for them."""
    runs = calls(monkeypatch, faces, "render_face")
    piece = next(p for _, p in loaded.data.pieces() if p.id == "deck")  # type: ignore[attr-defined]
    env = marked_environment(loaded)  # type: ignore[arg-type]
    drawn = {face.id: faces.marked_svg(loaded, piece, face, side="back", copy=1,  # type: ignore[arg-type]
                                       bleed=3.0, extra=None, size=None, marked=env)
             for face in piece.faces}
    return drawn, len(runs)


def alone(loaded: object, face_id: str) -> str:
    """The back drawn the way it was before: its own template run with a plain dict."""
    piece = next(p for _, p in loaded.data.pieces() if p.id == "deck")  # type: ignore[attr-defined]
    face = next(f for f in piece.faces if f.id == face_id)
    return faces.render_face(loaded, piece, face, side="back", copy=1, bleed=3.0,  # type: ignore[arg-type]
                             env=marked_environment(loaded))  # type: ignore[arg-type]


def test_a_field_printed_only_when_another_has_some_value_draws_each_face_right(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    loaded = deck(tmp_path, CONDITIONAL)
    drawn, runs = backs(loaded, monkeypatch)
    monkeypatch.undo()
    assert drawn == {face_id: alone(loaded, face_id) for face_id in drawn}
    assert drawn["gold"] != drawn["gold-too"]  # the symbol is read on gold faces
    assert drawn["silver"] == drawn["silver-too"]  # and not on silver ones
    # a field read that one face lacks and another has; 1, True and "dark" told apart
    assert len({drawn[f] for f in ("silver", "shaded", "numbered", "truly")}) == 4
    assert runs == 6  # gold-again is gold's drawing, silver-too is silver's


@pytest.mark.parametrize("use", [
    "{% for k in face %}{{ k }}{% endfor %}", "{{ face | length }}", "{{ face }}",
    "{{ face | tojson }}", "{{ face | pprint }}", "{{ face.items() | list }}",
    "{{ [face] }}", "{{ face == {} }}", "{{ face | dictsort }}", "{{ face.copy() }}",
    "{{ face.keys() | list }}", "{{ face.values() | list }}", "{{ face | first }}",
    "{{ face | attr('_read') is defined }}{{ face }}",
])
def test_a_template_that_uses_the_face_whole_draws_each_face(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, use: str) -> None:
    loaded = deck(tmp_path, '<svg xmlns="http://www.w3.org/2000/svg"><text>'
                  + use + "</text></svg>")
    drawn, runs = backs(loaded, monkeypatch)
    monkeypatch.undo()
    assert drawn == {face_id: alone(loaded, face_id) for face_id in drawn}
    assert runs == len(drawn) + 1  # the first drawing, with the view, is not kept


def test_the_view_records_reads_by_name_and_the_whole() -> None:
    view = FaceReads({"a": 1, "b": [2], "c": None})
    assert view["a"] == 1 and view.get("zz") is None and "b" in view and "y" not in view
    with pytest.raises(KeyError):
        view["x"]
    assert fields_read(view) == ("a", "zz", "b", "y", "x")
    for whole in (len, iter, list, repr, str, dict, lambda v: v == {}, lambda v: v.items(),
                  lambda v: v.keys(), lambda v: v.values(), lambda v: v.copy(), bool,
                  lambda v: v.update(d=1), lambda v: v.setdefault("e"), reversed):
        other = FaceReads({"a": 1})
        whole(other)
        assert fields_read(other) is None, whole


def test_equal_values_only_when_a_template_could_not_tell_them_apart() -> None:
    fields = ("a",)
    texts = [signature({"a": value}, fields) for value in
             (1, 1.0, True, "1", [1], (1,), {"k": 1}, None, {"k": 1, "j": 2}, {"j": 2, "k": 1})]
    assert len(set(texts)) == len(texts)
    assert signature({}, fields) != signature({"a": "absent"}, fields)
    assert signature({"a": object()}, fields) is None  # anything but plain data: not shared
    assert signature({"a": [{"k": [1, 2.5]}]}, fields) == signature({"a": [{"k": [1, 2.5]}]},
                                                                     fields)


def test_the_view_opens_nothing_a_template_could_not_reach() -> None:
    """Its own names are a dict's and underscore ones, which the sandbox refuses."""
    assert all(name.startswith("_") for name in set(dir(FaceReads)) - set(dir(dict)))
    from generator.render.svg import environment

    env = environment((FOLDER / "templates",))
    for attempt in ("{{ face._read }}", "{{ face._whole }}", "{{ face['_read'] }}",
                    "{{ face._all() }}", "{{ face | attr('_read') }}"):
        with pytest.raises((TemplateRefused, jinja2.exceptions.SecurityError)):
            env.from_string(attempt).render(face=FaceReads({"a": 1}))
