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
