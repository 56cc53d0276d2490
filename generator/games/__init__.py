"""The registered games: an explicit, duplicate-checked table, imported lazily.

``GAMES[id]`` imports that game's package the first time it is asked for, so a command
pays only for the games it runs (importing all five costs about 0.4 s). Of an id that is
not registered it is a generic game's spec (core checks and composition rules, no
reference rules), so every command treats a user's own game the same way; ``in``,
``.get``, ``len`` and iteration see the registered games only, and import none of them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module

from generator.games.spec import GameSpec

REGISTERED: tuple[tuple[str, str], ...] = (
    ("copper-creek", "generator.games.copper_creek"),
    ("copperdale", "generator.games.copperdale"),
    ("kings-of-copper", "generator.games.kings_of_copper"),
    ("cold-comfort", "generator.games.cold_comfort"),
    ("boomtown-builders", "generator.games.boomtown_builders"),
)
"""Game id and the package whose ``SPEC`` plays it, in the order commands list them."""


class Games(Mapping[str, GameSpec]):
    """Game id → spec; a registered game's package is imported on first use."""

    def __init__(self, registered: tuple[tuple[str, str], ...]) -> None:
        self._modules: dict[str, str] = {}
        for game_id, module in registered:
            if game_id in self._modules:
                raise ValueError(f"game id '{game_id}' is registered twice")
            self._modules[game_id] = module
        self._specs: dict[str, GameSpec] = {}

    def __getitem__(self, game_id: str) -> GameSpec:
        spec = self._specs.get(game_id)
        if spec is not None:
            return spec
        if game_id not in self._modules:
            from generator.games.generic import generic_spec

            return generic_spec(game_id)
        spec = import_module(self._modules[game_id]).SPEC
        if spec.id != game_id:
            raise ValueError(f"{self._modules[game_id]}.SPEC is '{spec.id}', registered as "
                             f"'{game_id}'")
        self._specs[game_id] = spec
        return spec

    def get(self, game_id: str, default: GameSpec | None = None) -> GameSpec | None:  # type: ignore[override]
        return self[game_id] if game_id in self._modules else default

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._modules

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)


def register(*specs: GameSpec) -> Games:
    """A table of games already made (a test's sixth game, a plug-in), each id once: a game
    registered twice is an error here, as it is at import for the bundled table."""
    table = Games(tuple((spec.id, spec.make_game.__module__ if spec.make_game else "")
                        for spec in specs))
    table._specs.update((spec.id, spec) for spec in specs)
    return table


GAMES = Games(REGISTERED)
