"""Small positions for rulebook examples: our own tiles, placed by hand, with hotels,
campers and gold set from a dict. Everything else comes from the bundled data."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

from generator.deck.validate import validate_game
from generator.games.cold_comfort import SPEC
from generator.games.cold_comfort.city import City, TileShape
from generator.games.cold_comfort.model import CityTileFace, ColdComfortData, PublicBuilding
from generator.games.cold_comfort.rules import ColdComfortGame, ColdComfortState
from generator.games.cold_comfort.state import Hotel


@lru_cache(maxsize=1)
def bundled() -> ColdComfortData:
    data = validate_game(SPEC).data
    assert data is not None
    return data


def tile(layout: list[str], streets: tuple[str, ...] = (), public: str | None = None
         ) -> CityTileFace:
    return CityTileFace(id="t", layout=layout, streets=list(streets),
                        public_building=PublicBuilding(name=public) if public else None)


def scenario(tiles: list[tuple[CityTileFace, int, int, int]], *, players: int = 2,
             campers: dict[tuple[int, int], int] | None = None,
             hotels: dict[tuple[int, int], tuple[int, int, int]] | None = None,
             gold: list[int] | None = None, pool: int | None = None, active: int = 0
             ) -> ColdComfortState:
    """A turn position. ``tiles``: (tile, x, y, rotation); ``hotels``: square -> (owner,
    size, guest); the pool is what is left of the dice unless ``pool`` is given."""
    game = ColdComfortGame(bundled())
    faces = [t for t, *_ in tiles]
    setup = game.setup(players)
    game._setups[players] = replace(setup, tiles=faces,
                                    shapes=[[TileShape.of(f, r) for r in range(4)] for f in faces])
    state = game.new_initial_state(players)
    state.deck = []
    state.city = City(state.setup.shapes, [])  # no Main Street: positions are the test's own
    for i, (_, x, y, r) in enumerate(tiles):
        state.city.place((i, x, y, r))
    state.campers = dict(campers or {})
    for sq, (owner, size, guest) in (hotels or {}).items():
        state.hotels[sq] = Hotel(owner, size, guest)
        state.supply[owner][size] -= 1
    _money(state, gold)
    on_map = len(state.campers) + sum(1 for h in state.hotels.values() if h.guest)
    state.pool = setup.dice - on_map if pool is None else pool
    state.hand = setup.dice - on_map - state.pool  # dice set aside so the count holds
    state.phase, state.active, state.turns = "turn", active, 1
    return state


def _money(state: ColdComfortState, gold: list[int] | None) -> None:
    if gold is not None:
        state.bank += sum(state.gold) - sum(gold)
        state.gold = list(gold)


def summary(state: ColdComfortState) -> dict[str, Any]:
    return {"gold": state.gold, "points": state.points, "pool": state.pool}
