"""Every worked example of the rulebook (rules/copper-creek.md) as a named test.

Town drawings: x to the right, y down; Front Street is the row y = 0, Main Street the
column x = 0 below it. Letters mark squares: H Grand Hotel (green), B Barn Stuff
(brown), K the Bank (gray), D Dry Goods (tan), N Norman's (yellow), P Dress Shop
(purple), g Barber (green), s sand, * a dead square, . empty table.
"""

from __future__ import annotations

from generator.games.copper_creek.economy import share_price, split_income
from generator.games.copper_creek.rules import PASS

from .conftest import card_index, gid_of, scenario


def test_income_split_8_dollars_three_chips_pays_3_3_2():
    # "A building makes a total of $8 ... from bottom to top ... Players 1, 2, and 3.
    # Players 1 and 2 make a total of $3 each, and player 3 makes $2."
    assert split_income(8, [0, 1, 2], 3) == [3, 3, 2]


def test_income_split_counts_per_share_not_per_player():
    # Two of the four shares are P1's: $7 = 2+2+2+1, the odd dollar to the bottom chip.
    assert split_income(7, [0, 1, 0, 2], 3) == [4, 2, 1]


def test_price_four_open_doors_no_other_shares_is_4():
    assert share_price(4, 3, [], buyer=2, minimum=1) == 4


def test_price_four_open_doors_points_3_two_other_shares_is_10():
    # "$4 (for the doors) plus $3 x 2 ... for a total price of $10."
    assert share_price(4, 3, [0, 1], buyer=2, minimum=1) == 10


def test_price_no_open_doors_is_the_minimum_1():
    assert share_price(0, 4, [], buyer=0, minimum=1) == 1


def test_rebuying_against_only_your_own_shares_costs_the_base_price():
    assert share_price(4, 3, [2, 2], buyer=2, minimum=1) == 4


def test_price_in_play_land_office_4_then_10(game):
    # The Land Office card as printed, north of Front Street (O Land Office, 3 points,
    # four doors all open; V Livery Stable):
    #   x:   0 1
    #  y=-3  O V
    #  y=-2  O V
    #  y=-1  s V
    #  y=0   ===== Front Street =====
    state = scenario(game, {"cards": [("land-office", 0, -3, 0)], "phase": "buy"})
    office = gid_of(game, "Land Office")
    assert state.town.open_doors[office] == 4
    assert state.price(office, 2) == 4
    state.stacks[office] = [0, 1]
    assert state.price(office, 2) == 10
    assert state.price(office, 0) == 4 + 3 * 1  # P1 does not pay against their own chip


def test_barn_stuff_ten_open_doors_earns_10_on_a_brown_draw(game):
    #   x: 3 4
    #  y=-5 B B     every one of the ten outside edges has a door and faces empty table
    #  y=-4 B B
    #  y=-3 B B
    #  y=0  ===== Front Street =====
    state = scenario(game, {"cards": [("barn-stuff", 3, -5, 0)], "stacks": {
        "Farmer Smart's Barn Stuff": [1]}, "money": [15, 15, 15]})
    barn = gid_of(game, "Farmer Smart's Barn Stuff")
    assert state.town.open_doors[barn] == 10
    state.apply_action(card_index(game, "lumber-yard"))  # a brown card
    assert state.money == [15, 25, 15]


def test_normans_cutlery_five_open_doors_and_two_connected_push_2_into_purple(game):
    #   x:   2 3 4 5
    #  y=-7  s P . .
    #  y=-6  s P>N N    > two Dress Shop doors touch two Norman's doors (connected)
    #  y=-5  g P>N N
    #  y=-4  . . s s    Norman's sand; its a2 south door opens onto it
    # Dress Shop card turned upside down (Barber g at its bottom left).
    state = scenario(game, {"cards": [("cutlery", 4, -6, 0), ("barber-dress", 2, -7, 2)],
                            "stacks": {"Norman's Fine Cutlery": [0], "Dress Shop": [1]},
                            "money": [15, 15, 15]})
    norman, dress = gid_of(game, "Norman's Fine Cutlery"), gid_of(game, "Dress Shop")
    assert state.town.open_doors[norman] == 5
    assert state.town.links[norman] == {dress: 2}
    yellow = game.tables.row_names.index("yellow")
    assert state.income_for_color(yellow) == {norman: 5, dress: 2}
    bank = state.bank
    state.apply_action(card_index(game, "jeweler"))  # a yellow card
    assert state.money == [20, 17, 15]
    assert state.bank == bank - 7  # Norman's does not pay the $2: the bank does


def dead_zone_state(game):
    #   x:   2 3 4 5
    #  y=-8  H H B B
    #  y=-7  H H B B    H b2 east door touches B a2 west door (connected)
    #  y=-6  H * B B    * the Hotel's sand: walled by H, B and K: a dead zone
    #  y=-5  K K . .    H a3 south door touches K a1 north door (connected)
    #  y=-4  K K . .
    #  y=-3  D D . .
    # Three doors touch the dead square: Hotel b2 south, Barn a3 west, Bank b1 north.
    return scenario(game, {"cards": [("hotel", 2, -8, 0), ("barn-stuff", 4, -8, 0),
                                     ("bank", 2, -5, 0)],
                           "stacks": {"Grand Hotel": [0], "Farmer Smart's Barn Stuff": [1],
                                      "The Bank": [2]},
                           "money": [15, 15, 15]})


