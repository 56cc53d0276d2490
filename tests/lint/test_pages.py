"""The page rules: marks that would fall in the printer's margin, text on tile seams."""

from __future__ import annotations

from pathlib import Path

from lintgame import lint_tiny

from generator.lint import lint_game
from generator.lint.pages import seams
from generator.render.geometry import PAPERS

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
    board = {"kind": "board", "size": {"width_mm": 400, "height_mm": 250}}
    xs, _ = seams(400, 250, 3.0, PAPERS["a4"])
    x = xs[0]
    art = f'<text x="{x}" y="120" font-size="6" text-anchor="middle">East Hill</text>'
    problems = lint_tiny(tmp_path, art, piece=board)
    (p,) = [p for p in problems if p.rule == "text-seam"]
    assert p.line == 4 and "'East Hill'" in p.message and "a4 tile seam" in p.message


def test_text_clear_of_the_seams_passes(tmp_path: Path):
    board = {"kind": "board", "size": {"width_mm": 400, "height_mm": 250}}
    art = '<text x="20" y="20" font-size="6">Uptown</text>'
    assert not [p for p in lint_tiny(tmp_path, art, piece=board) if p.rule == "text-seam"]
