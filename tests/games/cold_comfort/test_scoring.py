"""Scoring rounds: neighbourhoods, blocks, street gangs, ties, dice landing, game end."""

from __future__ import annotations

import pytest

from generator.engine.api import TERMINAL
from generator.games.cold_comfort.scoring import score_round

from .scenario import scenario, tile

PLAIN = tile(["12", "34", "56"])
FIRE_HALL = tile(["1P", "34", "56"], public="Fire Hall")


def _round(state):  # type: ignore[no-untyped-def]
    state.score_round()
    return state.points, [(v.tiles, v.points, v.winners) for v in state.last_round]


def test_neighbourhood_is_tiles_plus_public_points_split_on_ties_rounding_down() -> None:
    #  1  P  1  2     two touching tiles, one public square: 2 + 1 = 3 points;
    # [3] 4 [3] 4     P1 and P2 each hold a block of one 3: tied, 3 // 2 = 1 each
    #  5  6  5  6
    state = scenario([(FIRE_HALL, 0, 0, 0), (PLAIN, 2, 0, 0)],
                     hotels={(0, 1): (0, 3, 3), (2, 1): (1, 3, 3)})
    assert _round(state) == ([1, 1], [((0, 1), 3, (0, 1))])


def test_separate_neighbourhoods_score_apart() -> None:
    # tiles one street apart are two neighbourhoods of 1 point each
    state = scenario([(PLAIN, 0, 0, 0), (PLAIN, 3, 0, 0)],
                     hotels={(0, 1): (0, 3, 3), (3, 1): (1, 3, 3)})
    assert _round(state) == ([1, 1], [((0,), 1, (0,)), ((1,), 1, (1,))])


def test_a_block_of_adjacent_hotels_adds_its_guests() -> None:
    # [3][4]  P1's connected 3 and 4 (7) beat P2's lone 6
    #  5 [6]
    state = scenario([(PLAIN, 0, 0, 0)],
                     hotels={(0, 1): (0, 3, 3), (1, 1): (0, 4, 4), (1, 2): (1, 6, 6)})
    assert _round(state) == ([1, 0], [((0,), 1, (0,))])


def test_street_gangs_lose_ties_with_players() -> None:
    # (1)(2)   a gang of campers 1 + 2 = 3 ties P1's guest 3: P1 scores
    # [3] 4
    state = scenario([(PLAIN, 0, 0, 0)], campers={(0, 0): 1, (1, 0): 2},
                     hotels={(0, 1): (0, 3, 3)})
    assert _round(state) == ([1, 0], [((0,), 1, (0,))])


def test_a_street_gang_above_every_block_wins_and_no_one_scores() -> None:
    # (1)(2)   the gang 1 + 2 + 4 = 7 beats P1's 3: nobody scores
    # [3](4)
    state = scenario([(PLAIN, 0, 0, 0)], campers={(0, 0): 1, (1, 0): 2, (1, 1): 4},
                     hotels={(0, 1): (0, 3, 3)})
    assert _round(state) == ([0, 0], [((0,), 1, ())])


def test_extra_dice_prefer_a_hotel_to_a_vacant_lot() -> None:
    # new tile at (0,0); an extra 4 skips the near vacant 4-lot at (4,1) for P1's empty
    # 4-hotel further away at (7,1)
    state = _landing([4], hotels={(7, 1): (0, 4, 0)})
    assert state.hotels[(7, 1)].guest == 4 and (4, 1) not in state.campers


def test_extra_dice_take_the_closest_spot_from_the_highest_lot() -> None:
    # the new tile's highest lot is the 6 at (1,2): the 4-lot at (4,1) is 4 away and the
    # one at (7,1) is 7 away
    state = _landing([4])
    assert state.campers.get((4, 1)) == 4 and (7, 1) not in state.campers


def test_equal_spots_at_equal_distance_are_the_next_players_choice() -> None:
    # two empty 5-hotels of P1 one step from the 6 at (1,2): P2 (next in turn) chooses
    #  1  2
    #  3  4
    #  5  6 [5]
    #  5 [5]
    state = _landing([5], hotels={(1, 3): (0, 5, 0), (2, 2): (0, 5, 0)}, extra_tile=False)
    assert state.phase == "land" and state.current_player() == 1
    assert state.legal_actions() == [("land", 1, 3), ("land", 2, 2)]
    state.apply_action(("land", 2, 2))
    assert state.hotels[(2, 2)].guest == 5 and state.hotels[(1, 3)].guest == 0


def _landing(extras, hotels=None, extra_tile=True):  # type: ignore[no-untyped-def]
    """Tile 0 is new and full; tiles 1 and 2 (x 3-4 and 6-7) offer lots."""
    full = {sq: v for sq, v in zip([(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2)],
                                   range(1, 7), strict=True)}
    tiles = [(PLAIN, 0, 0, 0), (PLAIN, 3, 0, 0), (PLAIN, 6, 0, 0)] if extra_tile else \
        [(PLAIN, 0, 0, 0), (tile(["55"]), 0, 3, 0), (tile(["5"]), 2, 2, 0)]
    state = scenario(tiles, campers=full, hotels=hotels, pool=0)
    state.phase, state.target, state.extras = "roll", 0, list(extras)
    state.settle()
    assert state.invariants() == []
    return state


