"""Every worked example of the rulebook (games.md, cold-comfort), with exact numbers.

Tiles are drawn with x to the right and y down; a digit is a lot of that value, P a
public-building square, [n] a hotel of size n, (n) a camper.
"""

from __future__ import annotations

import pytest

from generator.engine.api import CHANCE

from .scenario import bundled, scenario, tile

PLAIN = tile(["12", "34", "56"])
CHURCH = tile(["1P", "34", "56"], public="St. Paul's Church")


def test_setup_gold_nine_plus_one_per_earlier_seat() -> None:
    """Setup: "$9 for Player 1, $10 for Player 2, $11 for Player 3, and so on"."""
    from generator.games.cold_comfort.rules import ColdComfortGame

    state = ColdComfortGame(bundled()).new_initial_state(5)
    assert state.gold == [9, 10, 11, 12, 13]


@pytest.mark.parametrize(("players", "dice", "grow_at"),
                         [(2, 12, 5), (3, 15, 6), (4, 18, 7), (5, 21, 8), (6, 24, 9)])
def test_dice_table_read_as_games_md(players: int, dice: int, grow_at: int) -> None:
    from generator.games.cold_comfort.rules import ColdComfortGame

    state = ColdComfortGame(bundled()).new_initial_state(players)
    assert (state.setup.dice, state.setup.grow_at, state.pool) == (dice, grow_at, dice)


def test_build_a_two_costs_four() -> None:
    """Build: "The cost is twice the value of the hotel, for example $4 to build a 2"."""
    state = scenario([(PLAIN, 0, 0, 0)], gold=[10, 10])
    state.apply_action(("build", 1, 0))  # the 2-lot
    assert state.gold[0] == 6
    hotel = state.hotels[(1, 0)]
    assert (hotel.owner, hotel.size, hotel.guest, hotel.fresh) == (0, 2, 0, True)
    assert state.supply[0][2] == 1
    assert state.invariants() == []


def test_build_on_an_occupied_lot_costs_four_times_and_the_camper_checks_in() -> None:
    state = scenario([(PLAIN, 0, 0, 0)], campers={(1, 0): 2}, gold=[10, 10])
    state.apply_action(("build", 1, 0))
    assert state.gold[0] == 2  # $8 for a 2 on an occupied lot
    assert state.hotels[(1, 0)].guest == 2 and (1, 0) not in state.campers
    assert state.invariants() == []


def test_only_one_build_upgrade_or_downgrade_per_turn() -> None:
    state = scenario([(PLAIN, 0, 0, 0)], gold=[40, 10])
    state.apply_action(("build", 1, 0))
    assert not [a for a in state.legal_actions() if a[0] in ("build", "resize")]


def test_upgrade_costs_twice_the_difference_downgrade_is_free() -> None:
    state = scenario([(PLAIN, 0, 0, 0)], hotels={(1, 0): (0, 2, 0)}, gold=[10, 10])
    state.apply_action(("resize", 1, 0, 5))
    assert (state.gold[0], state.hotels[(1, 0)].size) == (4, 5)
    assert (state.supply[0][2], state.supply[0][5]) == (2, 1)
    again = scenario([(PLAIN, 0, 0, 0)], hotels={(1, 0): (0, 5, 0)}, gold=[0, 10])
    again.apply_action(("resize", 1, 0, 1))
    assert (again.gold[0], again.hotels[(1, 0)].size) == (0, 1)


def test_burned_empty_hotel_pays_insurance_equal_to_its_value() -> None:
    #  1  2        a 4-hotel of P1 with no building next to it burns alone
    #  3 [4]
    #  5  6
    state = scenario([(PLAIN, 0, 0, 0)], hotels={(1, 1): (0, 4, 0)}, gold=[10, 10])
    state.apply_action(("fire", 1, 1))
    assert state.gold[0] == 14
    assert (1, 1) not in state.hotels and state.supply[0][4] == 2
    assert state.phase == "turn" and state.current_player() == 0
    assert not [a for a in state.legal_actions() if a[0] == "fire"]  # once per turn


