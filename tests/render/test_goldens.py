"""Golden SVGs of a few templates. Regenerate on purpose with COPPERPLATE_REGEN_GOLDENS=1
and review the diff like code."""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from generator.render.faces import face_svg
from generator.render.pagewords import PAGE_WORDS
from generator.render.svg import page_svg

GOLDENS = Path(__file__).resolve().parent / "goldens"
REGEN = os.environ.get("COPPERPLATE_REGEN_GOLDENS") == "1"


def check_golden(name: str, text: str) -> None:
    path = GOLDENS / name
    if REGEN:
        path.write_text(text, encoding="utf-8")
        return
    if not path.is_file():
        pytest.fail(f"no golden {path.name}: run with COPPERPLATE_REGEN_GOLDENS=1")
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = "\n".join(difflib.unified_diff(expected.splitlines(), text.splitlines(),
                                              "golden", "rendered", lineterm=""))
        pytest.fail(f"{name} differs from its golden:\n{diff}")


def piece(loaded, piece_id):
    return next(p for _, p in loaded.data.pieces() if p.id == piece_id)


def test_card_face_escapes_its_text(fixture_game):
    deck = piece(fixture_game, "deck")
    svg = face_svg(fixture_game, deck, deck.faces[0], side="front", copy=2, bleed=3.0)
    assert "Gold &lt;Strike&gt;" in svg and "<Strike>" not in svg
    check_golden("card-gold-front.svg", svg)


def test_die_face_gets_its_value_and_index(fixture_game):
    dice = piece(fixture_game, "dice")
    svg = face_svg(fixture_game, dice, dice.faces[0], side="front", copy=1, bleed=3.0,
                   extra={"value": "5", "index": 4}, size=(18.0, 18.0))
    check_golden("die-face-5.svg", svg)


def test_registration_page_front():
    svg = page_svg("_shared/registration.svg.j2", w=210.0, h=297.0, bleed=0, side="front",
                   sx=1, sy=-1, dx=0.0, dy=0.0, flip="double-sided, flip on the long edge",
                   duplex="long", offset=(0.0, 0.0), words=PAGE_WORDS)
    check_golden("registration-front-a4.svg", svg)


def test_contents_page(fixture_game):
    rows = [{"name": "Claim Deck", "kind": "card", "count": 11, "size": "63.5 × 88.9 mm",
             "pages": "3–5 (odd)", "how": ["cut straight through the block"], "y": 93.0}]
    svg = page_svg("_shared/contents.svg.j2", drop=0, w=210.0, h=297.0, bleed=0, first=True, rows=rows,
                   game=fixture_game.data.game.model_dump(mode="json"), paper="A4",
                   flip="double-sided, flip on the long edge", duplex="long",
                   offset=(0.0, 0.0), registration=27, page_no=1, total=28,
                   bring=["pencil; scissors."], top=84.0, variant=[], words=PAGE_WORDS)
    check_golden("contents-a4.svg", svg)
