"""Bots for cold-comfort beside the engine's RandomBot.

``greedy`` looks one action ahead: it plays each legal action on a copy and keeps the one
whose position it values most for its own seat (points, gold, guests about to pay, hotels
standing, and the neighbourhoods it would control if scoring happened now).
"""

from __future__ import annotations

from generator.engine.api import Action, State
from generator.engine.bots import Bot
from generator.games.cold_comfort.rules import ColdComfortState
from generator.games.cold_comfort.scoring import score_round

MAX_PLACEMENTS = 24  # placements looked at per grow (a sample: there can be hundreds)
HOTEL_WORTH = 1.6  # gold per hotel size: a little under its price of 2 x size
MINE_WORTH = 3.5  # the mean of a d6


def worth(state: ColdComfortState, seat: int) -> float:
    """How good ``state`` looks for ``seat``, in gold."""
    per_point = state.setup.gold_per_point
    value: float = per_point * state.points[seat] + state.gold[seat]
    for hotel in state.hotels.values():
        if hotel.owner == seat:
            value += HOTEL_WORTH * hotel.size + hotel.guest
    if state.phase == "mine-roll" and state.active == seat:
        value += MINE_WORTH
    return value + per_point * _control(state, seat)


def _control(state: ColdComfortState, seat: int) -> float:
    """Points ``seat`` would score in a scoring round now, weighted by rounds left."""
    s = state.setup
    share = 0.0
    for verdict in score_round(state.city, state.hotels, state.campers, s.points_per_tile,
                               s.points_per_public):
        if seat in verdict.winners:
            share += verdict.points / len(verdict.winners)
    return share * min(2.0, (s.rounds - state.rounds) / 2)


class GreedyBot(Bot):
    name = "greedy"

    def step(self, state: State) -> Action:
        assert isinstance(state, ColdComfortState)
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if state.phase == "grow-place" and len(actions) > MAX_PLACEMENTS:
            actions = self.rng.sample(actions, MAX_PLACEMENTS)
        best, best_value = actions[0], float("-inf")
        for action in actions:
            after = state.clone()
            after.play(action)
            value = worth(after, self.seat) + self.rng.random() * 0.01  # breaks ties
            if value > best_value:
                best, best_value = action, value
        return best
