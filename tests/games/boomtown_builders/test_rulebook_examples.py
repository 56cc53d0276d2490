"""Every worked example of the Boomtown Builders rulebook (and games.md), as a position
set up from a few lines and exact numbers. Rows and columns count from 1, row 1 beside
the station; the board is 9 columns wide, so column 5 is the middle."""

from __future__ import annotations

import pytest

from generator.games.boomtown_builders.town import count_votes, score_town, token_column

# -- End of Game: the four tallies --------------------------------------------------------
# Tokens stand on column 4 in every row but row 3 (column 1). Each line is one cube:
# (row, column, card, seat, cube). Seats: 0 Yellow, 1 Red, 2 Green, 3 Blue.
TALLY_TOWN = [
    (1, 4, "general-store", 0, "double"),   # distance 0 -> 2 VP, x2
    (2, 1, "boarding-house", 0, "double"),  # distance 3 -> 3 VP, x2
    (3, 5, "boarding-house", 0, "triple"),  # distance 4 -> 4 VP, x3
    (9, 1, "railway-depot", 0, "single"),   # distance 3 -> 0 VP: the cube goes home
    (4, 5, "bank", 1, "triple"),            # distance 1 -> 5 VP, x3
    (4, 4, "saloon", 1, "single"),          # distance 0 -> 7 VP, x1
    (5, 3, "general-store", 2, "double"),   # distance 1 -> 5 VP, x2
    (6, 2, "general-store", 3, "single"),   # distance 2 -> 2 VP, x1
    (7, 5, "hotel", 3, "single"),           # distance 1 -> 3 VP, x1
    (7, 2, "church", 3, "triple"),          # distance 2 -> 6 VP, x3
    (8, 4, "railway-depot", 3, "double"),   # distance 0 -> 8 VP, x2
]
TALLY_TOKENS = [4, 4, 1, 4, 4, 4, 4, 4, 4, 4]


def _track(state, seat):  # type: ignore[no-untyped-def]
    """(Scoring Track space, cube multiplier) of each of a seat's scoring cubes."""
    return sorted((s.space, s.multiplier) for s in score_town(state.tables, state.b.lots,
                                                              state.b.tokens)
                  if s.owner == seat and s.space)


def test_end_game_tallies_yellow_22_red_22_green_10_blue_39(scenario) -> None:  # type: ignore[no-untyped-def]
    state = scenario(4, buildings=TALLY_TOWN, tokens=TALLY_TOKENS)
    assert _track(state, 0) == [(2, 2), (3, 2), (4, 3)]  # (2x2=4) + (3x2=6) + (4x3=12)
    assert _track(state, 1) == [(5, 3), (7, 1)]  # (5x3=15) + (7x1=7)
    assert _track(state, 2) == [(5, 2)]  # (5x2=10)
    assert _track(state, 3) == [(2, 1), (3, 1), (6, 3), (8, 2)]  # 2 + 3 + 18 + 16
    assert state.returns() == [22.0, 22.0, 10.0, 39.0]
    assert state.winners() == [3]


def test_tie_goes_to_most_cubes_on_the_scoring_track(scenario) -> None:  # type: ignore[no-untyped-def]
    # Yellow and Red both score 22 (as in the rulebook); Yellow has 3 cubes on the
    # Scoring Track, Red 2, so Yellow wins.
    town = [b for b in TALLY_TOWN if b[3] in (0, 1)]
    state = scenario(2, buildings=town, tokens=TALLY_TOKENS)
    assert state.returns() == [22.0, 22.0]
    assert state.totals()[1] == [3, 2]
    assert state.winners() == [0]


def test_tie_on_points_and_cubes_is_shared(scenario) -> None:  # type: ignore[no-untyped-def]
    town = [(4, 4, "saloon", 0, "single"), (5, 4, "dance-hall", 1, "single")]
    state = scenario(2, buildings=town, tokens=TALLY_TOKENS)
    assert state.returns() == [7.0, 7.0]
    assert state.winners() == [0, 1]


