"""Every face and back renders to well-formed SVG with only the allowed fonts; the final
table picture shows the game's medals."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from generator.deck.validate import validate_game
from generator.engine.playout import play, replay
from generator.games.copperdale import SPEC
from generator.games.copperdale.bots import GreedyBot
from generator.render.svg import render_face

FONTS = {"DejaVu Sans", "DejaVu Sans Condensed", "DejaVu Serif", "DejaVu Serif Condensed",
         "DejaVu Sans Mono"}


def _fonts(svg: str) -> set[str]:
    return set(re.findall(r'font-family="([^"]+)"', svg))


def test_every_face_and_back_renders() -> None:
    loaded = validate_game(SPEC)
    rendered = 0
    for _loc, piece in loaded.data.pieces():
        for face in piece.faces:
            sides = ["front"] + (["back"] if piece.back else [])
            for side in sides:
                svg = render_face(loaded, piece, face, side=side)
                root = ET.fromstring(svg)
                assert root.tag.endswith("svg")
                assert _fonts(svg) <= FONTS
                assert "<image" not in svg
                rendered += 1
    assert rendered == 52 * 2 + 1


def test_card_shows_rank_and_suit_letter() -> None:
    loaded = validate_game(SPEC)
    deck = loaded.data.deck.pieces[0]
    queen = next(f for f in deck.faces if f.id == "q-hearts")
    svg = render_face(loaded, deck, queen)
    assert ">Q</text>" in svg and ">H</text>" in svg and "#b34e00" in svg  # 4.5:1 on the card (read as #rrggbb)
    assert "Value = 1 + Hearts" in svg


def test_final_table_picture(game) -> None:
    record = play(game, 1, [("greedy", GreedyBot)], "pic/0")
    final = replay(game, 1, record.actions)
    svg = SPEC.picture(final)
    ET.fromstring(svg)
    total = int(record.scores[0])
    assert re.search(rf'font-size="5"[^>]*>{total}</text>', svg)
    assert svg.count("<path d=\"M") > 20  # crosses pencilled on the sheet
