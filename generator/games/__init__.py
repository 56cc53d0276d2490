"""The registered games: an explicit, duplicate-checked table.

``GAMES[id]`` of an id that is not registered is a generic game's spec (core checks and
composition rules, no reference rules), so every command treats a user's own game the
same way; ``in``, ``.get`` and iteration see the registered games only.
"""

from __future__ import annotations

from generator.games import (
    boomtown_builders,
    cold_comfort,
    copper_creek,
    copperdale,
    kings_of_copper,
)
from generator.games.generic import generic_spec
from generator.games.spec import GameSpec


class Games(dict[str, GameSpec]):
    def __missing__(self, game_id: str) -> GameSpec:
        return generic_spec(game_id)


def register(*specs: GameSpec) -> Games:
    """The table of games: each id once (a game registered twice is an error at import)."""
    table = Games()
    for spec in specs:
        if spec.id in table:
            raise ValueError(f"game id '{spec.id}' is registered twice")
        table[spec.id] = spec
    return table


GAMES: Games = register(
    copper_creek.SPEC,
    copperdale.SPEC,
    kings_of_copper.SPEC,
    cold_comfort.SPEC,
    boomtown_builders.SPEC,
)
