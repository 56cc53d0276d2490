"""Bots choose an action for the seat to move. Each owns a seeded ``random.Random``."""

from __future__ import annotations

import random

from generator.engine.api import Action, State


class Bot:
    """Base: a bot is built for one seat with its own seed."""

    name = "bot"

    def __init__(self, seat: int, seed: int | str):
        self.seat = seat
        self.rng = random.Random(f"{self.name}:{seat}:{seed}")

    def step(self, state: State) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    """Uniform over the legal actions."""

    name = "random"

    def step(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())
