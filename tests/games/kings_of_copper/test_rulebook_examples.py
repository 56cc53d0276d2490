"""The rulebook's worked examples (games.md, kings-of-copper) as tests of the reference
game, each set up from a small scenario. Board facts used (board.yaml): red's First
Square is t00, blue's t10, green's t20; every side runs
  i: 0 First · 1 event · 2 track · 3 entrance · 4 track · 5 tunnel · 6 track · 7 event
     · 8 tunnel exit · 9 Square of Safety (of the next colour)
so t22, t24, t26 are plain track, t29 is yellow's Square of Safety, t25 a tunnel."""

from __future__ import annotations

import pytest

from generator.engine.api import CHANCE
from generator.games.kings_of_copper import mining, moves

S = "start"
F = "finish"


def moves_of(st, token):  # type: ignore[no-untyped-def]
    return [a for a in st.legal_actions() if a[2] == token]


def test_roll_moves_one_token_the_total_or_two_tokens_one_die_each(at) -> None:  # type: ignore[no-untyped-def]
    # red: token 1 on t22, token 2 on t32; roll 2 + 4
    st = at(tokens=[["t22", "t32", S, S], [S] * 4], roll=(2, 4))
    assert moves_of(st, 0) == [("die", 2, 0, "t24"), ("die", 4, 0, "t26"),
                               ("total", 6, 0, "t28")]
    assert moves_of(st, 1) == [("die", 2, 1, "t34"), ("die", 4, 1, "t36"),
                               ("total", 6, 1, "t38")]
    st.apply_action(("die", 2, 0, "t24"))
    # the other die must move the other token
    assert st.legal_actions() == [("die", 4, 1, "t36")]


def test_total_lands_only_on_the_total(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[["t22", S, S, S], [S] * 4], roll=(2, 4))
    st.apply_action(("total", 6, 0, "t28"))
    assert st.s.tokens[0][0] == "t28" and st.s.dice == []


def test_doubles_roll_again(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[["t22", "t32", S, S], [S] * 4], roll=(3, 3))
    st.apply_action(("total", 6, 0, "t28"))
    assert (st.current_player(), st.s.stage, st.s.seat, st.s.rerolls) == (CHANCE, "roll", 0, 1)
    assert len(st.legal_actions()) == 21  # two dice again


def test_doubles_reroll_limit_ends_the_turn(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[["t22", S, S, S], [S] * 4], rerolls=2, roll=(1, 1))
    st.apply_action(("total", 2, 0, "t24"))
    assert st.s.seat == 1 and st.s.stage == "start"


def test_a_pair_blocks_a_space_but_not_a_square_of_safety(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[["t22", "t25", S, S], ["t26", "t26", "t29", "t29"]], roll=(4, 5))
    assert ("die", 4, 0, "t26") not in st.legal_actions()  # blue pair on t26
    assert ("die", 4, 1, "t29") in st.legal_actions()  # yellow's Square of Safety
    with pytest.raises(ValueError):  # played anyway, the move is refused
        st.clone().apply_action(("die", 4, 0, "t26"))
    safe = st.clone()
    safe.apply_action(("die", 4, 1, "t29"))
    assert safe.s.tokens == [["t22", "t29", S, S], ["t26", "t26", "t29", "t29"]]


def test_a_die_that_cannot_be_moved_is_forfeit(at) -> None:  # type: ignore[no-untyped-def]
    # red's only token on the board is on its ladder, 3 steps from Finish: a 5 is forfeit
    st = at(tokens=[["rung-red-2", F, F, F], [S] * 4], roll=(2, 5))
    assert st.legal_actions() == [("die", 2, 0, "rung-red-4")]
    st.apply_action(("die", 2, 0, "rung-red-4"))
    assert st.s.seat == 1  # the 5 was forfeit and the turn passed


def test_exact_roll_to_finish_unless_doubles(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[["rung-red-2", S, S, S], [S] * 4], roll=(1, 5))
    assert [a for a in st.legal_actions() if a[3] == F] == []
    st = at(tokens=[["rung-red-2", S, S, S], [S] * 4], roll=(4, 4))
    assert [a for a in st.legal_actions() if a[3] == F] == [("die", 4, 0, F), ("total", 8, 0, F)]


