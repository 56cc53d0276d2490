"""The reference game of Copper Creek (rules/copper-creek.md): ``Game`` bound to one
validated data set.

The turn is in ``turn.py``, who may buy what in ``market.py``, the position itself in
``state.py``; here the State API is bound to them.
"""

from __future__ import annotations

from typing import Any

from generator.engine.api import CHANCE, Game
from generator.games.copper_creek import market, turn, words
from generator.games.copper_creek.invariants import broken
from generator.games.copper_creek.model import CopperCreekData
from generator.games.copper_creek.state import PASS, SET_ASIDE, CreekPosition
from generator.games.copper_creek.tables import GRAY, Tables
from generator.games.copper_creek.town import Town


class CopperCreekState(CreekPosition):
    """The State API bound to the rules: the rules' functions are the methods (each takes
    the state first), so a playout's calls, made on every action, go straight to them."""

    current_player = turn.current_player
    legal_actions = turn.legal_actions
    legal_view = turn.legal_list  # type: ignore[assignment]  # its ints are Actions
    legal_moves = turn.legal_moves
    apply_action = turn.apply_action
    winners = turn.winners
    price = market.price
    affordable = market.affordable
    can_buy = market.can_buy  # cheaper than ``affordable``: any share at all within reach?
    action_to_string = words.action_to_string
    describe = words.describe_state
    invariants = broken


class CopperCreekGame(Game):
    id = "copper-creek"

    def __init__(self, data: CopperCreekData):
        self.data = data
        self.tables = Tables(data)
        self.min_players = data.game.players.min
        self.max_players = min(data.game.players.max, len(self.tables.tokens))

    def new_initial_state(self, players: int) -> CopperCreekState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Copper Creek is for {self.min_players}-{self.max_players} "
                             "players")
        return CopperCreekState(self.tables, players)

    def state_from_dict(self, data: dict[str, Any]) -> CopperCreekState:
        state = CopperCreekState(self.tables, data["players"])
        state.load(data)
        return state

    def max_game_length(self, players: int) -> int:
        """Setup and first player, a draw and a build per card, a pass per turn, and
        every share bought followed by at most a full buying round."""
        cards = len(self.tables.cards)
        shares = sum(self.tables.tokens[:players])
        return len(self.tables.start_slots) + 1 + 3 * cards + shares * players

    def start_placement(self, town: Town, card: int, zone: str,
                        square: tuple[int, int]) -> tuple[int, int, int]:
        """Where setup lays a gray card for a start slot (``turn.start_placement``)."""
        return turn.start_placement(self.tables, town, card, zone, square)


__all__ = ["CHANCE", "GRAY", "PASS", "SET_ASIDE", "CopperCreekGame", "CopperCreekState"]