# -- Scoring examples A-F (distance from the Track Token in the same row) ---------------
@pytest.mark.parametrize(("example", "card", "column", "cube", "points"), [
    ("A: scores only next to the tracks, is two away", "livery-stable", 6, "double", 0),
    ("B: 8 VP only directly on the tracks, is one away", "railway-depot", 5, "triple", 0),
    ("C: 7 VP directly on the tracks", "saloon", 4, "single", 7),
    ("D: 3 VP one away, tripled", "hotel", 3, "triple", 9),
    ("E: 5 VP one away, doubled", "bank", 5, "double", 10),
    ("F: too far from the tracks", "general-store", 1, "single", 0),
])
def test_scoring_examples_a_to_f(scenario, example, card, column, cube, points) -> None:  # type: ignore[no-untyped-def]
    state = scenario(4, buildings=[(4, column, card, 0, cube)], tokens=[4] * 10)
    assert state.returns()[0] == points, example


@pytest.mark.parametrize(("column", "points"), [(2, 0), (3, 5), (4, 0), (5, 5), (6, 0)])
def test_example_a_card_scores_5_only_next_to_the_tracks(scenario, column, points) -> None:  # type: ignore[no-untyped-def]
    # "The blue player only scores 5VP if it's adjacent to the left or right of the Track
    # Tokens": the deck holds that card (Livery Stable, 5 VP at distance 1, else 0).
    state = scenario(4, buildings=[(4, column, "livery-stable", 0, "single")],
                     tokens=[4] * 10)
    assert list(state.tables.cards["livery-stable"].points) == [0, 5]
    assert state.returns()[0] == points


# -- End of Round 2: placing the Track Token ---------------------------------------------
# Row 2, the previous token (row 1) on column 4 unless said otherwise. Row 2 holds a
# hideout space at column 6, face down (no votes).
def _place(scenario, town, ahead: int = 4, terrain=()):  # type: ignore[no-untyped-def]
    state = scenario(4, buildings=town, tokens=[ahead], terrain=terrain, phase="build")
    vote = count_votes(state.tables, state.b.lots, 1)
    return vote, token_column(state.tables, state.b.lots, 1, ahead - 1) + 1


def test_vote_three_left_none_right_moves_one_left_erratum(scenario) -> None:  # type: ignore[no-untyped-def]
    # Rulebook text: "3 Left Votes and 0 Right Votes, so the Right Votes win". Ruled an
    # erratum: the rule is "whichever direction has the most votes wins", so Left wins.
    town = [(2, 1, "saloon", 0, "triple"), (2, 2, "railway-depot", 1, "triple")]
    vote, column = _place(scenario, town)
    assert (vote.left, vote.right) == (3, 0)
    assert column == 3


def test_vote_tie_places_the_token_straight_ahead(scenario) -> None:  # type: ignore[no-untyped-def]
    town = [(2, 1, "saloon", 0, "triple"), (2, 2, "hotel", 1, "triple"),
            (2, 5, "dance-hall", 2, "triple"), (2, 7, "opera-house", 3, "triple")]
    vote, column = _place(scenario, town)
    assert (vote.left, vote.right) == (3, 3)
    assert column == 4


def test_vote_plus_icon_adds_a_step_two_left(scenario) -> None:  # type: ignore[no-untyped-def]
    town = [(2, 1, "general-store", 0, "triple"), (2, 2, "bank", 1, "triple")]
    vote, column = _place(scenario, town)
    assert (vote.left, vote.right, vote.left_plus) == (2, 0, 1)
    assert column == 2


def test_vote_plus_icons_of_the_losing_side_do_not_count(scenario) -> None:  # type: ignore[no-untyped-def]
    town = [(2, 1, "saloon", 0, "triple"), (2, 7, "mercantile", 1, "triple")]
    vote, column = _place(scenario, town)
    assert (vote.left, vote.right, vote.right_plus) == (2, 1, 1)
    assert column == 3


