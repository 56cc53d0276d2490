"""The toy reference game: the State API bound to the phase's functions, and the Game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.engine.api import Game
from generator.engine.bots import RandomBot
from generator.engine.playout import BotFactory

from . import turn, words
from .bots import Keeper
from .invariants import broken
from .state import ToyPosition
from .tables import TABLES


class ToyState(ToyPosition):
    current_player = turn.current_player
    legal_actions = turn.legal_actions
    apply_action = turn.apply_action
    action_to_string = words.action_to_string
    describe = words.describe_state
    invariants = broken


class ToyGame(Game):
    id = "toy"
    min_players = TABLES.min_players
    max_players = TABLES.max_players

    def new_initial_state(self, players: int) -> ToyState:
        return ToyState([0] * players)

    def state_from_dict(self, data: dict[str, Any]) -> ToyState:
        return ToyState(**data)

    def max_game_length(self, players: int) -> int:
        return 2 * ((TABLES.goal - 1) * players + 1)


def toy_setup() -> tuple[ToyGame, Mapping[str, BotFactory]]:
    """A picklable ``Plan.setup`` for runs in other processes."""
    return ToyGame(), {"random": RandomBot, "keeper": Keeper}
