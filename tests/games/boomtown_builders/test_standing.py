"""A seat's standing during the game is what the rows with a Track Token score, the rest
of the town left out; kept from one token to the next, it is at every step what scoring
those rows afresh gives."""

from __future__ import annotations

import random

from generator.games.boomtown_builders.rules import BoomtownGame, BoomtownState
from generator.games.boomtown_builders.town import Lot, score_town, totals


def afresh(state: BoomtownState) -> list[float]:
    b, tracked = state.b, len(state.b.tokens) * state.tables.columns
    lots = [lot if i < tracked else Lot() for i, lot in enumerate(b.lots)]
    return [float(p) for p in totals(score_town(state.tables, lots, b.tokens), b.players)[0]]


def test_the_standing_is_the_tracked_rows_scored_afresh_at_every_step(
        game: BoomtownGame) -> None:
    rng = random.Random(3)
    moved = 0
    for players in (2, 4):
        state = game.new_initial_state(players)
        last = state.standing()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            now = state.standing()
            assert now == afresh(state)
            moved += now != last
            last = now
        assert state.standing() == state.returns()
    assert moved > 5