def test_bump_sends_a_single_token_to_start_and_robs_one_chip(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[["t22", S, S, S], ["t24", S, S, S]],
                         hands=[[], ["copper-vein", "fools-gold"]], roll=(2, 6))
    st.apply_action(("die", 2, 0, "t24"))
    assert st.s.tokens[1][0] == S
    assert st.current_player() == CHANCE
    assert st.chance_outcomes() == [(("rob", "copper-vein"), 0.5), (("rob", "fools-gold"), 0.5)]
    st.apply_action(("rob", "fools-gold"))
    assert st.s.hands == [["fools-gold"], ["copper-vein"]]


def test_no_bump_on_a_square_of_safety(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[["t25", S, S, S], ["t29", S, S, S]], roll=(4, 6))
    st.apply_action(("die", 4, 0, "t29"))
    assert st.s.tokens[1][0] == "t29" and st.s.pending == []


def test_cave_in_table(at) -> None:  # type: ignore[no-untyped-def]
    st = at()
    mines = ["walkerville-m1", "walkerville-m3", "walkerville-m4"]
    st.s.mines["east-hill-m1"].blue = None  # another district's deep mine counts not
    rows = [mining.cave_numbers(st, 0, "walkerville-m2")]
    for mine in mines:
        st.s.mines[mine].blue = None  # one more deep mine worked in the district
        rows.append(mining.cave_numbers(st, 0, "walkerville-m2"))
    assert rows == [[0], [0, 1], [0, 1, 2], [0, 1, 2, 3]]
    st.s.characters[0] = "marcus-daly"  # caves in on one number fewer
    assert mining.cave_numbers(st, 0, "walkerville-m2") == [0, 1, 2]


def _deep_mine_ready(at):  # type: ignore[no-untyped-def]
    st = at(tokens=[["walkerville-m2", "t12", S, S], [S] * 4],
            characters=["michael-hickey", None])
    mine = st.s.mines["walkerville-m2"]
    st.s.hands[0].append(mine.green)
    mine.green, mine.owner = None, 0
    return st, mine


def test_deep_mining_costs_100_and_a_zero_caves_in_the_first_mine(at) -> None:  # type: ignore[no-untyped-def]
    st, mine = _deep_mine_ready(at)
    assert ("peek", "walkerville-m2") in st.legal_actions()
    st.apply_action(("peek", "walkerville-m2"))
    st.apply_action(("dig", "walkerville-m2"))
    assert st.s.money[0] == 400
    assert st.chance_outcomes() == [(("d10", n), 0.1) for n in range(10)]
    st.apply_action(("d10", 0))
    # cave-in: red's token in Walkerville is bumped to Start, the title goes back on the
    # mine with its Mining chip, and red's turn ends
    assert st.s.tokens[0][:2] == [S, "t12"]
    assert mine.owner is None and mine.blue is not None
    assert st.s.seat == 1 and st.invariants() == []


def test_deep_mining_needs_the_two_fees_on_hand_and_clark_peeks_free(at) -> None:  # type: ignore[no-untyped-def]
    """"Needed: $100 total": the $50 peek and the $50 dig. Clark's free peek leaves $50
    needed (ruling 13): he deep-mines with $50 on hand, anyone else needs $100."""
    st, _ = _deep_mine_ready(at)
    st.s.money[0] = 99
    assert ("peek", "walkerville-m2") not in st.legal_actions()
    st.s.money[0] = 100
    assert ("peek", "walkerville-m2") in st.legal_actions()
    st.s.characters[0], st.s.money[0] = "william-clark", 50
    assert ("peek", "walkerville-m2") in st.legal_actions()
    st.apply_action(("peek", "walkerville-m2"))
    assert st.s.money[0] == 50 and ("dig", "walkerville-m2") in st.legal_actions()


def test_deep_mining_without_cave_in_takes_the_chip(at) -> None:  # type: ignore[no-untyped-def]
    st, mine = _deep_mine_ready(at)
    chip = mine.blue
    st.apply_action(("peek", "walkerville-m2"))
    st.apply_action(("dig", "walkerville-m2"))
    st.apply_action(("d10", 1))
    assert chip in st.s.hands[0] and mine.blue is None and mine.owner == 0
    assert st.s.seat == 0 and st.invariants() == []


def test_fools_gold_is_free(at) -> None:  # type: ignore[no-untyped-def]
    st, mine = _deep_mine_ready(at)
    mine.blue = "fools-gold"
    st.s.mines["walkerville-m1"].blue = "copper-vein"  # keep the chips conserved
    st.apply_action(("peek", "walkerville-m2"))
    assert st.s.money[0] == 500 and "fools-gold" in st.s.hands[0] and st.s.pending == []


