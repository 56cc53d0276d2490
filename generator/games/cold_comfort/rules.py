"""The reference game of Cold Comfort (rules draft 1.8): ``Game`` bound to one validated
data set.

The flow between phases (the Heart, rolls, scoring rounds) is in ``flow.py``, a player's
turn in ``turn.py``, neighbourhood scoring in ``scoring.py``; the position itself in
``state.py``.
"""

from __future__ import annotations

from typing import Any

from generator.engine.api import Game
from generator.games.cold_comfort import flow, persist, words
from generator.games.cold_comfort.invariants import broken
from generator.games.cold_comfort.model import ColdComfortData
from generator.games.cold_comfort.setup import Setup
from generator.games.cold_comfort.state import ColdComfortPosition


class ColdComfortState(ColdComfortPosition):
    """The State API bound to the rules: the rules' functions are the methods (each takes
    the state first), so a playout's calls, made on every action, go straight to them."""

    current_player = flow.current_player
    legal_actions = flow.legal_actions
    apply_action = flow.apply_action
    play = flow.play  # an action known to be legal (bots use it on clones)
    settle = flow.settle
    score_round = flow.scoring_round
    action_to_string = words.action_to_string
    describe = words.describe_state
    to_dict = persist.state_to_dict
    invariants = broken


class ColdComfortGame(Game):
    id = "cold-comfort"

    def __init__(self, data: ColdComfortData):
        self.data = data
        self.min_players = data.game.players.min
        self.max_players = data.game.players.max
        self._setups: dict[int, Setup] = {}

    def setup(self, players: int) -> Setup:
        if players not in self._setups:
            self._setups[players] = Setup.of(self.data, players)
        return self._setups[players]

    def new_initial_state(self, players: int) -> ColdComfortState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"cold-comfort is for {self.min_players}-{self.max_players} players")
        return ColdComfortState(self, players)

    def state_from_dict(self, data: dict[str, Any]) -> ColdComfortState:
        state = self.new_initial_state(int(data["players"]))
        persist.fill_state(state, data)
        return state

    def max_game_length(self, players: int) -> int:
        # Turns are not bounded by the rules (a table that only passes never scores); the
        # bound is generous for real play: rounds x turns per round x actions per turn.
        s = self.setup(players)
        return (s.rounds + 1) * 60 * players * (2 * sum(s.hotels.values()) + 4 * s.dice)
