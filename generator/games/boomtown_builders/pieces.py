"""What a Boomtown Builders seat holds: the building cards it has built."""

from __future__ import annotations

from typing import Any

from generator.engine.api import State
from generator.engine.pieces import PieceRules, faces_of
from generator.games.boomtown_builders.state import BoomtownPosition
from generator.games.boomtown_builders.town import BUILDING


def catalogue(data: Any) -> list[tuple[str, str]]:
    return faces_of(data, ("buildings",))


def holdings(state: State) -> list[frozenset[str]]:
    assert isinstance(state, BoomtownPosition)
    owned: list[set[str]] = [set() for _ in range(state.b.players)]
    for lot in state.b.lots:
        if lot.kind == BUILDING and lot.owner >= 0:
            owned[lot.owner].add(lot.name)
    return [frozenset(h) for h in owned]


PIECES = PieceRules(catalogue, holdings)
