"""A board printed on one page with the default 5 mm printer margin stays on one page with
a quarter inch (6.35 mm, `--printer-margin 6.35`): tiling it instead would run a seam
through its text (the Boomtown board on Letter was 268 mm wide, 1.3 mm too many)."""

from __future__ import annotations

import pytest

from generator.deck.validate import validate_game
from generator.games import GAMES
from generator.render.geometry import DEFAULT_MARGIN, paper_for
from generator.render.tiling import fits_page

QUARTER_INCH = 6.35
BLEED = 3.0


def one_page_pieces() -> list[tuple[str, str, float, float]]:
    found = []
    for game_id in GAMES:
        loaded = validate_game(GAMES[game_id])
        for _, piece in loaded.data.pieces():
            if piece.kind == "board":
                w, h = piece.size_mm
                found.append((game_id, piece.id, w, h))
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_one_page_boards_fit_a_quarter_inch_margin(paper):
    pieces = one_page_pieces()
    assert any(game == "boomtown-builders" and piece == "board" for game, piece, _, _ in pieces)
    for game, piece, w, h in pieces:
        if fits_page(w, h, BLEED, paper_for(paper, DEFAULT_MARGIN)) is None:
            continue  # tiled anyway (Kings of Copper's board)
        assert fits_page(w, h, BLEED, paper_for(paper, QUARTER_INCH)) is not None, (game, piece)


def test_the_copperdale_sheet_stays_one_page_on_a4_at_a_quarter_inch():
    """A sheet is written on, never cut: what must print is its safe area, so the 200 mm
    score sheet stays whole on A4 at 6.35 mm (197.3 mm printable), at 100 % (its 8 mm
    pencil boxes kept), its sides in the margin, 4 mm from anything it draws."""
    from generator.render.build import BuildOptions, plan
    from generator.render.drawn import read
    from generator.render.faces import face_svg
    from generator.render.tiling import white_edge

    loaded = validate_game(GAMES["copperdale"])
    piece = next(p for _, p in loaded.data.pieces() if p.id == "score-sheet")
    edge = white_edge(piece)
    assert fits_page(200, 265, BLEED, paper_for("a4", QUARTER_INCH)) is None  # trim alone
    assert fits_page(200, 265, BLEED, paper_for("a4", QUARTER_INCH), edge) is False
    doc = plan(loaded, BuildOptions(paper="a4", printer_margin=QUARTER_INCH))
    assert not [p for p in doc.pages if p.role in ("tile", "overview")]
    page = next(p for p in doc.pages if any(i["component"] == "score-sheet" for i in p.items))
    printable = paper_for("a4", QUARTER_INCH).printable
    drawing = read(face_svg(loaded, piece, piece.faces[0], side="front", copy=1, bleed=0.0))
    inked = [s.box for s in drawing.shapes if s.fill != "#ffffff"]  # white: the paper's
    for box in inked + [ln.box for ln in drawing.lines]:
        on_paper = box.x + page.trim.x, box.x1 + page.trim.x
        assert printable.x <= on_paper[0] and on_paper[1] <= printable.x1, box
    assert white_edge(next(p for _, p in loaded.data.pieces() if p.kind == "card")) == 0.0