def test_vote_plus_icons_of_the_losing_left_do_not_count_either(scenario) -> None:  # type: ignore[no-untyped-def]
    # the mirror of the test above: Right wins 2 to 1 and the General Store's "+" is on
    # the losing Left, so the token moves one step right, not two
    town = [(2, 1, "general-store", 0, "triple"), (2, 7, "dance-hall", 1, "triple")]
    vote, column = _place(scenario, town)
    assert (vote.left, vote.right, vote.left_plus, vote.right_plus) == (1, 2, 1, 0)
    assert column == 5


def test_vote_at_the_left_edge_goes_straight_ahead(scenario) -> None:  # type: ignore[no-untyped-def]
    # 3 Left vs 1 Right, but the previous token is on the left edge (column 1).
    town = [(2, 2, "saloon", 0, "triple"), (2, 3, "railway-depot", 1, "triple"),
            (2, 7, "water-tower", 2, "triple")]
    vote, column = _place(scenario, town, ahead=1)
    assert (vote.left, vote.right) == (3, 1)
    assert column == 1


def test_token_that_would_leave_the_board_stops_at_the_edge(scenario) -> None:  # type: ignore[no-untyped-def]
    # 2 Right with 2 "+" icons from column 8: three steps right would leave the board.
    town = [(2, 1, "mercantile", 0, "triple"), (2, 2, "post-office", 1, "triple")]
    vote, column = _place(scenario, town, ahead=8)
    assert vote.steps == 3
    assert column == 9


def test_token_on_a_mountain_moves_on_along_its_arrow(scenario) -> None:  # type: ignore[no-untyped-def]
    # One Left vote from column 4 would stop on the Mountain in column 3; left of the
    # middle its arrow points right (toward the middle), so the token goes to column 4.
    town = [(2, 1, "hotel", 0, "triple")]
    _, column = _place(scenario, town, terrain=[(2, 3, "mountain")])
    assert column == 4


def test_token_follows_the_first_mountains_arrow_past_a_chain(scenario) -> None:  # type: ignore[no-untyped-def]
    town = [(2, 1, "hotel", 0, "triple")]
    _, column = _place(scenario, town, terrain=[(2, 3, "mountain"), (2, 4, "mountain")])
    assert column == 5


def test_mountain_right_of_the_middle_sends_the_token_left(scenario) -> None:  # type: ignore[no-untyped-def]
    # One Right vote from column 6 would stop on the Mountain in column 7; right of the
    # middle its arrow points left (toward the middle), one location: column 6.
    town = [(2, 1, "water-tower", 0, "triple")]
    _, column = _place(scenario, town, ahead=6, terrain=[(2, 7, "mountain")])
    assert column == 6


def test_mountain_in_the_middle_follows_its_printed_arrow(scenario) -> None:  # type: ignore[no-untyped-def]
    # The Mountain card's printed arrow points right; in the middle column (5) no edge
    # turns it, so a token that would stop there goes on to column 6.
    town = [(2, 1, "water-tower", 0, "triple")]
    _, column = _place(scenario, town, ahead=4, terrain=[(2, 5, "mountain")])
    assert column == 6


def test_token_may_stop_on_a_lake_or_a_goldmine(scenario) -> None:  # type: ignore[no-untyped-def]
    town = [(2, 1, "hotel", 0, "triple")]
    assert _place(scenario, town, terrain=[(2, 3, "lake")])[1] == 3
    assert _place(scenario, town, terrain=[(2, 3, "goldmine")])[1] == 3


def test_printed_arrows_count_only_while_their_location_is_empty(scenario) -> None:  # type: ignore[no-untyped-def]
    # Row 4 prints one Right arrow on column 1 and one Left arrow on column 9: a tie.
    state = scenario(4, tokens=[4, 4, 4], phase="build")
    vote = count_votes(state.tables, state.b.lots, 3)
    assert (vote.left, vote.right) == (1, 1)
    covered = scenario(4, buildings=[(4, 9, "courthouse", 0, "single")], tokens=[4, 4, 4],
                       phase="build")
    vote = count_votes(covered.tables, covered.b.lots, 3)
    assert (vote.left, vote.right) == (0, 3)  # the Courthouse's 2 Right hide the Left one


