"""Bots for cold-comfort beside the engine's RandomBot.

``greedy`` looks one action ahead: it plays each legal action on a copy and keeps the one
whose position it values most for its own seat (points, gold, guests about to pay, hotels
standing, and the neighbourhoods it would control if scoring happened now). A move that
only pays with what follows looks further: a fire through its own spreads (a rival passes
it on the way worst for the bot), an upgrade or downgrade with the guest it then hosts.
"""

from __future__ import annotations

from generator.engine.api import Action, State
from generator.engine.bots import Bot
from generator.games.cold_comfort import flow
from generator.games.cold_comfort.scoring import VerdictMemo, score_round
from generator.games.cold_comfort.setup import Setup
from generator.games.cold_comfort.state import ColdComfortPosition

MAX_PLACEMENTS = 24  # placements looked at per grow (a sample: there can be hundreds)
HOTEL_WORTH = 1.6  # gold per hotel size: a little under its price of 2 x size
MINE_WORTH = 3.5  # the mean of a d6
FIRE_DEPTH = 6  # spreads followed when valuing a fire (each burns one hotel)


def worth(state: ColdComfortPosition, seat: int, memo: VerdictMemo | None = None) -> float:
    """How good ``state`` looks for ``seat``, in gold (``memo``: see ``score_round``)."""
    per_point = state.setup.gold_per_point
    value: float = per_point * state.points[seat] + state.gold[seat]
    for hotel in state.hotels.values():
        if hotel.owner == seat:
            value += HOTEL_WORTH * hotel.size + hotel.guest
    if state.phase == "mine-roll" and state.active == seat:
        value += MINE_WORTH
    return value + per_point * _control(state, seat, memo)


def _control(state: ColdComfortPosition, seat: int, memo: VerdictMemo | None) -> float:
    """Points ``seat`` would score in a scoring round now, weighted by rounds left."""
    s = state.setup
    share = 0.0
    for verdict in score_round(state.city, state.hotels, state.campers, s.points_per_tile,
                               s.points_per_public, holding=seat, memo=memo):
        if seat in verdict.winners:
            share += verdict.points / len(verdict.winners)
    return share * min(2.0, (s.rounds - state.rounds) / 2)


# Each neighbourhood's verdict by all that decides it (``score_round``): the same whoever
# asks, so one memo serves every greedy seat of the games of one setup (the last setup's:
# a search's playouts make a greedy bot a seat each, which would start with nothing).
_SHARED: tuple[Setup, VerdictMemo] | None = None


def shared_verdicts(setup: Setup) -> VerdictMemo:
    """The verdict memo of ``setup``'s games (a move changes one neighbourhood or two)."""
    global _SHARED
    shared = _SHARED
    if shared is None or shared[0] is not setup:
        shared = _SHARED = (setup, {})
    return shared[1]


class GreedyBot(Bot):
    name = "greedy"
    verdicts: VerdictMemo

    def step(self, state: State) -> Action:
        assert isinstance(state, ColdComfortPosition)
        self.verdicts = shared_verdicts(state.setup)
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if state.phase == "grow-place" and len(actions) > MAX_PLACEMENTS:
            actions = self.rng.sample(actions, MAX_PLACEMENTS)
        best, best_value = actions[0], float("-inf")
        for action in actions:
            value = self._value(state, action) + self.rng.random() * 0.01  # breaks ties
            if value > best_value:
                best, best_value = action, value
        return best

    def _value(self, state: ColdComfortPosition, action: Action) -> float:
        after = state.clone()
        flow.play(after, action)
        if after.phase == "fire":
            return self._fire_value(after, FIRE_DEPTH)
        if isinstance(action, tuple) and action[0] == "resize":
            return self._resized_value(after, (action[1], action[2]))
        return worth(after, self.seat, self.verdicts)

    def _fire_value(self, state: ColdComfortPosition, depth: int) -> float:
        """The fire's worth once it is out: the bot passes it its best way, a rival
        (whose burned hotel passes it on) the way worst for the bot."""
        if state.phase != "fire" or depth == 0:
            return worth(state, self.seat, self.verdicts)
        values = []
        for action in state.legal_actions():
            after = state.clone()
            flow.play(after, action)
            values.append(self._fire_value(after, depth - 1))
        return max(values) if state.chooser == self.seat else min(values)

    def _resized_value(self, state: ColdComfortPosition, hotel: tuple[int, int]) -> float:
        """A resized hotel is worth its best guest: the host that may follow this turn."""
        best = worth(state, self.seat, self.verdicts)
        for action in state.legal_actions():
            if isinstance(action, tuple) and action[0] == "host" and action[3:] == hotel:
                after = state.clone()
                flow.play(after, action)
                best = max(best, worth(after, self.seat, self.verdicts))
        return best
