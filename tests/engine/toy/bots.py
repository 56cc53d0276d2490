"""The toy's bots beside ``random``."""

from __future__ import annotations

from generator.engine.api import Action, State
from generator.engine.bots import Bot

from .state import KEEP


class Keeper(Bot):
    """Always keeps the roll: the winning strategy of the toy game."""

    name = "keeper"

    def step(self, state: State) -> Action:
        return KEEP