def test_printed_arrows_carry_no_plus_icon(scenario) -> None:  # type: ignore[no-untyped-def]
    # Row 4: the printed Right arrow (column 1) and a Water Tower win 2 to 1. Only a
    # building's "+" icons add steps, so the token moves one step right, not two.
    state = scenario(4, buildings=[(4, 5, "water-tower", 0, "single")], tokens=[5, 5, 5],
                     phase="build")
    vote = count_votes(state.tables, state.b.lots, 3)
    assert (vote.left, vote.right, vote.left_plus, vote.right_plus) == (1, 2, 0, 0)
    assert token_column(state.tables, state.b.lots, 3, 4) + 1 == 6


# -- Goldmine ------------------------------------------------------------------------------
def test_goldmine_adds_two_vp_once_however_many_touch(scenario) -> None:  # type: ignore[no-untyped-def]
    # The Saloon scores 7 on the tracks; Goldmines left and right of it add +2 once,
    # before the Double: (7 + 2) x 2 = 18.
    state = scenario(4, buildings=[(4, 4, "saloon", 0, "double")], tokens=[4] * 10,
                     terrain=[(4, 3, "goldmine"), (4, 5, "goldmine"), (5, 4, "goldmine")])
    assert state.returns()[0] == 18


def test_goldmine_adds_nothing_to_a_building_that_does_not_score(scenario) -> None:  # type: ignore[no-untyped-def]
    state = scenario(4, buildings=[(4, 2, "saloon", 0, "double")], tokens=[4] * 10,
                     terrain=[(4, 1, "goldmine")])
    assert state.returns()[0] == 0


@pytest.mark.parametrize("side, goldmine", [("the row before", (1, 2)),
                                            ("the row after", (3, 2)),
                                            ("the left, on the edge", (2, 1)),
                                            ("the right", (2, 3))])
def test_goldmine_on_any_orthogonal_side_adds_two_vp(scenario, side, goldmine) -> None:  # type: ignore[no-untyped-def]
    # The Saloon at row 2, column 2 scores 7 on the tracks; one Goldmine beside it, on
    # whichever side (the board's first row and first column included), makes it 9.
    state = scenario(4, buildings=[(2, 2, "saloon", 0, "single")], tokens=[2] * 10,
                     terrain=[(*goldmine, "goldmine")])
    assert state.returns()[0] == 9, side


def test_goldmine_bonus_comes_from_goldmines_only(scenario) -> None:  # type: ignore[no-untyped-def]
    # A Lake, a Mountain and a Hideout terrain card beside the Saloon add nothing.
    state = scenario(4, buildings=[(2, 2, "saloon", 0, "single")], tokens=[2] * 10,
                     terrain=[(1, 2, "lake"), (2, 1, "mountain"), (2, 3, "hideout"),
                              (3, 2, "lake")])
    assert state.returns()[0] == 7


def test_only_a_building_with_its_cube_scores(game) -> None:  # type: ignore[no-untyped-def]
    # "Evaluate each Building Card with investments": between Build and Invest the new
    # building has no cube yet, and the tally counts nothing for it.
    state = game.new_initial_state(2)
    while state.b.phase != "invest":
        state.apply_action(state.legal_actions()[0])
    assert state.totals() == ([0, 0], [0, 0])


# -- Invest: cube size by rows ahead of the furthest Track Token ---------------------------
def test_investment_size_by_rows_ahead(scenario) -> None:  # type: ignore[no-untyped-def]
    state = scenario(4, tokens=[4, 4], phase="build")  # rows 1-2 tracked
    assert state.cube_choices(0, 2) == ["single"]  # row 3: 1 row ahead
    assert state.cube_choices(0, 3) == ["double", "single"]  # row 4: 2 rows ahead
    assert state.cube_choices(0, 4) == ["double", "single", "triple"]  # row 5: 3 ahead
    assert state.cube_choices(0, 9) == ["double", "single", "triple"]  # row 10: 8 ahead


