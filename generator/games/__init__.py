"""The registered games: an explicit, duplicate-checked table."""

from __future__ import annotations

from generator.games import (
    boomtown_builders,
    cold_comfort,
    copper_creek,
    copperdale,
    kings_of_copper,
)
from generator.games.spec import GameSpec


def _register(*specs: GameSpec) -> dict[str, GameSpec]:
    table: dict[str, GameSpec] = {}
    for spec in specs:
        if spec.id in table:
            raise ValueError(f"game id '{spec.id}' is registered twice")
        table[spec.id] = spec
    return table


GAMES: dict[str, GameSpec] = _register(
    copper_creek.SPEC,
    copperdale.SPEC,
    kings_of_copper.SPEC,
    cold_comfort.SPEC,
    boomtown_builders.SPEC,
)