def test_title_on_landing_then_prospecting_next_turn(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[["walkerville-o1", S, S, S], [S] * 4], roll=(1, 6))
    st.apply_action(("die", 1, 0, "walkerville-m1"))
    st.apply_action(("buy", "walkerville-m1"))
    assert st.s.money[0] == 450 and st.s.mines["walkerville-m1"].owner == 0
    assert st.s.seat == 1  # the 6 could not move another token: red's turn is over
    st.s.seat, st.s.stage = 0, "start"  # red's next turn
    green = st.s.mines["walkerville-m1"].green
    st.apply_action(("prospect", "walkerville-m1"))
    assert st.s.money[0] == 400 and st.s.hands[0] == [green]


def test_three_titles_in_two_districts_win_no_character_card(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[["uptown-o1", S, S, S], [S] * 4], roll=(1, 6))
    st.s.mines["uptown-m2"].owner = st.s.mines["centerville-m1"].owner = 0
    st.apply_action(("die", 1, 0, "uptown-m1"))
    st.apply_action(("buy", "uptown-m1"))
    assert len(st.titles(0)) == 3 and st.s.characters[0] is None
    assert not any(a[0] == "character" for a in st.legal_actions())


def test_three_titles_in_three_districts_win_a_character_card(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[["uptown-o1", S, S, S], [S] * 4],
                         hands=[["malachite"], []], roll=(1, 6))
    st.s.mines["walkerville-m1"].owner = st.s.mines["centerville-m1"].owner = 0
    st.apply_action(("die", 1, 0, "uptown-m1"))
    st.apply_action(("buy", "uptown-m1"))
    assert st.legal_actions()[0] == ("character", "augustus-heinze")
    st.apply_action(("character", "marcus-daly"))
    # winning the card cashes the green chips held: malachite $75
    assert st.s.characters[0] == "marcus-daly" and st.s.money[0] == 450 + 75


def test_tunnel_roll_succeeds_on_3_or_7_or_a_die_showing_3(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[["t02", S, S, S], [S] * 4], roll=(3, 6))
    st.apply_action(("die", 3, 0, "t05"))
    # the 6 is forfeit (no other token on the board), the turn ends, the tunnel roll follows
    assert st.s.pending == [["tunnel-roll", 0, 0]]
    wins = []
    for action, p in st.chance_outcomes():
        trial = st.clone()
        trial.apply_action(action)
        if trial.s.pending and trial.s.pending[0][0] == "tunnel-exit":
            wins.append((action[1:], p))
    assert [w for w, _ in wins] == [(1, 2), (1, 3), (1, 6), (2, 3), (2, 5), (3, 3), (3, 4),
                                    (3, 5), (3, 6)]
    assert round(sum(p for _, p in wins) * 36) == 17


def test_passing_under_your_own_ladder_curses_seven_turns_of_one_die(at) -> None:  # type: ignore[no-untyped-def]
    # the passage East Hill m4 -> Walkerville m1 runs under red's ladder
    st = at(tokens=[["east-hill-m4", S, S, S], [S] * 4], roll=(1, 6))
    st.apply_action(("die", 1, 0, "walkerville-m1"))
    assert st.s.curse[0] == 7
    st = at(curse=[3, 0], one_die=True, stage="roll")
    assert [a for a, _ in st.chance_outcomes()] == [("roll", n) for n in range(1, 7)]


def test_a_passage_closes_when_a_mine_beside_it_is_empty(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[["east-hill-m4", S, S, S], [S] * 4], roll=(1, 6))
    st.s.mines["walkerville-m1"].green = st.s.mines["walkerville-m1"].blue = None
    assert ("die", 1, 0, "walkerville-m1") not in st.legal_actions()


def test_snake_eyes_takes_the_anaconda_sapphire(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[["t22", S, S, S], ["t32", S, S, S]], stage="roll")
    st.apply_action(("roll", 1, 1))
    assert st.s.anaconda == 0
    st.s.seat, st.s.stage = 1, "roll"
    st.apply_action(("roll", 1, 1))
    assert st.s.anaconda == 1


def test_first_home_earns_1000_and_the_great_blue_starts_the_final_round(at) -> None:  # type: ignore[no-untyped-def]
    st = at(3, tokens=[["t22", S, S, S], ["rung-blue-4", F, F, F],
                                          [S] * 4], seat=1, hands=[[], ["great-blue-sapphire"], []], roll=(1, 2))
    st.apply_action(("die", 1, 0, F))
    assert st.s.money[1] == 500 + 1000 + 2000
    assert st.s.final_seat == 1 and st.s.seat == 2
    _play_out_turn(st)
    assert st.s.seat == 0 and not st.is_terminal()
    _play_out_turn(st)
    assert st.is_terminal() and st.s.seat == 0  # blue does not play again


