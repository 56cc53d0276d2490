"""Boomtown Builders written in the rules language (the ``boomtown`` starter) agrees with
the bundled hand-written engine (generator/games/boomtown_builders, the basic game without
Terrain Cards) move for move: the same legal actions at every state, the same position
after every action and chance outcome, the same scores and winners (``boomtown.agree``).
20 seeded games per player count here, 200 in the slow tier."""

from __future__ import annotations

from collections import Counter

import pytest

from generator.deck.validate import validate_game
from generator.games.boomtown_builders import SPEC
from generator.games.boomtown_builders.rules import BoomtownGame
from generator.rulesfile.game import RulesGame
from rulesfile.boomtown import agree
from rulesfile.starters import compiled, make_starter


@pytest.fixture(scope="module")
def both(tmp_path_factory: pytest.TempPathFactory) -> tuple[RulesGame, BoomtownGame]:
    tree = tmp_path_factory.mktemp("tree")
    make_starter(tree, "boomtown")
    loaded = validate_game(SPEC)
    assert loaded.data is not None
    return compiled(tree, "boomtown"), BoomtownGame(loaded.data, terrain=False)


def sweep(both: tuple[RulesGame, BoomtownGame], games: int, first_seed: int) -> None:
    for players in (2, 3, 4):
        for seed in range(first_seed, first_seed + games):
            assert agree(*both, players, seed) > 0


def test_boomtown_agrees_with_its_engine(both: tuple[RulesGame, BoomtownGame]) -> None:
    sweep(both, 20, 0)


@pytest.mark.slow  # a long run: kept out of the fast tier, run by make test
def test_200_seeded_games_of_boomtown_agree(both: tuple[RulesGame, BoomtownGame]) -> None:
    sweep(both, 200, 1000)


def test_the_starter_holds_the_bundled_cards(both: tuple[RulesGame, BoomtownGame]) -> None:
    """The same buildings and hideouts, copy for copy, with the same points and votes."""
    table = both[0].prog.table
    engine = both[1].tables
    for piece, cards in (("buildings", engine.cards), ("hideouts", engine.hideout_cards)):
        mine = [i for i, p in enumerate(table.pieces) if p == piece]
        assert Counter(table.faces[i] for i in mine) == {
            k: getattr(f, "count", 1) for k, f in cards.items()}
        for i in mine:
            face = cards[table.faces[i]]
            assert table.columns["left"][i] == face.left
            assert table.columns["right"][i] == face.right
            assert table.columns["plus"][i] == face.plus
            if piece == "buildings":
                assert table.columns["points"][i] == list(face.points)


def test_the_board_spaces_are_laid_where_the_bundled_board_prints_them(
        both: tuple[RulesGame, BoomtownGame]) -> None:
    """``move_all`` to a place read for each card: every mark on the place it names,
    which is the bundled board's hideout space or printed arrow."""
    state = both[0].new_initial_state(3)
    table, engine = state.prog.table, both[1].tables
    base = state.zone_slot["town"]
    laid = {(state.where[c] - base, table.columns["mark"][c]) for c in range(len(table))
            if table.pieces[c] == "marks"}
    assert all(state.where[c] - base == table.columns["place"][c]
               for c in range(len(table)) if table.pieces[c] == "marks")
    assert laid == {(r * 9 + c, "hideout-space") for r, c in engine.hideout_spaces} | {
        (r * 9 + c, "arrow") for r, c in engine.printed_votes}
    arrows = {table.columns["place"][c]: table.columns["right"][c] - table.columns["left"][c]
              for c in range(len(table)) if table.columns["mark"][c] == "arrow"}
    assert arrows == {r * 9 + c: v for (r, c), v in engine.printed_votes.items()}
