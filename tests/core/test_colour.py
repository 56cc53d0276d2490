"""Colours from data go through one CSS colour parser (tinycss2): CSS names, rgb() with
percentages and hsl() are read, not only the 16 names a hand-made table knew."""

from __future__ import annotations

from pathlib import Path

import pytest
from gametree import copy_game, edit

from generator.deck.validate import validate_game
from generator.games import GAMES
from generator.schema.colour import parse_css_colour


@pytest.mark.parametrize(("text", "hex_code"), [
    ("crimson", "#dc143c"), ("darkgreen", "#006400"), ("rgb(10%, 20%, 30%)", "#1a334d"),
    ("hsl(120, 100%, 25%)", "#008000"), ("#ABC", "#aabbcc"), ("#D55E00", "#d55e00"),
    (" tan ", "#d2b48c")])
def test_css_colours_are_read_as_hex(text: str, hex_code: str) -> None:
    assert parse_css_colour(text) == hex_code


@pytest.mark.parametrize("text", ["notacolour", "transparent", "rgba(0, 0, 0, 0.5)",
                                  "currentColor", "url(#copper)", ""])
def test_what_is_no_opaque_colour_is_refused(text: str) -> None:
    assert parse_css_colour(text) is None


def test_a_deck_colour_in_any_css_form_validates_and_a_wrong_one_is_located(
        tmp_path: Path) -> None:
    folder = copy_game("kings-of-copper", tmp_path)
    edit(folder / "board.yaml", 'hex: "#D55E00"', "hex: crimson")
    loaded = validate_game(GAMES["kings-of-copper"], tmp_path)
    assert loaded.data is not None, [p.format() for p in loaded.problems]
    assert loaded.data.board.colors[0].hex == "#dc143c"
    edit(folder / "board.yaml", "hex: crimson", "hex: crimsonish")
    problems = validate_game(GAMES["kings-of-copper"], tmp_path).problems
    assert [(p.rule, p.line) for p in problems] == [("schema", 8)], \
        [p.format() for p in problems]
    assert "'crimsonish' is not an opaque CSS colour" in problems[0].message
