"""The page rules: marks that would fall in the printer's margin, text on tile seams."""

from __future__ import annotations

from pathlib import Path

import pytest
from lintgame import lint_tiny

from generator.deck.validate import validate_game
from generator.games import GAMES
from generator.lint import lint_game
from generator.lint.pages import mark_findings
from generator.render.build import BuildOptions, plan
from generator.render.document import MARK, Document, Line, Page
from generator.render.geometry import PAPERS, paper_for
from generator.render.tiling import tile

TEXT = '<text x="31.75" y="40" font-size="4" text-anchor="middle">Gold</text>'


def test_marks_print_inside_a_5mm_margin(tmp_path: Path):
    assert lint_tiny(tmp_path, TEXT, piece={}, papers=("a4", "letter")) == []


def test_a_mark_in_a_wide_printer_margin_is_reported_at_its_page(tmp_path: Path):
    """Marks planned for 5 mm, printed by a printer that cannot reach 12 mm."""
    from lintgame import tiny_game

    doc = plan(tiny_game(tmp_path, TEXT, face={"count": 9}), BuildOptions(paper="a4"))
    marks = [(page, f) for page, f in mark_findings(doc, paper_for("a4", 12.0))]
    assert marks and all(f.rule == "mark-margin" for _, f in marks)
    assert marks[0][0] == 3  # after the contents page and its blank back
    assert "page 3 (a4)" in marks[0][1].message and "12 mm margin" in marks[0][1].message


def test_marks_planned_for_the_printer_margin_print(tmp_path: Path):
    """``build --printer-margin`` and ``lint --printer-margin`` agree: what the build plans
    for a quarter inch prints at a quarter inch."""
    from lintgame import tiny_game

    loaded = tiny_game(tmp_path, TEXT, face={"count": 9})  # a full sheet: marks at the edges
    for paper in ("a4", "letter", "a3", "tabloid"):
        problems = lint_game(loaded, [paper], margin=6.35)
        assert [p for p in problems if p.rule == "mark-margin"] == [], paper


def _page_of(*lines: tuple[tuple[float, float], tuple[float, float]]) -> Document:
    page = Page("front")
    page.lines += [Line(MARK, points) for points in lines]
    return Document(pages=[page])


def test_a_mark_along_the_margins_edge_prints_nothing():
    """The Copperdale score sheet's corner marks ran down x = 5 mm, on the edge of a 5 mm
    margin: 4 mm long, none of it printed."""
    doc = _page_of(((5.0, 4.0), (5.0, 8.0)), ((205.0, 280.0), (205.0, 284.0)))
    assert len(list(mark_findings(doc, paper_for("a4")))) == 2


def test_a_mark_a_hair_inside_the_margin_is_reported():
    """Two Cold Comfort Letter marks lay 0.2 mm inside the margin: no printer is that exact."""
    doc = _page_of(((5.45, 5.2), (9.45, 5.2)), ((5.45, 6.0), (9.45, 6.0)))
    found = list(mark_findings(doc, paper_for("letter")))
    assert len(found) == 1 and "(5.5, 5.2)" in found[0][1].message


def test_a_mark_with_2mm_clear_of_the_margin_passes():
    doc = _page_of(((20.0, 3.5), (20.0, 7.5)), ((20.0, 4.0), (20.0, 7.4)))
    found = list(mark_findings(doc, paper_for("a4")))
    assert [f.message.split(" mm has ")[1][:3] for _, f in found] == ["1.9"]


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
    even = tile(406, 256, PAPERS["a4"]).seams()[0][0][0][0] - 3.0
    art = f'<text x="{even}" y="120" font-size="6" text-anchor="middle">East Hill</text>'
    assert not [p for p in lint_tiny(tmp_path, art, piece=board) if p.rule == "text-seam"]


def test_text_clear_of_the_seams_passes(tmp_path: Path):
    board = {"kind": "board", "size": {"width_mm": 400, "height_mm": 250}}
    art = '<text x="20" y="20" font-size="6">Uptown</text>'
    assert not [p for p in lint_tiny(tmp_path, art, piece=board) if p.rule == "text-seam"]


@pytest.mark.parametrize(("game_id", "paper", "piece"), [("copperdale", "a4", "score-sheet"),
                                                         ("cold-comfort", "letter", "score-pad")])
def test_a_sheet_at_the_margin_gets_only_marks_that_print(game_id, paper, piece):
    """The Copperdale sheet's sides lie on a 5 mm margin: no marks there (it is written on,
    white to its edges); the Cold Comfort pad moves clear of the margin to keep its marks."""
    loaded = validate_game(GAMES[game_id])
    doc = plan(loaded, BuildOptions(paper=paper))
    (page,) = [p for p in doc.pages if any(i["component"] == piece for i in p.items
                                           if i["side"] == "front")]
    assert list(mark_findings(Document(pages=[page]), paper_for(paper))) == []
    trim = page.trim
    assert trim is not None
    marked_x = {ln.points[0][0] for ln in page.lines if ln.points[0][0] == ln.points[1][0]}
    if piece == "score-sheet":
        assert trim.x == 5.0 and not page.lines
    else:
        assert marked_x == {trim.x, trim.x1} and trim.y >= 5.5


def test_a_play_space_cut_by_a_board_tile_seam(tmp_path: Path):
    """A row of spaces across the whole board leaves no seam, straight or stepped, a way
    round: the lint names a space it cuts; spaces with gaps between them pass."""
    board = {"kind": "board", "size": {"width_mm": 400, "height_mm": 250}}
    wall = "".join(f'<g data-space="track" transform="translate({x},120)"><circle r="10" '
                   'fill="#FFFFFF"/></g>' for x in range(10, 400, 19))
    found = [p for p in lint_tiny(tmp_path, wall, piece=board) if p.rule == "space-seam"]
    assert found and "play space (track)" in found[0].message
    spaced = "".join(f'<g data-space="track" transform="translate({x},120)"><circle r="10" '
                     'fill="#FFFFFF"/></g>' for x in range(10, 400, 30))
    assert not [p for p in lint_tiny(tmp_path / "b", spaced, piece=board)
                if p.rule == "space-seam"]


def test_text_running_beside_a_seam_is_reported_as_well_as_text_across_it():
    """A seam 1 mm beside a word crossed nothing, so the lint passed it (Kings of Copper's
    "Butte, Montana"); text needs TEXT_ROOM either side, a play space SEAM_ROOM."""
    from generator.lint.pages import _crosses
    from generator.render.geometry import Rect
    from generator.render.tiling import SEAM_ROOM, TEXT_ROOM

    seam = ((100.0, 0.0), (100.0, 200.0))
    word = Rect(101.5, 50.0, 40.0, 4.0)  # 1.5 mm right of the seam
    assert _crosses(word, [seam], TEXT_ROOM) == "x = 100.0 mm"
    assert _crosses(word, [seam], SEAM_ROOM) is None
    assert _crosses(Rect(102.5, 50.0, 40.0, 4.0), [seam], TEXT_ROOM) is None
