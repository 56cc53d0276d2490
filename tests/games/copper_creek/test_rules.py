"""Rules beyond the worked examples: setup, placement rules, buying rounds, elections,
the end and its tie-breaks, records."""

from __future__ import annotations

import json

import pytest

from generator.engine.api import CHANCE
from generator.engine.bots import RandomBot
from generator.engine.playout import play, replay
from generator.games.copper_creek.bots import GreedyBot
from generator.games.copper_creek.rules import PASS
from generator.games.copper_creek.town import Town, cell

from .conftest import card_index, gid_of, scenario


def test_setup_deals_three_gray_cards_one_per_zone_and_the_first_turn_only_buys(game):
    state = game.new_initial_state(4)
    assert state.current_player() == CHANCE and state.legal_actions() == game.tables.gray_cards
    for card in state.legal_actions()[:3]:
        state.apply_action(card)
    assert [game.tables.cards[c].gray for c, *_ in state.placed] == [True] * 3
    assert sorted(state.stones) == [0, 0, 0, 1, 1, 1]  # the three colours already out
    assert state.phase == "first" and state.legal_actions() == [0, 1, 2, 3]
    state.apply_action(2)
    assert (state.phase, state.current_player(), state.turn) == ("buy", 2, 1)
    assert state.first_player == 2  # kept for wins by turn order
    assert game.state_from_dict(state.to_dict()).first_player == 2
    assert len(state.gray_pile) == 3  # the other gray cards are on top of the draw pile


def test_every_gray_card_has_a_start_placement_in_every_zone(game):
    t = game.tables
    for card in t.gray_cards:
        for zone, square in t.start_slots:
            town = Town(t.front_row, t.main_column, t.reach, t.color_of)
            x, y, r = game.start_placement(town, card, zone, square)
            assert town.touches_street(t.cards[card].rotations[r], x, y, t.gray_gids)


def test_a_door_may_not_touch_a_same_coloured_door(game):
    #  y=-9  F .        Feed & Seed (brown) / Hardware Store (yellow) card as printed
    #  y=-8  F H        at (3, -9): the Hardware b3 south door lands on Norman's a1
    #  y=-7  . H        north door at (4, -6): yellow touching yellow, not allowed.
    #  y=-6    N N      One square higher, the alley keeps them apart: allowed.
    state = scenario(game, {"cards": [("cutlery", 4, -6, 0)], "phase": "build"})
    state.drawn = card_index(game, "feed-hardware")
    placements = state.placements(state.drawn)
    assert 4 * cell(3, -9) not in placements
    assert 4 * cell(3, -10) in placements


def test_cards_never_cover_front_or_main_street(game):
    state = scenario(game, {"cards": [("cutlery", 4, -6, 0)], "phase": "build"})
    for action in state.placements(card_index(game, "barn-stuff")):
        anchor, r = divmod(action, 4)
        rot = game.tables.cards[card_index(game, "barn-stuff")].rotations[r]
        x, y = divmod(anchor, 1024)
        assert not any(state.town.is_street(x - 512 + dx, y - 512 + dy)
                       for dx, dy, _ in rot.squares)


def test_buying_round_skips_players_who_cannot_buy_and_returns_to_the_active(game):
    state = scenario(game, {"cards": [("land-office", 0, -3, 0)], "phase": "buy",
                            "money": [15, 0, 15], "active": 0})
    office = gid_of(game, "Land Office")
    state.apply_action(office)
    assert (state.phase, state.current_player()) == ("round", 2)  # P2 has $0: passed over
    state.apply_action(PASS)
    assert (state.phase, state.current_player()) == ("buy", 0)
    state.apply_action(PASS)
    assert (state.phase, state.active, state.turn) == ("draw", 1, 10)


def test_illegal_actions_raise(game):
    state = scenario(game, {"cards": [("land-office", 0, -3, 0)], "phase": "buy",
                            "money": [2, 15, 15]})
    with pytest.raises(ValueError):
        state.apply_action(gid_of(game, "Land Office"))  # $4 with $2 in hand
    with pytest.raises(ValueError):
        state.apply_action(gid_of(game, "Theater"))  # not on the table


def test_two_elections_due_at_once_are_both_held_in_order(game):
    state = scenario(game, {"cards": [("land-office", 0, -3, 0)],
                            "stacks": {"Land Office": [1]}})
    state.stones = [3, 3, 2, 2, 1, 1]  # 1882 not yet held (artificial, to test ordering)
    state.apply_action(card_index(game, "candle-bathhouse"))  # yellow + green
    assert [year for year, _ in state.elections] == [1882, 1883]
    assert state.points == [0, 6, 0]  # the Land Office's 3 points, twice


def test_an_election_scores_the_top_chip_of_a_stack_alone(game):
    """Elections: "The 'owner' is the top chip in the stack; other shareholders score
    nothing."""
    state = scenario(game, {"cards": [("land-office", 0, -3, 0)],
                            "stacks": {"Land Office": [0, 2, 1]}})  # bottom first
    state.stones = [1] * 6  # the yellow and green stones reach column 2: 1882 is held
    state.apply_action(card_index(game, "candle-bathhouse"))
    assert [year for year, _ in state.elections] == [1882]
    assert state.points == [0, 3, 0]  # the Land Office's 3 points to the top chip only


def final_draw_state(game, points):
    state = scenario(game, {"cards": [("barn-stuff", 3, -5, 0)],
                            "stacks": {"Farmer Smart's Barn Stuff": [1]},
                            "money": [10, 10, 10], "active": 2})
    state.elections = [(1882, 9), (1883, 14)]
    state.stones = [4, 3, 4, 4, 2, 2]
    state.points = list(points)
    return state


