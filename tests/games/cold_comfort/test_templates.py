"""Every face and back of every cold-comfort piece renders to well-formed SVG."""

from __future__ import annotations

from xml.etree import ElementTree

from generator.deck.validate import validate_game
from generator.games.cold_comfort import SPEC
from generator.render.svg import render_face

FONTS = {"DejaVu Sans", "DejaVu Sans Condensed", "DejaVu Serif", "DejaVu Serif Condensed",
         "DejaVu Sans Mono"}


def test_every_face_and_back_renders() -> None:
    loaded = validate_game(SPEC)
    assert loaded.data is not None
    count = 0
    for _, piece in loaded.data.pieces():
        for face in piece.faces:
            sides = ["front"] + (["back"] if (face.back or piece.back) else [])
            extras = [{"value": v, "index": i} for i, v in enumerate(face.values)] \
                if piece.kind == "die" else [None]
            for side, extra in ((s, e) for s in sides for e in extras):
                svg = render_face(loaded, piece, face, side=side, extra=extra)
                root = ElementTree.fromstring(svg)
                fonts = {el.get("font-family") for el in root.iter() if el.get("font-family")}
                assert fonts <= FONTS, (piece.id, face.id, fonts)
                assert "None" not in svg and "<image" not in svg
                count += 1
    # tiles and backs, placards, hotels and backs, six die faces, gold, pawn, marker,
    # score pad, aid and back
    assert count == 24 * 2 + 6 + 36 * 2 + 6 + 3 + 1 + 1 + 1 + 2


def test_tile_prints_its_lots_and_street_edge() -> None:
    loaded = validate_game(SPEC)
    deck = loaded.data.city_deck.pieces[0]
    face = deck.faces[0]  # Front Street: lots 6 3 1 5 2 4, streets west and south
    svg = render_face(loaded, deck, face)
    texts = [el.text for el in ElementTree.fromstring(svg).iter() if el.text]
    assert [t for t in texts if t.strip().isdigit()] == ["6", "3", "1", "5", "2", "4"]
    assert svg.count('fill="#7d7466"') == 2  # two printed street edges
