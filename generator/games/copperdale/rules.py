"""The reference solo game of Copperdale (Rules V.1), on the engine's State API.

A month is a queue of tasks (``todo``): chance reveals, the player's choices, and automatic
steps (Growth, month end). ``resolve.advance`` runs automatic steps and skips choices that
offer nothing, so the state always waits on a chance draw, a real choice, or is over. A
choice with one option and no "pass" is taken automatically too: the rulebook's "you must
resolve each segment" leaves nothing to decide there.

Deck model (ruling "lazy border deck"): the Border Deck and the unknown part of the Main
Deck are drawn from one pool of unseen cards, which gives every card the same chance as
dealing 12 Border cards at set-up; cards put under the Main Deck (Philosophers) wait in
``bottom`` and come back, in order, only when the unknown part is used up.

The position is in ``state.py``, the month's steps in ``resolve.py``, the medals in
``scoring.py``; here the State API is bound to them.
"""

from __future__ import annotations

from typing import Any

from generator.engine.api import Game
from generator.games.copperdale import resolve, scoring, turn, words
from generator.games.copperdale.invariants import broken
from generator.games.copperdale.model import CopperdaleData
from generator.games.copperdale.state import FIELDS, CopperdalePosition
from generator.games.copperdale.tables import compile_tables

__all__ = ["FIELDS", "CopperdaleGame", "CopperdaleState"]


class CopperdaleState(CopperdalePosition):
    """The State API bound to the rules: the rules' functions are the methods (each takes
    the state first), so a playout's calls, made on every action, go straight to them."""

    current_player = turn.current_player
    legal_actions = turn.legal_actions
    legal_view = turn.legal_list
    apply_action = turn.apply_action
    medals = scoring.medals
    returns = scoring.returns
    standing = scoring.returns  # medals as the sheet stands (a finished game's are its returns)
    invariants = broken
    action_to_string = words.action_to_string
    describe = words.describe_state


class CopperdaleGame(Game):
    id = "copperdale"

    def __init__(self, data: CopperdaleData):
        self.tables = compile_tables(data)
        self.min_players = data.game.players.min
        self.max_players = data.game.players.max
        self.length = resolve.max_actions_per_month(self.tables) * self.tables.months

    def new_initial_state(self, players: int = 1) -> CopperdaleState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Copperdale is for {self.min_players}-{self.max_players} players")
        state = CopperdaleState(self.tables)
        resolve.advance(state, None)
        return state

    def state_from_dict(self, data: dict[str, Any]) -> CopperdaleState:
        state = CopperdaleState(self.tables)
        state.load(data)
        return state

    def max_game_length(self, players: int = 1) -> int:
        return self.length
