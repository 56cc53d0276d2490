"""score_round(..., holding=seat) scores only the neighbourhoods where the seat has a
hotel, and so keeps every one the seat could win (the greedy bot's shortcut)."""

from __future__ import annotations

import random

import pytest

from generator.games.cold_comfort.rules import ColdComfortGame
from generator.games.cold_comfort.scoring import score_round

from .scenario import bundled


@pytest.mark.parametrize("seed", range(3))
def test_holding_keeps_every_neighbourhood_the_seat_can_win(seed: int) -> None:
    rng = random.Random(seed)
    state = ColdComfortGame(bundled()).new_initial_state(4)
    s, looked = state.setup, 0
    while not state.is_terminal():
        if state.phase == "turn" and state.hotels:
            full = score_round(state.city, state.hotels, state.campers, s.points_per_tile,
                               s.points_per_public)
            for seat in range(4):
                mine = score_round(state.city, state.hotels, state.campers,
                                   s.points_per_tile, s.points_per_public, holding=seat)
                owned = {state.city.square[sq][0] for sq, h in state.hotels.items()
                         if h.owner == seat}
                assert mine == [v for v in full if owned & set(v.tiles)]
                assert [v for v in full if seat in v.winners] == \
                    [v for v in mine if seat in v.winners]
            looked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert looked > 10


@pytest.mark.parametrize("seed", range(2))
def test_a_memo_of_verdicts_scores_as_scoring_afresh(seed: int) -> None:
    # one memo for a whole game, as the greedy bot keeps it: every verdict it gives back
    # (most of them remembered) is the one a fresh scoring finds
    rng = random.Random(seed)
    state = ColdComfortGame(bundled()).new_initial_state(4)
    s, memo, looked = state.setup, {}, 0  # type: ignore[var-annotated]
    while not state.is_terminal():
        if state.hotels or state.campers:
            for seat in (None, *range(4)):
                fresh = score_round(state.city, state.hotels, state.campers,
                                    s.points_per_tile, s.points_per_public, holding=seat)
                assert score_round(state.city, state.hotels, state.campers, s.points_per_tile,
                                   s.points_per_public, holding=seat, memo=memo) == fresh
                looked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert looked > 100 and 0 < len(memo) < looked
