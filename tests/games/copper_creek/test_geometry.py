"""Geometry properties: rotations, door edges, legal placements and the walk from the
intersection, checked against slow reference versions written from the rulebook."""

from __future__ import annotations

from pathlib import Path

import pytest
from gametree import copy_game, edit, line_col
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.deck.validate import validate_game
from generator.engine.bots import RandomBot
from generator.engine.playout import play, replay
from generator.games.copper_creek import SPEC
from generator.games.copper_creek.geometry import (
    SAND,
    STEP,
    card_shape,
    door_links,
    grid_positions,
    rotate,
)
from generator.games.copper_creek.rules import CopperCreekGame, CopperCreekState
from generator.games.copper_creek.town import CELL_STEP, K, cell, xy


def test_four_quarter_turns_give_the_card_back(game):
    for info in game.tables.cards:
        r0, r1, r2, r3 = info.rotations
        assert (r0.width, r0.height) == (r2.width, r2.height) == (r1.height, r1.width)
        assert sorted(r0.doors) != [] and len(r3.doors) == len(r0.doors)


def test_rotate_four_times_is_identity_on_shapes():
    grid = grid_positions([["a1", "b1"], ["a2", "b2"], ["a3", "b3"]])
    shape = card_shape(grid, [(["a1", "b1"], [("a1", "north"), ("b1", "south")]),
                              (["b2", "b3"], [("b2", "north"), ("b3", "east")])],
                       ["a2", "a3"])
    assert rotate(rotate(rotate(rotate(shape)))) == shape
    turned = rotate(shape)
    assert (turned.width, turned.height) == (3, 2)
    assert len(door_links(turned)) == len(door_links(shape)) == 1  # b1 south meets b2 north


def test_every_door_faces_out_of_its_building_in_every_rotation(game):
    for info in game.tables.cards:
        for rot in info.rotations:
            own = {(dx, dy): g for dx, dy, g in rot.squares}
            assert len(own) == 6 and {g for g in own.values() if g != SAND} == set(info.gids)
            for off, gid in rot.doors:
                c, d = divmod(off, 4)
                x, y = divmod(c, K)
                assert own[(x, y)] == gid
                assert own.get((x + STEP[d][0], y + STEP[d][1])) != gid


def reference_placements(state: CopperCreekState, card: int,
                         reach: int | None = None) -> list[int]:
    """Slow, by the rulebook: squares free and off the streets; the card within ``reach``
    (default: the game's) of the town's box; no door touching a same-coloured door;
    gray: a door on a street."""
    t, town = state.t, state.town
    x0, x1, y0, y1 = town.bbox
    x0, x1 = min(x0, t.main_column), max(x1, t.main_column)
    y0, y1 = min(y0, t.front_row), max(y1, t.front_row)
    r = (t.reach if reach is None else reach) + 1
    out = []
    for index, rot in enumerate(t.cards[card].rotations):
        for x in range(x0 - r - rot.width + 1, x1 + r + 1):
            for y in range(y0 - r - rot.height + 1, y1 + r + 1):
                cells = [(x + dx, y + dy) for dx, dy, _ in rot.squares]
                if any(cell(*c) in town.covered or town.is_street(*c) for c in cells):
                    continue
                bad = gray_ok = False
                for off, gid in rot.doors:
                    c, d = divmod(4 * cell(x, y) + off, 4)
                    outside = c + CELL_STEP[d]
                    other = town.doors.get(4 * outside + (d + 2) % 4)
                    bad = bad or (other is not None and t.color_of[other] == t.color_of[gid])
                    gray_ok = gray_ok or (gid in t.gray_gids and town.is_street(*xy(outside)))
                if not bad and (gray_ok or not t.cards[card].gray):
                    out.append(4 * cell(x, y) + index)
    return sorted(out)


@pytest.mark.parametrize("seed", range(8))
def test_placements_match_the_slow_reference_through_a_game(game, seed):
    record = play(game, 4, [("random", RandomBot)] * 4, seed=f"geometry/{seed}")
    state = game.new_initial_state(4)
    checked = 0
    for action in record.actions:
        if state.phase == "build":
            assert state.placements(state.drawn) == reference_placements(state, state.drawn)
            checked += 1
        state.apply_action(action)
        # the walk kept up to date placement by placement equals a fresh one
        assert state.town.reached == state.town.walkable_from_intersection()
    assert checked >= 10


def card_blocks(state: CopperCreekState, card: int, placement: int) -> set[int]:
    anchor, r = divmod(placement, 4)
    rot = state.t.cards[card].rotations[r]
    return {anchor + dx * K + dy for dx, dy, _ in rot.squares}


def one_card_joins(state: CopperCreekState, far: set[int]) -> bool:
    """Brute force: could any one later card (any card, any rotation: a card covers its
    whole block) lie on free squares touching both these squares and the town?"""
    town = state.town
    taken = town.covered.keys() | far
    near_far = {c + step for c in far for step in CELL_STEP} - taken
    near_town = {c + step for c in town.covered for step in CELL_STEP} - taken
    dims = {(rot.width, rot.height) for info in state.t.cards for rot in info.rotations}
    for width, height in dims:
        for start in near_far:
            sx, sy = xy(start)
            for x in range(sx - width + 1, sx + 1):
                for y in range(sy - height + 1, sy + 1):
                    block = {cell(x + dx, y + dy) for dx in range(width)
                             for dy in range(height)}
                    if block & taken or any(town.is_street(*xy(c)) for c in block):
                        continue
                    if block & near_town:
                        return True
    return False


