"""The toy's position as plain data, with the queries every phase shares. It imports no
rules, phase, words or invariants module of the toy."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator.engine.api import State

from .tables import TABLES, Tables

KEEP, GIVE = 0, 1  # the two choices after a roll


@dataclass
class ToyPosition(State):
    scores: list[int]
    seat: int = 0
    roll: int = 0  # 0: the die is about to be rolled
    turns: int = 0
    history: list[Any] = field(default_factory=list)
    t: Tables = field(default=TABLES, repr=False, compare=False)

    def is_terminal(self) -> bool:
        return max(self.scores) >= self.t.goal

    def returns(self) -> list[float]:
        return [float(s) for s in self.scores]

    def turn_count(self) -> int:
        return self.turns

    def clone(self) -> ToyPosition:
        return type(self)(list(self.scores), self.seat, self.roll, self.turns, t=self.t)

    def to_dict(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "seat": self.seat, "roll": self.roll,
                "turns": self.turns}