def test_dead_zone_enclosed_by_three_cards_earns_nothing(game):
    state = dead_zone_state(game)
    town = state.town
    from generator.games.copper_creek.town import cell

    assert cell(3, -6) not in town.walkable_from_intersection()
    names = ("Grand Hotel", "Farmer Smart's Barn Stuff", "The Bank", "Dry Goods Emporium")
    assert [town.open_doors[gid_of(game, n)] for n in names] == [5, 7, 2, 3]
    # without the dead zone (and the connections) the Hotel would have 8 doors open
    assert len([d for d in town.doors.values() if d == gid_of(game, "Grand Hotel")]) == 8


def test_dead_zone_connected_doors_still_push(game):
    # "Connected Doors always make money for their neighbors, no matter how inaccessible"
    state = dead_zone_state(game)
    hotel, barn, bank = (gid_of(game, n) for n in
                         ("Grand Hotel", "Farmer Smart's Barn Stuff", "The Bank"))
    green = game.tables.row_names.index("green")
    brown = game.tables.row_names.index("brown")
    assert state.income_for_color(green) == {hotel: 5, barn: 1, bank: 1}
    assert state.income_for_color(brown) == {barn: 7, hotel: 1}
    state.apply_action(card_index(game, "doctor"))  # a green card
    assert state.money == [20, 16, 16]


def test_gray_buildings_are_not_paid_by_a_gray_draw(game):
    # Drawing a gray card pays only its coloured building's colour, never gray ones.
    state = dead_zone_state(game)
    state.gray_pile = [card_index(game, "sheriff")]  # gray + yellow: nothing yellow here
    state.apply_action(card_index(game, "sheriff"))
    assert state.money == [15, 15, 15]


def test_dead_zone_three_cards_six_doors_touching_it(game):
    # The rulebook's dead zone: three cards wall in a space no customer can reach and
    # the six doors that touch it earn nothing.
    #   x:   3 4 5 6 7 8
    #  y=-10       H H       H Bathhouse, C Candle Shop (card upside down)
    #  y=-9        H H
    #  y=-8  F F F * C       F Barn Stuff (card turned right)
    #  y=-7  F F F * * A     * dead: sand of two cards, walled all round
    #  y=-6        K K s     K Blacksmith, A Bakery (card turned left)
    # Dead doors: Barn east x2 (5,-8) (5,-7); Bathhouse south (6,-9); Candle Shop
    # south and west (7,-8); Blacksmith north (7,-6).
    from generator.games.copper_creek.town import CELL_STEP, cell

    state = scenario(game, {"cards": [("barn-stuff", 3, -8, 1),
                                      ("candle-bathhouse", 6, -10, 2),
                                      ("smithy-bakery", 6, -7, 3)],
                            "stacks": {"Farmer Smart's Barn Stuff": [0]},
                            "money": [15, 15, 15]})
    town = state.town
    dead = {cell(6, -8), cell(6, -7), cell(7, -7)}
    assert dead.isdisjoint(town.reached) and not dead & town.walls
    dead_doors = [gid for d, gid in town.doors.items() if d // 4 + CELL_STEP[d % 4] in dead]
    assert len(dead_doors) == 6
    names = ("Farmer Smart's Barn Stuff", "Bathhouse", "Candle Shop", "Blacksmith", "Bakery")
    assert [town.open_doors[gid_of(game, n)] for n in names] == [8, 4, 1, 3, 3]
    state.apply_action(card_index(game, "lumber-yard"))  # brown: ten doors, two dead
    assert state.money == [23, 15, 15]


def test_split_minimum_and_rebuying_on_a_real_board(game):
    # The worked money examples played on a town, with real buys and a real draw:
    #   x: 2 3 4 5 6 7
    #  y=-5  B B          B Barn Stuff (2 points): 10 doors, two blocked by the Bank
    #  y=-4  B B            card below: 8 open
    #  y=-3  B B
    #  y=-2  K K D H s S  K the Bank, D Dry Goods; H Dance Hall (2 points): every door
    #  y=-1  K K D H s S    blocked or touching Dry Goods, none open; S Silver Dollar
    #  y=0  ===== Front Street =====
    state = scenario(game, {"cards": [("barn-stuff", 3, -5, 0), ("bank", 2, -2, 3),
                                      ("silver-dollar", 5, -2, 1)],
                            "phase": "buy", "active": 0, "money": [30, 30, 30]})
    barn, hall = gid_of(game, "Farmer Smart's Barn Stuff"), gid_of(game, "Dance Hall")
    assert (state.town.open_doors[barn], state.town.open_doors[hall]) == (8, 0)
    for seat, price in ((0, 8), (1, 10), (2, 12)):  # + 2 points per opponent share
        assert state.current_player() == seat and state.price(barn, seat) == price
        state.apply_action(barn)
    assert state.stacks[barn] == [0, 1, 2] and state.money == [22, 20, 18]
    state.apply_action(hall)  # no open doors: "its base price is one dollar"
    assert state.money[0] == 21
    state.apply_action(PASS)
    state.apply_action(PASS)
    state.apply_action(hall)  # re-buying against only your own share: still $1
    assert state.money[0] == 20 and state.stacks[hall] == [0, 0]
    assert state.price(hall, 1) == 1 + 2 * 2  # a new investor pays against both
    state.apply_action(PASS)
    state.apply_action(PASS)
    state.apply_action(PASS)  # the active player passes: the turn ends
    assert state.phase == "draw" and state.active == 1
    state.apply_action(card_index(game, "lumber-yard"))  # brown: the Barn makes $8
    assert state.money == [20 + 3, 20 + 3, 18 + 2]  # "$3 each, and player 3 makes $2"
    assert state.invariants() == []