def test_the_game_ends_when_everyone_is_home(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[[F] * 4, ["rung-blue-4", F, F, F]], seat=1,
                         home_bonus_paid=True, roll=(1, 2))
    st.apply_action(("die", 1, 0, F))
    assert st.is_terminal() and st.returns() == [500.0, 500.0] and st.winners() == [0, 1]


def test_sapphires_wait_until_every_token_is_home(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[["t22", F, F, F], [S] * 4],
                  hands=[["sacred-sapphire", "copper-ore"], []])
    moves.settle_sapphires(st, 0)
    assert st.s.hands[0] == ["sacred-sapphire", "copper-ore"] and st.s.money[0] == 500


def _play_out_turn(st) -> None:  # type: ignore[no-untyped-def]
    seat = st.s.seat
    while st.s.seat == seat and not st.is_terminal():
        st.apply_action(st.legal_actions()[0])


def test_first_turn_enters_two_tokens_later_turns_one(at) -> None:  # type: ignore[no-untyped-def]
    st = at()  # red's first turn has begun
    assert st.s.tokens[0] == ["t00", "t00", S, S]
    st = at(tokens=[["t22", S, S, S], [S] * 4], entered=[True, True], roll=(1, 2))
    st.apply_action(("total", 3, 0, "t25"))
    _play_out_turn(st)  # the tunnel roll, if any, then blue's turn begins
    assert st.s.tokens[1].count("t10") == 1


def test_districts_are_entered_from_their_head_frame_and_walked_both_ways(at) -> None:  # type: ignore[no-untyped-def]
    # t03 is Walkerville's entrance: o1 m1 o2 m2 o3 m3 o4 m4 o5, then back to t06
    st = at(tokens=[["t03", "t02", "walkerville-o3", S], [S] * 4], roll=(1, 2))
    assert moves_of(st, 0) == [("die", 1, 0, "t04"), ("die", 1, 0, "walkerville-o1"),
                               ("die", 2, 0, "t05"), ("die", 2, 0, "walkerville-m1"),
                               ("total", 3, 0, "t06"), ("total", 3, 0, "walkerville-o2")]
    # passing an entrance does not enter the district
    assert [a[3] for a in moves_of(st, 1)] == ["t03", "t04", "t05"]
    assert [a[3] for a in moves_of(st, 2)] == ["walkerville-m2", "walkerville-m3",
                                               "walkerville-o2", "walkerville-o4",
                                               "walkerville-m1", "walkerville-m4"]


def test_your_own_tokens_may_share_a_space(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[["t22", "t26", "t26", S], [S] * 4], roll=(4, 5))
    assert ("die", 4, 0, "t26") in st.legal_actions()


def test_finish_cashes_the_chips_you_choose_but_not_sapphires_or_fools_gold(at) -> None:  # type: ignore[no-untyped-def]
    # "Each time you reach Finish, cash in any mining chips that you want to. (Tip: keep
    # Fools Gold and low value chips uncashed for decoys)": chip by chip, then keep the rest
    st = at(tokens=[["rung-red-4", "t22", S, S], [S] * 4],
            hands=[["copper-ore", "fools-gold", "malachite", "sacred-sapphire"], []], roll=(1, 4))
    st.apply_action(("die", 1, 0, F))
    assert st.legal_actions() == [("cash", "copper-ore"), ("cash", "malachite"),
                                  ("keep", "rest")]
    st.apply_action(("cash", "copper-ore"))
    assert st.legal_actions() == [("cash", "malachite"), ("keep", "rest")]
    st.apply_action(("keep", "rest"))
    assert st.s.money[0] == 500 + 100
    assert st.s.hands[0] == ["fools-gold", "malachite", "sacred-sapphire"]


def test_payments_stop_at_zero(at) -> None:  # type: ignore[no-untyped-def]
    st = at(events=["union-dues"])
    st.s.money[0], st.s.bank = 20, st.s.bank + 480  # red has spent all but $20
    moves.draw_event(st, 0, 0)
    assert st.s.money[0] == 0 and st.invariants() == []


def test_a_player_with_every_token_home_does_not_roll(at) -> None:  # type: ignore[no-untyped-def]
    st = at(players=3, tokens=[[F] * 4, [S] * 4, [S] * 4], home_bonus_paid=True)
    st.apply_action(("roll",))
    assert st.s.seat == 1 and st.s.stage == "start"
