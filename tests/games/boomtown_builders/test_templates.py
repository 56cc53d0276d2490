"""Every face and back renders to well-formed SVG with only the allowed fonts, and
text from the data is escaped."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest

from generator.deck.validate import validate_game
from generator.games.boomtown_builders import SPEC
from generator.render.build import BuildOptions, build_game
from generator.render.geometry import PT_PER_MM
from generator.render.svg import render_face

FONTS = {"DejaVu Sans", "DejaVu Sans Condensed", "DejaVu Serif", "DejaVu Serif Condensed",
         "DejaVu Sans Mono"}


def _all_faces():  # type: ignore[no-untyped-def]
    loaded = validate_game(SPEC)
    for _, piece in loaded.data.pieces():
        for face in piece.faces:
            yield loaded, piece, face


def test_every_face_and_back_renders() -> None:
    count = 0
    for loaded, piece, face in _all_faces():
        for side in ("front", "back") if (face.back or piece.back) else ("front",):
            svg = render_face(loaded, piece, face, side=side)
            ET.fromstring(svg)  # well-formed
            assert set(re.findall(r'font-family="([^"]+)"', svg)) <= FONTS
            count += 1
    assert count > 90


def test_names_from_data_are_escaped() -> None:
    loaded, piece, face = next((lo, p, f) for lo, p, f in _all_faces() if f.id == "rustlers-den")
    hostile = face.model_copy(update={"name": "<script>&"})
    svg = render_face(loaded, piece, hostile)
    assert "<script>" not in svg and "&lt;script&gt;&amp;" in svg


def test_building_card_shows_its_distance_table_and_votes() -> None:
    loaded, piece, face = next((lo, p, f) for lo, p, f in _all_faces() if f.id == "hotel")
    svg = render_face(loaded, piece, face)
    numbers = re.findall(r'font-weight="bold" text-anchor="middle" fill="[^"]+">(\d+)</text>', svg)
    assert numbers == ["6", "3", "1"]


BOARD_PIECES = {"board", "town-sections", "town-middle"}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_board_needs_seven_sheets_and_no_glue(tmp_path, paper) -> None:  # type: ignore[no-untyped-def]
    # Was one 480 x 860 mm board tiled over ten pages with a seam through the middle
    # column of every row. Now each section fits a page whole (no board-part, no seam).
    loaded = validate_game(SPEC)
    result = build_game(loaded, BuildOptions(out=tmp_path, paper=paper))
    items = json.loads(result.manifest.read_text())["items"]
    board = [i for i in items if i["component"] in BOARD_PIECES]
    assert not [i for i in items if i["kind"] == "board-part"]
    assert len({i["page"] for i in board}) == 7
    assert len([i for i in board if i["component"] != "board"]) == 15  # every section once
    for item in board:
        x0, y0, x1, y1 = item["trim_pt"]
        piece = next(p for _, p in loaded.data.pieces() if p.id == item["component"])
        printed = sorted(((x1 - x0) / PT_PER_MM, (y1 - y0) / PT_PER_MM))
        assert printed == pytest.approx(sorted(piece.size_mm), abs=0.05)


def test_the_board_has_the_deck_the_draft_and_a_round_track_legend() -> None:
    loaded, piece, face = next((lo, p, f) for lo, p, f in _all_faces() if f.id == "board")
    svg = render_face(loaded, piece, face)
    assert "BUILDING DECK" in svg and "DRAFT" in svg
    most = max(d.cards for d in loaded.data.buildings.draft)
    slots = re.findall(r'stroke-dasharray="2 1"', svg)
    assert len(slots) == most  # one slot per face-up card of the largest draft
    assert "4 players" in svg  # the 5th slot is for 4 players only
    assert "How to read a space:" in svg and "2·4P ×1" in svg and "3P ×3" in svg


def test_the_aid_back_prints_the_house_rulings_with_numbers_from_data() -> None:
    loaded, piece, face = next((lo, p, f) for lo, p, f in _all_faces() if f.id == "turn-summary")
    svg = render_face(loaded, piece, face, side="back")
    for title in ("Mountain arrows", "Nowhere to build", "Goldmine next door"):
        assert title in svg
    assert f"+{loaded.data.terrain.goldmine_bonus} VP once" in svg and "{goldmine" not in svg
