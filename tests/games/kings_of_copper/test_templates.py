"""Every face and back of every kings-of-copper piece renders to well-formed SVG with only
the allowed fonts, and text from the data is escaped."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from generator.deck.validate import validate_game
from generator.games.kings_of_copper import SPEC
from generator.render.svg import render_face

FONTS = {"DejaVu Sans", "DejaVu Sans Condensed", "DejaVu Serif", "DejaVu Serif Condensed",
         "DejaVu Sans Mono"}
LOADED = validate_game(SPEC)
PIECES = [piece for _, piece in LOADED.data.pieces()] if LOADED.data else []


def _faces(piece):  # type: ignore[no-untyped-def]
    for face in piece.faces:
        if piece.kind == "die":
            for index, value in enumerate(face.values):
                yield face, {"value": value, "index": index}
        else:
            yield face, {}


@pytest.mark.parametrize("piece", PIECES, ids=[p.id for p in PIECES])
def test_every_face_and_back_renders(piece) -> None:  # type: ignore[no-untyped-def]
    for face, extra in _faces(piece):
        sides = ["front", "back"] if (face.back or piece.back) else ["front"]
        for side in sides:
            svg = _render(piece, face, side, extra)
            root = ET.fromstring(svg)
            assert root.tag.endswith("svg")
            fonts = set(re.findall(r'font-family="([^"]+)"', svg))
            assert fonts <= FONTS, fonts
            assert "<image" not in svg


def _render(piece, face, side, extra):  # type: ignore[no-untyped-def]
    if not extra:
        return render_face(LOADED, piece, face, side=side)
    from generator.render.svg import face_context, game_environment
    ctx = face_context(LOADED, piece, face, side=side, copy=1, bleed=3.0) | extra
    return game_environment(LOADED).get_template(piece.template).render(ctx)


def test_event_text_is_escaped() -> None:
    events = next(p for p in PIECES if p.id == "events")
    face = events.faces[0].model_copy(update={"text": "Pay <b>$5</b> & run"})
    svg = render_face(LOADED, events, face)
    assert "&lt;b&gt;" in svg and "<b>" not in svg
    ET.fromstring(svg)


def test_board_draws_every_space() -> None:
    board = next(p for p in PIECES if p.kind == "board")
    svg = render_face(LOADED, board, board.faces[0])
    assert svg.count("<g transform=") == len(LOADED.data.board.spaces)
