"""The page rules: marks that would fall in the printer's margin, text on tile seams."""

from __future__ import annotations

from pathlib import Path

from lintgame import lint_tiny

from generator.lint import lint_game
from generator.render.geometry import PAPERS
from generator.render.tiling import tile

TEXT = '<text x="31.75" y="40" font-size="4" text-anchor="middle">Gold</text>'


def test_marks_print_inside_a_5mm_margin(tmp_path: Path):
    assert lint_tiny(tmp_path, TEXT, piece={}, papers=("a4", "letter")) == []


def test_a_mark_in_a_wide_printer_margin_is_reported_at_its_page(tmp_path: Path):
    from lintgame import tiny_game

    loaded = tiny_game(tmp_path, TEXT)
    problems = lint_game(loaded, ["a4"], margin=80.0)
    marks = [p for p in problems if p.rule == "mark-margin"]
    assert marks and all(p.path == "tiny-a4.pdf" for p in marks)
    assert marks[0].line == 3  # after the contents page and its blank back
    assert "page 3 (a4)" in marks[0].message and "80 mm margin" in marks[0].message


def test_text_across_a_board_tile_seam(tmp_path: Path):
    """A title as wide as the board leaves no seam a free place: the lint reports it."""
    board = {"kind": "board", "size": {"width_mm": 400, "height_mm": 250}}
    art = ('<text x="200" y="120" font-size="12" text-anchor="middle">'
           'The Richest Hill on Earth, Butte, Montana</text>')
    problems = lint_tiny(tmp_path, art, piece=board)
    found = [p for p in problems if p.rule == "text-seam"]
    assert found and found[0].line == 4 and "a4 tile seam at x = " in found[0].message


def test_a_word_at_the_even_seam_moves_the_seam(tmp_path: Path):
    board = {"kind": "board", "size": {"width_mm": 400, "height_mm": 250}}
    even = tile(406, 256, PAPERS["a4"]).seams()[0][0] - 3.0
    art = f'<text x="{even}" y="120" font-size="6" text-anchor="middle">East Hill</text>'
    assert not [p for p in lint_tiny(tmp_path, art, piece=board) if p.rule == "text-seam"]


def test_text_clear_of_the_seams_passes(tmp_path: Path):
    board = {"kind": "board", "size": {"width_mm": 400, "height_mm": 250}}
    art = '<text x="20" y="20" font-size="6">Uptown</text>'
    assert not [p for p in lint_tiny(tmp_path, art, piece=board) if p.rule == "text-seam"]