@pytest.mark.parametrize("seed", range(2))
def test_every_placement_one_later_card_could_join_to_the_town_is_offered(game, seed):
    # The bound (ruling "How far from the town a card may go"): a gap of up to the longest
    # card side may be closed by one later card, so those placements are all offered;
    # brute force over a window two squares wider shows nothing left out could be joined.
    record = play(game, 4, [("random", RandomBot)] * 4, seed=f"reach/{seed}")
    state = game.new_initial_state(4)
    builds = 0
    for action in record.actions:
        if state.phase == "build" and builds % 5 == 2:
            offered = set(state.placements(state.drawn))
            wider = set(reference_placements(state, state.drawn, reach=state.t.reach + 2))
            assert offered <= wider
            left_out = wider - offered
            assert left_out, "the brute-force window must reach past the bound"
            for placement in left_out:
                assert not one_card_joins(state, card_blocks(state, state.drawn, placement))
            gap_closers = [p for p in offered if not (card_blocks(state, state.drawn, p) & {
                c + s for c in state.town.covered for s in CELL_STEP})]
            assert any(one_card_joins(state, card_blocks(state, state.drawn, p))
                       for p in gap_closers), "floating placements a card can join"
        builds += state.phase == "build"
        state.apply_action(action)
    assert builds >= 10


def test_the_one_card_reach_is_the_longest_card_side(game):
    assert game.tables.reach == max(max(r.width, r.height) for c in game.tables.cards
                                    for r in c.rotations) == 3


def test_walk_reaches_every_street_square_and_no_building(game):
    record = play(game, 5, [("random", RandomBot)] * 5, seed="walk")
    town = replay(game, 5, record.actions).town
    reached = town.walkable_from_intersection()
    assert not any(town.covered.get(c, SAND) != SAND for c in reached)
    x0, x1, y0, y1 = town.bbox
    front = {cell(x, town.front_row) for x in range(x0 - 1, x1 + 2)}
    main = {cell(town.main_column, y) for y in range(town.front_row + 1, y1 + 2)}
    assert front | main <= reached


def test_a_square_walled_on_four_sides_is_not_reached(game):
    # Walk stops at buildings: fill the four neighbours of (5, -5) and it is cut off.
    state = game.new_initial_state(3)
    town = state.town
    for x, y in ((5, -6), (4, -5), (6, -5), (5, -4)):
        town.covered[cell(x, y)] = 0
        town.walls.add(cell(x, y))
    town.bbox = (4, 6, -6, -4)
    assert cell(5, -5) not in town.walkable_from_intersection()
    assert cell(3, -5) in town.walkable_from_intersection()


GRID = [["a1", "b1"], ["a2", "b2"], ["a3", "b3"]]
SQUARES = [s for row in GRID for s in row]


@st.composite
def random_card(draw):
    """Any split of the six squares into up to two buildings and sand, doors anywhere."""
    owner = draw(st.lists(st.sampled_from([-1, 0, 1]), min_size=6, max_size=6))
    buildings = []
    for b in (0, 1):
        cells = [s for s, o in zip(SQUARES, owner, strict=True) if o == b]
        doors = draw(st.lists(st.tuples(st.sampled_from(cells), st.sampled_from(
            ["north", "east", "south", "west"])), unique=True, max_size=6)) if cells else []
        buildings.append((cells, doors))
    sand = [s for s, o in zip(SQUARES, owner, strict=True) if o == -1]
    return card_shape(grid_positions(GRID), [b for b in buildings if b[0]], sand)


@settings(max_examples=60, deadline=None)
@given(random_card())
def test_rotations_keep_squares_doors_and_links(shape):
    turned = shape
    for _ in range(4):
        turned = rotate(turned)
        assert sorted(turned.squares) == list(turned.squares)
        assert len(turned.squares) == 6 and len(turned.doors) == len(shape.doors)
        assert {x for x, _, _ in turned.squares} == set(range(turned.width))
        assert len(door_links(turned)) == len(door_links(shape))
    assert turned == shape


def test_the_one_alley_reading_is_a_switch_the_checker_and_engine_follow(tmp_path):
    # A group reading the old ruling sets `placement_reach: one-alley`: validate accepts
    # it, and every build in play offers exactly the placements touching or one alley out.
    folder = copy_game("copper-creek", tmp_path)
    edit(folder / "town.yaml", "placement_reach: one-card", "placement_reach: one-alley")
    loaded = validate_game(SPEC, tmp_path)
    assert loaded.data is not None and not loaded.problems
    alley = CopperCreekGame(loaded.data)
    assert alley.tables.reach == 1
    record = play(alley, 4, [("random", RandomBot)] * 4, seed="alley")
    state = alley.new_initial_state(4)
    builds = 0
    for action in record.actions:
        if state.phase == "build":
            offered = state.placements(state.drawn)
            assert offered == reference_placements(state, state.drawn, reach=1)
            assert len(offered) < len(reference_placements(state, state.drawn, reach=3))
            builds += 1
        state.apply_action(action)
    assert builds >= 10 and state.is_terminal()


def test_an_unknown_placement_reading_is_refused_at_its_line(tmp_path):
    folder = copy_game("copper-creek", tmp_path)
    text, at = edit(folder / "town.yaml", "one-card", "two-cards", after="placement_reach:")
    problems = validate_game(SPEC, tmp_path).problems
    line, _ = line_col(text, at)
    assert [(Path(p.path).name, p.line) for p in problems] == [("town.yaml", line)]