def test_first_round_counts_rows_from_the_station(scenario) -> None:  # type: ignore[no-untyped-def]
    state = scenario(4, phase="build")
    assert [state.cube_choices(0, row) for row in range(3)] == [
        ["single"], ["double", "single"], ["double", "single", "triple"]]


def test_no_building_in_a_row_with_a_track_token(scenario) -> None:  # type: ignore[no-untyped-def]
    state = scenario(4, tokens=[4, 4, 4], phase="build")
    state.b.draft = ["saloon"]
    rows = {a[2] for a in state.legal_actions()}
    assert min(rows) == 3  # row 4 is the first untracked row
    with pytest.raises(ValueError):
        state.apply_action(("build", "saloon", 2, 0))


def test_a_player_without_singles_cannot_build_one_row_ahead(scenario) -> None:  # type: ignore[no-untyped-def]
    state = scenario(4, tokens=[4, 4, 4], phase="build")
    state.b.draft = ["saloon"]
    state.b.cubes[0]["single"] = 0
    assert {a[2] for a in state.legal_actions()} == set(range(4, 10))


def test_a_player_with_nowhere_to_build_passes(scenario) -> None:  # type: ignore[no-untyped-def]
    # Ruling: in the last round rows 9 and 10 are full (row 9's hideout space at column
    # 2 holds a face-down Hideout Card), so Yellow has no empty location: the turn passes.
    full = [(r, c, "assay-office", 1 + (r + c) % 3, "single") for r in (9, 10)
            for c in range(1, 10) if (r, c) != (9, 2)]
    state = scenario(4, buildings=full, tokens=[4] * 8, phase="build")
    state.b.draft = ["saloon"]
    assert state.legal_actions() == [("pass",)]
    state.apply_action(("pass",))
    assert (state.b.seat, state.b.turns, state.b.phase) == (1, 1, "build")


def test_no_building_on_terrain_or_a_hideout(scenario) -> None:  # type: ignore[no-untyped-def]
    # Ruling: "No Building Card may be placed on a Hideout" under Goldmine is read as
    # "on a Goldmine"; no terrain and no hideout space takes a building.
    state = scenario(4, terrain=[(4, 1, "goldmine"), (4, 2, "lake"), (4, 3, "mountain"),
                                 (4, 4, "hideout")], tokens=[5, 5, 5], phase="build")
    state.b.draft = ["saloon"]
    row4 = {a[3] + 1 for a in state.legal_actions() if a[2] == 3}
    assert row4 == {5, 6, 7, 8, 9}
    row5 = {a[3] + 1 for a in state.legal_actions() if a[2] == 4}
    assert 5 not in row5 and len(row5) == 8  # row 5 column 5 is a hideout space


def test_end_of_round_reveals_hideouts_places_token_refills_draft(scenario) -> None:  # type: ignore[no-untyped-def]
    # Round 2 of a 2-player game; Red builds last. Row 2's hideout (column 6) is face
    # down until its row is tracked; once revealed, the Bandit Camp's 2 Left votes move
    # the token from straight ahead (column 5) one step left.
    state = scenario(2, tokens=[5], phase="build", seat=1)
    state.b.round, state.b.turns_in_round, state.b.draft = 2, 1, ["hotel", "saloon"]
    state.b.deck["hotel"] -= 1
    state.b.deck["saloon"] -= 1
    state.apply_action(("build", "hotel", 4, 0))
    assert state.legal_actions() == [("invest", "double"), ("invest", "single"),
                                     ("invest", "triple")]
    state.apply_action(("invest", "triple"))
    assert state.b.phase == "hideout" and len(state.legal_actions()) == 9
    state.apply_action(("reveal", "bandit-camp"))
    assert state.legal_actions() == [("track", 1, 3)]
    state.apply_action(("track", 1, 3))
    assert (state.b.tokens, state.b.start_seat, state.b.round) == ([4, 3], 1, 3)
    while state.b.phase == "draft":
        state.apply_action(state.legal_actions()[0])
    assert len(state.b.draft) == 4 and state.current_player() == 1
