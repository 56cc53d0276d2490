"""The position where a seeded game's first player decision is due (shared by game tests
that check ``first_player``): setup's chance actions applied, nothing else."""

from __future__ import annotations

from typing import Any

from generator.engine.api import CHANCE, Game
from generator.engine.bots import RandomBot
from generator.engine.playout import play


def first_decision(game: Game, players: int, seed: str = "first") -> Any:
    """The state of a seeded random game just before its first player decision."""
    state = game.new_initial_state(players)
    record = play(game, players, [("random", RandomBot)] * players, seed=seed)
    for action in record.actions:
        if state.current_player() != CHANCE:
            break
        state.apply_action(action)
    return state