def test_game_ends_after_nine_rounds_with_gold_worth_a_point_per_five() -> None:
    state = scenario([(PLAIN, 0, 0, 0)], gold=[29, 5])
    state.rounds = state.setup.rounds - 1
    state.points = [3, 0]
    state.score_round()
    assert state.current_player() == TERMINAL
    assert state.returns() == [8.0, 1.0]  # 3 + 29 // 5, 0 + 5 // 5
    assert state.winners() == [0]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_scoring_round_triggers_at_players_plus_three_dice(players) -> None:
    # "The number of dice is 3 plus the number of players": one die fewer is no round.
    short = scenario([(PLAIN, 0, 0, 0)], players=players, pool=players + 2)
    short.apply_action(("end",))
    assert (short.phase, short.active) == ("turn", 1)
    enough = scenario([(PLAIN, 0, 0, 0)], players=players, pool=players + 3)
    enough.apply_action(("end",))
    assert enough.phase == "grow-draw"


def test_a_size_two_public_building_scores_two() -> None:
    # "one point for each vacant lot that it replaces (size 1 or 2)": a Town Hall on two
    # squares adds 2 to the tile's 1 point; P1 controls with its guest 4.
    #  P  P
    #  3 [4]
    #  5  6
    hall = tile(["PP", "34", "56"], public="Town Hall")
    state = scenario([(hall, 0, 0, 0)], hotels={(1, 1): (0, 4, 4)})
    assert _round(state) == ([3, 0], [((0,), 3, (0,))])


def test_an_extra_die_with_no_spot_goes_back_to_the_pool() -> None:
    # no 6-hotel and no vacant 6-lot anywhere: "Any dice that can't find a space to land
    # return to the dice pool"
    state = _landing([6], extra_tile=False)
    assert state.pool == 1 and state.extras == []
    assert list(state.campers.values()).count(6) == 1  # only the new tile's own 6
    assert state.rounds == 1  # the round went on to score


def test_extra_dice_walk_from_the_highest_lot_not_another() -> None:
    # the new tile (x 0-1, y 2-4) has its 1 at the top (0,2) and its 6 at the bottom
    # (1,4); a 4-lot lies two squares above the 1 and another two below the 6: the die
    # walks from the 6, so it lands below (walked from the 1 it would land above)
    full = {sq: v for sq, v in zip([(0, 2), (1, 2), (0, 3), (1, 3), (0, 4), (1, 4)],
                                   range(1, 7), strict=True)}
    state = scenario([(PLAIN, 0, 2, 0), (tile(["4"]), 0, 0, 0), (tile(["4"]), 1, 6, 0)],
                     campers=full, pool=0)
    state.phase, state.target, state.extras = "roll", 0, [4]
    state.settle()
    assert state.campers.get((1, 6)) == 4 and (0, 0) not in state.campers


def test_a_block_is_one_players_hotels_never_two_owners_joined() -> None:
    # [3][4]   P1's guest 3 beside P2's guest 4: two blocks, 3 and 4, so P2 controls
    #  5  6    (joined into one block of 7 they would hand it to one of them)
    state = scenario([(PLAIN, 0, 0, 0)], hotels={(0, 1): (0, 3, 3), (1, 1): (1, 4, 4)})
    verdict = score_round(state.city, state.hotels, state.campers, 1, 1)[0]
    assert (verdict.winners, verdict.best_block) == ((1,), 4)


def test_a_players_best_block_counts_not_the_sum_of_its_blocks() -> None:
    # [1] 2    P1's two blocks, 1 and 4, are not joined: P1's strength is 4, not 5, and
    #  3 [4]   P2's lone 5 controls
    # [5] 6
    state = scenario([(PLAIN, 0, 0, 0)], hotels={(0, 0): (0, 1, 1), (1, 1): (0, 4, 4),
                                                 (0, 2): (1, 5, 5)})
    verdict = score_round(state.city, state.hotels, state.campers, 1, 1)[0]
    assert (verdict.winners, verdict.best_block) == ((1,), 5)


def test_every_block_counts_even_one_found_after_another_owners_block() -> None:
    # [1] 2    P1's block 1 + 3 = 4 is found first, from its top square; P2's block
    # [3][4]   4 + 6 = 10 begins at a square that sorts after P1's second one, and it
    #  5 [6]   still counts: P2 controls
    state = scenario([(PLAIN, 0, 0, 0)], hotels={(0, 0): (0, 1, 1), (0, 1): (0, 3, 3),
                                                 (1, 1): (1, 4, 4), (1, 2): (1, 6, 6)})
    verdict = score_round(state.city, state.hotels, state.campers, 1, 1)[0]
    assert (verdict.winners, verdict.best_block) == ((1,), 10)


def test_a_variants_points_per_public_square_multiply_the_public_squares() -> None:
    # the Fire Hall's one public square at 2 points each (a declared variant's number):
    # 1 point for the tile + 2 = 3
    state = scenario([(FIRE_HALL, 0, 0, 0)], hotels={(0, 1): (0, 3, 3)})
    verdict = score_round(state.city, state.hotels, state.campers, 1, 2)[0]
    assert (verdict.points, verdict.winners) == (3, (0,))


def test_a_neighbourhood_without_campers_or_hotels_reports_no_strength() -> None:
    # the verdict's strengths are what the round's words and saved games report
    hotels_only = scenario([(PLAIN, 0, 0, 0)], hotels={(0, 1): (0, 3, 3)})
    verdict = score_round(hotels_only.city, hotels_only.hotels, hotels_only.campers, 1, 1)[0]
    assert (verdict.best_block, verdict.best_gang) == (3, 0)
    campers_only = scenario([(PLAIN, 0, 0, 0)], campers={(0, 0): 1})
    verdict = score_round(campers_only.city, campers_only.hotels, campers_only.campers, 1, 1)[0]
    assert (verdict.best_block, verdict.best_gang, verdict.winners) == (0, 1, ())
