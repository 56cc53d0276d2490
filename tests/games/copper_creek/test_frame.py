"""The town as bits: frame layout, placements read in order, and a town grown across
several frames matching the slow reference versions at every card."""

from __future__ import annotations

import random

from generator.games.copper_creek.cells import cell
from generator.games.copper_creek.frame import Frame, column_actions, frame_around
from generator.games.copper_creek.geometry import card_shape, grid_positions
from generator.games.copper_creek.town import CELL_STEP, Town, rotation_of

from .test_geometry import reference_placements


def test_a_frame_numbers_squares_column_by_column_like_cells():
    frame = Frame(-8, -16, 24, 32)
    squares = [cell(x, y) for x in (-8, 0, 15) for y in (-16, 3, 15)]
    assert [frame.index(c) for c in squares] == sorted(frame.index(c) for c in squares)
    assert frame.cells(frame.bits(squares)) == set(squares)
    box = frame.rect(-2, 1, 4, 6)
    assert frame.cells(box) == {cell(x, y) for x in range(-2, 2) for y in range(4, 7)}
    assert frame.rect(-30, -20, 0, 0) == 0  # outside: clipped away
    assert frame.cells(frame.rect(-30, -7, 0, 0)) == {cell(-8, 0), cell(-7, 0)}


def test_frame_placements_list_every_rotation_s_anchors_in_order():
    rng = random.Random(7)
    frame = Frame(-16, -24, 40, 48)
    for case in range(40):
        if case % 2:  # many: read by compress; few: read bit by bit
            anchors = [rng.getrandbits(40 * 48) for _ in range(4)]
        else:
            anchors = [sum(1 << rng.randrange(40 * 48) for _ in range(9)) for _ in range(4)]
        x0, x1 = sorted(rng.sample(range(-16, 24), 2))
        y0, y1 = sorted(rng.sample(range(-24, 24), 2))
        inside = frame.rect(x0, x1, y0, y1)
        slow = sorted(4 * c + r for r, bits in enumerate(anchors)
                      for c in frame.cells(bits & inside))
        assert frame.placements(anchors, x0, x1, y0, y1) == slow


def test_column_actions_grow_on_demand_and_stay_the_same():
    def listed(y0: int, y1: int) -> list[int]:
        actions, at = column_actions(x, y0, y1)
        return actions[at:at + 4 * (y1 + 1 - y0)]

    x = 57  # a column no other test asks for first
    assert listed(3, 5) == [4 * cell(x, y) + r for y in range(3, 6) for r in range(4)]
    assert listed(-40, 70) == [4 * cell(x, y) + r for y in range(-40, 71) for r in range(4)]
    assert listed(3, 5) == [4 * cell(x, y) + r for y in range(3, 6) for r in range(4)]


def test_frames_are_shared_and_hold_the_box_with_its_edge():
    frame = frame_around(-3, 4, -5, 2, 9)
    assert frame is frame_around(-3, 4, -5, 2, 9)
    assert frame.holds(-12, 13, -14, 11)


def open_doors_by_the_walk(town: Town) -> dict[int, int]:
    """Slow: count each door whose outside square the square-by-square walk reaches."""
    walk = town.walkable_from_intersection()
    counts = dict.fromkeys(town.open_doors, 0)
    for door, gid in town.doors.items():
        counts[gid] += door // 4 + CELL_STEP[door % 4] in walk
    return counts


def test_a_town_grown_across_many_frames_matches_the_references(game):
    # Cards in a row going east, each a reach's gap from the last, then a column going
    # north: the town outgrows its frame again and again.
    state = game.new_initial_state(3)
    cards = list(range(len(game.tables.cards)))
    spots = [(5 * i, -3, 0) for i in range(12)] + [(55, -3 - 6 * i, 1) for i in range(1, 9)]
    frames = set()
    for card, (x, y, rot) in zip(cards, spots, strict=False):
        state.build(card, x, y, rot)
        town = state.town
        frames.add(id(town.frame))
        assert town.reached == town.walkable_from_intersection()
        assert town.open_doors == open_doors_by_the_walk(town)
        probe = cards[-1 - len(state.placed) % 4]
        assert state.placements(probe) == reference_placements(state, probe)
    assert len(frames) >= 4


def test_two_doors_onto_one_square_both_count(game):
    # An L-shaped building (a1, a2, b2) with doors onto its inside corner b1 (sand):
    # the east door of a1 and the north door of b2 open onto the same square.
    grid = grid_positions([["a1", "b1"], ["a2", "b2"], ["a3", "b3"]])
    shape = card_shape(grid, [(["a1", "a2", "b2"], [("a1", "east"), ("b2", "north")]),
                              (["a3", "b3"], [("a3", "west")])], ["b1"])
    rot = rotation_of(shape, [0, 1], [0, 1])
    town = Town(0, 0, 3, [0, 1])
    town.place(rot, 2, -3)
    assert town.open_doors == {0: 2, 1: 1} == open_doors_by_the_walk(town)
    assert town.walked(cell(3, -3)) and not town.walked(cell(2, -3))
