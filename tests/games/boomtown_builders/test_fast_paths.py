"""apply_action checks a build, a lot for terrain and a draw on their own instead of
finding them in the whole legal list: both ways agree on every legal action and on the
near misses around them (a taken lot, a card not in the draft, an empty pool, a column
off the board, coordinates that are not ints)."""

from __future__ import annotations

import random

import pytest

from generator.engine.api import Action
from generator.games.boomtown_builders.rules import BoomtownGame, BoomtownState
from generator.games.boomtown_builders.turn import allows


def near_misses(state: BoomtownState, action: Action) -> list[Action]:
    assert isinstance(action, tuple)
    kind, cols, rows = action[0], state.tables.columns, state.tables.rows
    cards = sorted(state.tables.cards)
    if kind == "build":
        _, card, row, col = action
        return [("build", other, r, c) for other in (card, cards[0], "no-such-card")
                for r in (row - 1, row, row + 1, rows) for c in (col - 1, col + 1, cols)] \
            + [("build", card, True, col), ("build", card, float(row), col), ("build", card)]
    if kind == "terrain-at":
        _, row, col = action
        return [("terrain-at", r, c) for r in range(rows) for c in (-1, col, cols)] \
            + [("terrain-at", row, False), ("terrain-at", row)]
    if kind in ("draw", "reveal", "terrain"):
        names = [*state.b.deck, *state.b.hideout_pool, *state.b.terrain_pool]
        return [(k, name) for k in ("draw", "reveal", "terrain") for name in names] \
            + [(kind, 3), (kind,), [kind, action[1]]]  # type: ignore[list-item]
    return [("pass",), ("invest", "single"), ("track", 0, 0)]


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (3, 1), (4, 2)])
def test_the_one_action_check_agrees_with_the_legal_list(game: BoomtownGame, players: int,
                                                         seed: int) -> None:
    rng = random.Random(seed)
    state = game.new_initial_state(players)
    checked = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        action = rng.choice(legal)
        for other in [action, *near_misses(state, action)]:
            assert allows(state, other) == (other in legal), other
            checked += 1
        state.apply_action(action)
    assert checked > 1000


def test_an_illegal_build_is_refused(game: BoomtownGame) -> None:
    state = game.new_initial_state(2)
    while state.b.phase != "build":
        state.apply_action(state.legal_actions()[0])
    _, card, row, col = state.legal_actions()[0]  # type: ignore[misc]
    with pytest.raises(ValueError):
        state.apply_action(("build", "no-such-card", row, col))
    state.apply_action(("build", card, row, col))
    with pytest.raises(ValueError):
        state.apply_action(("build", card, row, col))  # now an invest is due


def test_tables_hold_each_cards_points_and_each_lots_actions(game: BoomtownGame) -> None:
    t = game.tables
    for card, face in t.cards.items():
        assert t.points_apart[card] == tuple(face.points_at(d) for d in range(t.columns))
        assert t.builds[card] == tuple(("build", card, *divmod(i, t.columns))
                                       for i in range(t.rows * t.columns))
    assert t.places == tuple(divmod(i, t.columns) for i in range(t.rows * t.columns))
