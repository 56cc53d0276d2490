"""What a Cold Comfort seat holds: its hotels standing in the city, by size. Every
character has the same hotel sizes, so a row is a size over all characters, named by the
manifest's face of the first character (``mulrooney-4`` stands for every 4-hotel); a
hotel resized is played at its old size and taken at the new."""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from generator.engine.api import State
from generator.engine.pieces import PieceRules
from generator.games.cold_comfort.state import ColdComfortPosition, Rulebook

_NAMES: WeakKeyDictionary[Rulebook, dict[int, str]] = WeakKeyDictionary()


def catalogue(data: Any) -> list[tuple[str, str]]:
    """One row per hotel size, by the first character's face of that size."""
    faces = _faces(data)
    return [(faces[size], f"{size}-hotel") for size in sorted(faces)]


def _faces(data: Any) -> dict[int, str]:
    """Hotel size -> the first character's face of it."""
    first = data.placards.characters()[0].id
    faces: dict[int, str] = {}
    for piece in data.hotels.pieces:
        for face in piece.faces:
            if face.character == first and face.count > 0:
                faces.setdefault(face.size, face.id)
    return faces


def holdings(state: State) -> list[frozenset[str]]:
    assert isinstance(state, ColdComfortPosition)
    names = _NAMES.get(state.game)
    if names is None:
        names = _NAMES[state.game] = _faces(state.game.data)
    owned: list[set[str]] = [set() for _ in range(state.players)]
    for hotel in state.hotels.values():
        owned[hotel.owner].add(names[hotel.size])
    return [frozenset(h) for h in owned]


PIECES = PieceRules(catalogue, holdings)
