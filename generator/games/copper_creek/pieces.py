"""What a Copper Creek seat holds: the building cards on which it owns a share (a card
with two buildings is held through either)."""

from __future__ import annotations

from typing import Any

from generator.engine.api import State
from generator.engine.pieces import PieceRules
from generator.games.copper_creek.state import CreekPosition


def catalogue(data: Any) -> list[tuple[str, str]]:
    """Every building card, named by its buildings."""
    return [(face.id, " & ".join(b.name for b in face.buildings))
            for piece in data.buildings.pieces for face in piece.faces if face.count > 0]


def holdings(state: State) -> list[frozenset[str]]:
    assert isinstance(state, CreekPosition)
    t = state.t
    owned: list[set[str]] = [set() for _ in range(state.players)]
    for gid, stack in enumerate(state.stacks):
        for seat in set(stack):
            owned[seat].add(t.cards[t.buildings[gid].card].id)
    return [frozenset(h) for h in owned]


PIECES = PieceRules(catalogue, holdings)
