"""Every face and back renders to well-formed SVG with only the allowed fonts, and
text from the data is escaped."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from generator.games.boomtown_builders import SPEC
from generator.render.svg import render_face
from generator.validate import validate_game

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
