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

    def __init__(self, seat: int, seed: int | str):
        super().__init__(seat, seed)
        self.bits = self.rng.getrandbits

    def step(self, state: State) -> Action:
        """``self.rng.choice`` of the legal actions, spelled out (the same draws: an
        index of the list's bit length, drawn again until it is in range), since every
        random game's every move calls it."""
        actions = state.legal_view()  # only read here: no copy
        n = len(actions)
        if not n:
            raise IndexError("no legal action to choose from")
        bits, k = self.bits, n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        return actions[r]