def test_the_1884_election_ends_the_game_without_income_when_not_tied(game):
    state = final_draw_state(game, [10, 3, 0])
    state.apply_action(card_index(game, "lumber-yard"))  # brown: fourth stone in 1884
    assert state.is_terminal() and state.points == [10, 5, 0]
    assert state.money == [10, 10, 10] and state.winners() == [0]


def test_a_tie_is_broken_by_money_after_the_income(game):
    state = final_draw_state(game, [12, 10, 0])
    state.apply_action(card_index(game, "lumber-yard"))
    assert state.points == [12, 12, 0]
    assert state.money == [10, 20, 10]  # the Barn's ten open doors were paid to P2
    assert state.winners() == [1]


def test_a_tie_in_points_and_money_goes_to_the_last_drawer_then_their_left(game):
    state = final_draw_state(game, [5, 3, 5])
    state.apply_action(card_index(game, "lumber-yard"))
    assert state.points == [5, 5, 5] and state.money == [10, 20, 10]
    assert state.winners() == [1]
    state.money = [10, 10, 10]  # everyone level: P3 drew the last card
    assert state.winners() == [2]
    state.last_drawer = 1
    assert state.winners() == [1]
    state.points = [5, 4, 5]
    assert state.winners() == [2]  # P2 is out; P3 is closest on P2's left


def test_to_dict_round_trips_mid_game(game):
    state = scenario(game, {"cards": [("cutlery", 4, -6, 0), ("barber-dress", 2, -7, 2)],
                            "stacks": {"Dress Shop": [1, 0]}, "phase": "buy"})
    again = game.state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert again == state
    assert again.town.open_doors == state.town.open_doors
    assert again.legal_actions() == state.legal_actions()


def test_income_of_a_building_without_shares_stays_in_the_bank(game):
    state = scenario(game, {"cards": [("barn-stuff", 3, -5, 0)], "money": [15, 15, 15]})
    bank = state.bank
    state.apply_action(card_index(game, "lumber-yard"))  # brown: the Barn earns $10
    assert state.money == [15, 15, 15] and state.bank == bank


def test_a_card_that_fits_nowhere_is_set_aside(game):
    state = scenario(game, {"cards": [("land-office", 0, -3, 0)], "phase": "build"})
    state.drawn = card_index(game, "hotel")
    state.main_pile.remove(state.drawn)
    state.placements = lambda card: []  # as if every spot were taken or illegal
    assert state.legal_actions() == [-1]
    state.apply_action(-1)
    assert state.set_aside == [card_index(game, "hotel")] and state.phase == "buy"
    assert state.invariants() == []


def test_a_player_out_of_share_tokens_cannot_buy(game):
    # 18 tokens, one kept on the score track: the 17th share is the last one.
    state = scenario(game, {"cards": [("land-office", 0, -3, 0)], "phase": "buy",
                            "money": [200, 15, 15]})
    livery = gid_of(game, "Livery Stable")
    shares = game.tables.tokens[0] - 2
    state.stacks[livery] = [0] * shares
    state.shares_bought = state.chips[0] = shares
    assert state.legal_actions() != [PASS]
    state.apply_action(livery)
    while state.phase == "round":
        state.apply_action(PASS)
    assert state.chips[0] == game.tables.tokens[0] - 1
    assert state.invariants() == []
    assert state.legal_actions() == [PASS]  # the last token marks the score


def test_one_share_token_per_player_stays_for_the_score_track(game):
    # "Represent your score with a token on the scoring track": a seat with every token
    # but one on buildings is out of shares, in every game greedy bots play.
    assert game.tables.score_tokens == 1
    for seed in range(3):
        record = play(game, 3, [("greedy", GreedyBot)] * 3, seed=f"track/{seed}")
        final = replay(game, 3, record.actions)
        assert all(final.tokens_left(seat) >= 0 for seat in range(3))
        assert all(final.chips[seat] < game.tables.tokens[seat] for seat in range(3))


def test_the_shares_offered_follow_every_price_change(game):
    # Share prices are kept per seat until a card is built or a share bought: at every
    # step of a few games, what each seat may buy is what the prices say today.
    for seed in range(3):
        record = play(game, 4, [("random", RandomBot)] * 4, seed=f"prices/{seed}")
        state = game.new_initial_state(4)
        for action in record.actions:
            if state.phase in ("buy", "round"):
                for seat in range(4):
                    money = state.money[seat]
                    fair = [g for g in sorted(state.town.open_doors)
                            if state.price(g, seat) <= money] if state.tokens_left(seat) else []
                    assert state.affordable(seat) == fair
                    assert state.can_buy(seat) == bool(fair)
            state.apply_action(action)


@pytest.mark.parametrize(("year", "column", "stones"), [(1882, 2, 2), (1883, 3, 3),
                                                         (1884, 4, 4)])
def test_each_election_waits_for_its_last_stone(game, year, column, stones):
    """"as soon as two or more stones have reached the second column"; "at least three
    stones ... into (or beyond) the 1883 column"; "at least four calendar stones ... the
    1884 column": one stone short holds nothing, the last stone holds the election."""
    brown = game.tables.row_names.index("brown")
    others = [r for r in range(len(game.tables.row_names)) if r != brown]
    for already in (stones - 2, stones - 1):
        state = final_draw_state(game, [0, 0, 0])
        state.elections = [(y, 5) for y in (1882, 1883, 1884) if y < year]
        state.stones = [0] * len(game.tables.row_names)
        for r in others[:already]:
            state.stones[r] = column
        state.stones[brown] = column - 1
        state.apply_action(card_index(game, "lumber-yard"))  # brown reaches the column
        held = [y for y, _ in state.elections]
        assert (year in held) == (already + 1 == stones), (already, held)