def test_fire_entering_an_occupied_hotel_goes_out() -> None:
    #  1  2        P1 burns its empty 3; P2's 4 holds a guest: the guest leaves, the
    # [3][4]       hotel stands, the fire is out
    #  5  6
    state = scenario([(PLAIN, 0, 0, 0)], hotels={(0, 1): (0, 3, 0), (1, 1): (1, 4, 4)},
                     gold=[10, 10])
    pool = state.pool
    state.apply_action(("fire", 0, 1))
    assert state.current_player() == 0 and state.legal_actions() == [("spread", 1, 1)]
    state.apply_action(("spread", 1, 1))
    assert state.gold == [13, 10]
    assert state.hotels[(1, 1)].guest == 0 and state.pool == pool + 1
    assert state.phase == "turn"


def test_fire_spreads_through_empty_hotels_and_each_owner_is_insured() -> None:
    #  1  2        P1's empty 3 burns, passes to P2's empty 4, which burns; P2 passes it
    # [3][4]       on to P1's empty 6 below
    #  5 [6]
    state = scenario([(PLAIN, 0, 0, 0)], gold=[10, 10],
                     hotels={(0, 1): (0, 3, 0), (1, 1): (1, 4, 0), (1, 2): (0, 6, 0)})
    state.apply_action(("fire", 0, 1))
    state.apply_action(("spread", 1, 1))
    assert state.current_player() == 1  # the owner of the burned hotel passes the fire
    assert state.legal_actions() == [("spread", 1, 2)]
    state.apply_action(("spread", 1, 2))
    assert state.gold == [10 + 3 + 6, 10 + 4]
    assert state.hotels == {} and state.phase == "turn"


def test_fire_entering_a_public_building_goes_out() -> None:
    # [1] P        P1's empty 1 burns next to the church: the fire goes out there
    #  3  4
    state = scenario([(CHURCH, 0, 0, 0)], hotels={(0, 0): (0, 1, 0)}, gold=[10, 10])
    state.apply_action(("fire", 0, 0))
    assert state.legal_actions() == [("spread", 1, 0)]
    state.apply_action(("spread", 1, 0))
    assert state.phase == "turn" and state.gold[0] == 11


def test_fire_cannot_start_in_or_pass_into_a_hotel_built_this_turn() -> None:
    state = scenario([(PLAIN, 0, 0, 0)], hotels={(0, 1): (0, 3, 0)}, gold=[10, 10])
    state.apply_action(("build", 1, 1))  # a 4 next to the 3, built this turn
    assert ("fire", 1, 1) not in state.legal_actions()
    state.apply_action(("fire", 0, 1))
    assert state.phase == "turn"  # nothing to pass it into: out
    assert (1, 1) in state.hotels


def test_host_moves_a_camper_into_a_room_of_its_size_not_a_new_hotel() -> None:
    state = scenario([(PLAIN, 0, 0, 0)], campers={(1, 1): 4, (0, 0): 1},
                     hotels={(1, 0): (0, 4, 0)}, gold=[10, 10])
    assert [a for a in state.legal_actions() if a[0] == "host"] == [("host", 1, 1, 1, 0)]
    state.apply_action(("build", 0, 0))  # its camper checks into the new 1-hotel
    assert ("host", 1, 1, 1, 0) in state.legal_actions()
    state.apply_action(("host", 1, 1, 1, 0))
    assert state.hotels[(1, 0)].guest == 4 and (1, 1) not in state.campers


def test_no_guest_moves_into_a_hotel_built_this_turn() -> None:
    #  1  2       P1 builds an empty 3 on the vacant 3-lot; the camper 3 on the 6-lot may
    # [3] 4       not move in this turn ("except for one that you built on this turn")
    #  5 (3)
    state = scenario([(PLAIN, 0, 0, 0)], campers={(1, 2): 3}, gold=[10, 10])
    state.apply_action(("build", 0, 1))
    assert state.hotels[(0, 1)].guest == 0
    assert not [a for a in state.legal_actions() if a[0] == "host"]


def test_a_hotel_resized_this_turn_may_take_a_guest() -> None:
    # ruling 9: an upgraded or downgraded hotel is an existing hotel, not one built this
    # turn: P1 upgrades its empty 2 to a 5, and the camper 5 moves in the same turn
    state = scenario([(PLAIN, 0, 0, 0)], campers={(0, 2): 5},
                     hotels={(1, 0): (0, 2, 0)}, gold=[10, 10])
    state.apply_action(("resize", 1, 0, 5))
    assert ("host", 0, 2, 1, 0) in state.legal_actions()
    state.apply_action(("host", 0, 2, 1, 0))
    assert state.hotels[(1, 0)].guest == 5


