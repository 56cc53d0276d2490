"""Tile geometry rulings: streets, placements, neighbourhoods, the Heart of the City."""

from __future__ import annotations

import random

from generator.games.cold_comfort.city import City, TileShape
from generator.games.cold_comfort.rules import ColdComfortGame

from .scenario import bundled, scenario, tile

PLAIN = tile(["12", "34", "56"])
WEST_STREET = tile(["12", "34", "56"], streets=("west",))


def _city(*faces, main=((0, 0),)) -> City:  # type: ignore[no-untyped-def]
    return City([[TileShape.of(f, r) for r in range(4)] for f in faces], list(main))


def test_a_tile_may_touch_the_map_or_lie_one_street_away_but_no_further() -> None:
    # tile 0 at x 1-2, y 0-2; Main Street square (0,0) is a street
    city = _city(PLAIN, PLAIN)
    city.place((0, 1, 0, 0))
    shape = city.shapes[1][0]
    assert city.fits(shape, 3, 0)  # touching on the east
    assert city.fits(shape, 4, 0)  # one street away
    assert not city.fits(shape, 5, 0)  # two squares away: not connected
    assert not city.fits(shape, 2, 0)  # over the tile
    assert not city.fits(shape, -1, 0)  # over Main Street at (0,0)


def test_no_tile_over_a_printed_street_nor_a_printed_street_facing_a_tile() -> None:
    city = _city(WEST_STREET, PLAIN, WEST_STREET, main=())
    city.place((0, 2, 0, 0))  # its street edge makes (1,0)..(1,2) streets
    assert not city.fits(city.shapes[1][0], 0, 0)  # would cover the street squares
    assert city.fits(city.shapes[1][0], -1, 0)  # leaves the street open: one street away
    # a west street edge may not face the tile it would touch
    assert not city.fits(city.shapes[2][0], 4, 0)
    assert city.fits(city.shapes[2][2], 4, 0)  # turned, the street faces away


def test_tiles_touching_form_one_neighbourhood_a_street_splits_them() -> None:
    city = _city(PLAIN, PLAIN, PLAIN)
    for placement in ((0, 1, 0, 0), (1, 3, 0, 0), (2, 6, 0, 0)):
        city.place(placement)
    assert city.neighbourhoods() == [[0, 1], [2]]


def test_heart_tiles_face_main_street_with_their_long_street_edge() -> None:
    game = ColdComfortGame(bundled())
    state = game.new_initial_state(6)
    # deck order: tile 0 Front Street (streets west, south): west of Main Street it turns
    # half round so its printed west edge faces east onto Main Street
    state.apply_action(0)
    assert state.city.placed == [(0, -2, 0, 2)]
    assert {(-2, -1), (-1, -1)} <= state.city.streets  # its south edge, turned north
    setup = state.setup
    assert setup.heart_placement(1, 1) == (1, 1, 0, 0)  # First Avenue (west street) east
    assert setup.heart_placement(2, 1) == (1, -1, -3, 3)  # north end: west edge south
    assert setup.heart_placement(3, 1) == (1, -1, 4, 1)  # south end: west edge north


def test_a_final_tie_is_a_shared_win() -> None:
    state = scenario([(PLAIN, 0, 0, 0)], gold=[5, 9])
    state.points = [4, 4]
    state.rounds = state.setup.rounds - 1
    state.score_round()
    assert state.returns() == [5.0, 5.0] and state.winners() == [0, 1]


def test_neighbourhoods_kept_tile_by_tile_are_those_found_from_scratch() -> None:
    # every placement of random 4-player games: the groups joined as each tile is placed
    # (the bots' copies keep them) equal a fresh union of the whole map
    rng = random.Random(7)
    joined = 0
    for _ in range(3):
        state = ColdComfortGame(bundled()).new_initial_state(4)
        while not state.is_terminal():
            before = len(state.city.placed)
            state.city.neighbourhoods()  # known before the tile, so the next one joins it
            state.apply_action(rng.choice(state.legal_actions()))
            if len(state.city.placed) > before:
                kept = state.city.neighbourhoods()
                assert kept == state.city._find_neighbourhoods()
                joined += 1
    assert joined > 20


def test_a_copy_grows_its_own_map_and_leaves_the_original_s_as_it_was() -> None:
    # copies share the map until one places a tile: the original keeps its tiles, its
    # neighbourhoods and its lots while the copy plays through several scoring rounds
    rng = random.Random(5)
    state = ColdComfortGame(bundled()).new_initial_state(3)
    while state.phase != "turn":
        state.apply_action(rng.choice(state.legal_actions()))
    before = state.to_dict()
    tiles, groups = list(state.city.placed), state.city.neighbourhoods()
    lots = list(state.city.all_lots())
    copy = state.clone()
    while len(copy.city.placed) < len(tiles) + 2 and not copy.is_terminal():
        copy.apply_action(rng.choice(copy.legal_actions()))
    assert len(copy.city.placed) == len(tiles) + 2
    assert state.to_dict() == before and state.city.placed == tiles
    assert state.city.neighbourhoods() == groups and state.city.all_lots() == lots
