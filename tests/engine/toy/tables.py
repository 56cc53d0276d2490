"""The toy's numbers, gathered once per game (a real game builds them from its validated
data; the toy has no data, so they are its rulebook as written)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Tables:
    goal: int = 10  # the first to 10 points wins
    faces: tuple[int, ...] = (1, 2, 3)  # a d3
    min_players: int = 2
    max_players: int = 4


TABLES = Tables()