def test_one_fire_a_turn_though_another_hotel_stands_empty() -> None:
    # [1] 2       P1's empty 1 and empty 6 are far apart: after one fire the other hotel
    #  3  4       may not be set alight ("You can do this only once")
    #  5 [6]
    state = scenario([(PLAIN, 0, 0, 0)], hotels={(0, 0): (0, 1, 0), (1, 2): (0, 6, 0)},
                     gold=[10, 10])
    assert ("fire", 1, 2) in state.legal_actions()
    state.apply_action(("fire", 0, 0))
    assert state.phase == "turn" and (1, 2) in state.hotels
    assert not [a for a in state.legal_actions() if a[0] == "fire"]


def test_mining_precludes_all_other_actions_and_pays_the_roll() -> None:
    state = scenario([(PLAIN, 0, 0, 0)], campers={(0, 2): 5}, gold=[10, 10], pool=0)
    state.apply_action(("mine", 0, 2))
    assert state.current_player() == CHANCE
    state.apply_action(4)  # the camper rolls a 4
    assert state.gold[0] == 14 and state.campers == {}
    assert state.active == 1  # the turn is over
    other = scenario([(PLAIN, 0, 0, 0)], campers={(0, 2): 5, (1, 1): 4},
                     hotels={(1, 0): (0, 4, 0)}, gold=[10, 10])
    other.apply_action(("host", 1, 1, 1, 0))
    assert not [a for a in other.legal_actions() if a[0] == "mine"]


def test_collect_guests_check_out_and_pay_their_value() -> None:
    state = scenario([(PLAIN, 0, 0, 0)], hotels={(1, 1): (1, 4, 4), (0, 2): (1, 5, 5)},
                     gold=[10, 10], pool=0)  # too few dice for a scoring round
    state.apply_action(("end",))
    assert state.active == 1 and state.gold[1] == 19 and state.pool == 2
    assert all(h.guest == 0 for h in state.hotels.values())


def test_the_log_shows_insurance_paid_by_a_spreading_fire() -> None:
    # The fire of the spreading test: a referee reads each owner's insurance in the log.
    state = scenario([(PLAIN, 0, 0, 0)], gold=[10, 10],
                     hotels={(0, 1): (0, 3, 0), (1, 1): (1, 4, 0), (1, 2): (0, 6, 0)})
    assert "insurance $3 to P1" in state.action_to_string(("fire", 0, 1))
    state.apply_action(("fire", 0, 1))
    text = state.action_to_string(("spread", 1, 1))
    assert text == "passes the fire to (1,1): P2's empty 4-hotel burns, insurance $4 to P2"
    state.apply_action(("spread", 1, 1))
    assert state.action_to_string(("spread", 1, 2)).endswith("insurance $6 to P1")


def test_the_log_shows_a_fire_put_out_by_a_guest_or_a_public_building() -> None:
    state = scenario([(PLAIN, 0, 0, 0)], hotels={(0, 1): (0, 3, 0), (1, 1): (1, 4, 4)},
                     gold=[10, 10])
    state.apply_action(("fire", 0, 1))
    assert state.action_to_string(("spread", 1, 1)) == (
        "passes the fire to (1,1): P2's guest 4 leaves for the pool, the fire is out")
    church = scenario([(CHURCH, 0, 0, 0)], hotels={(0, 0): (0, 1, 0)}, gold=[10, 10])
    church.apply_action(("fire", 0, 0))
    assert church.action_to_string(("spread", 1, 0)) == (
        "passes the fire to (1,0): a public building, the fire is out")


def test_the_log_shows_a_scoring_round_triggered_by_a_mine() -> None:
    # Two players: a round at 5 dice in the pool; the mined camper is the fifth.
    state = scenario([(PLAIN, 0, 0, 0)], campers={(0, 2): 5}, gold=[10, 10], pool=4)
    state.apply_action(("mine", 0, 2))
    text = state.action_to_string(4)
    assert text == ("the mined camper rolls 4: P1 gains $4; the die returns to the pool "
                    "(5 dice) and the turn ends; a scoring round begins")
    state.apply_action(4)
    assert state.phase == "grow-draw"
