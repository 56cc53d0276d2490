"""Turn rules refereed move by move (issue 13, items 1, 2 and 4): what a doubles re-roll,
the ladder overshoot, the head frame and the ladder curse allow. Board facts as in
test_rulebook_examples.py: rung-red-3 is two steps from red's Finish, t03 is
Walkerville's entrance (head frame), east-hill-m4 -> walkerville-m1 passes under red's
ladder."""

from __future__ import annotations

from generator.engine.api import CHANCE
from generator.games.kings_of_copper import turn

S = "start"
F = "finish"


def test_a_player_whose_last_token_goes_home_on_doubles_does_not_roll_again(at) -> None:  # type: ignore[no-untyped-def]
    # ruling 20: with every token home there is nothing to roll for, not even snake-eyes
    st = at(tokens=[["rung-red-3", F, F, F], ["t32", S, S, S]], roll=(2, 2))
    st.apply_action(("die", 2, 0, F))
    assert st.s.seat == 1 and st.s.stage == "start"
    assert st.s.rerolls == 0  # blue's turn, nobody re-rolled for red


def test_snake_eyes_cannot_come_from_a_player_already_home(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[["rung-red-3", F, F, F], ["t32", S, S, S]], anaconda=1, roll=(1, 1))
    st.apply_action(("total", 2, 0, F))
    assert st.s.anaconda == 1 and st.s.seat == 1


def test_only_one_token_overshoots_into_finish_on_a_double(at) -> None:  # type: ignore[no-untyped-def]
    # Ladders & Finish: "in which case move one token on the ladder in"
    st = at(tokens=[["rung-red-3", "rung-red-3", "t22", S], [S] * 4], roll=(4, 4))
    st.apply_action(("die", 4, 0, F))
    assert ("die", 4, 1, F) not in st.legal_actions()
    assert ("die", 4, 2, "t26") in st.legal_actions()


def test_an_exact_roll_home_does_not_use_up_the_overshoot(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[["rung-red-3", "rung-red-2", "t22", S], [S] * 4], roll=(2, 2))
    st.apply_action(("die", 2, 0, F))  # exact
    assert ("die", 2, 1, "rung-red-4") in st.legal_actions()
    st = at(tokens=[["rung-red-4", "rung-red-3", "t22", S], [S] * 4], roll=(2, 2))
    st.apply_action(("die", 2, 0, F))  # one step needed: the overshoot
    assert ("die", 2, 1, F) in st.legal_actions()  # exact for token 2: still allowed


def test_a_token_enters_a_district_only_on_the_turn_after_it_lands_on_the_head_frame(at) -> None:  # type: ignore[no-untyped-def]
    # Mining: "To enter a mining district, land on its entrance … On your next turn move
    # into the district": a doubles re-roll is the same turn
    st = at(tokens=[["t02", "t22", S, S], [S] * 4], roll=(1, 1))
    st.apply_action(("die", 1, 0, "t03"))
    st.apply_action(("die", 1, 1, "t23"))
    assert st.current_player() == CHANCE and st.s.stage == "roll"
    st.apply_action(("roll", 1, 2))
    into = [a for a in st.legal_actions() if a[2] == 0 and "walkerville" in a[3]]
    assert into == []
    assert ("die", 1, 0, "t04") in st.legal_actions()


def test_a_token_that_began_the_turn_on_the_head_frame_may_enter(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[["t03", "t22", S, S], [S] * 4], roll=(1, 2))
    assert ("die", 1, 0, "walkerville-o1") in st.legal_actions()


def test_cursed_again_during_a_one_die_turn_means_seven_more_turns(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[["east-hill-m4", F, F, F], ["t32", S, S, S]], curse=[3, 0], one_die=True,
            roll=(1,))
    st.s.mines["walkerville-m1"].owner = 0  # red's own mine: no title to buy
    st.apply_action(("die", 1, 0, "walkerville-m1"))
    assert st.s.seat == 1
    one_die = []
    for _ in range(8):  # red's next eight turns
        turn.begin_turn(st, 0)
        one_die.append(st.s.one_die)
    assert one_die == [True] * 7 + [False]


def test_cursed_during_a_two_dice_turn_means_the_next_seven_turns(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[["east-hill-m4", F, F, F], ["t32", S, S, S]], roll=(1, 6))
    st.s.mines["walkerville-m1"].owner = 0
    st.apply_action(("die", 1, 0, "walkerville-m1"))
    one_die = []
    for _ in range(8):
        turn.begin_turn(st, 0)
        one_die.append(st.s.one_die)
    assert one_die == [True] * 7 + [False]


def test_an_invariant_catches_a_home_player_about_to_roll(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[[F] * 4, ["t32", S, S, S]], stage="roll", home_bonus_paid=True)
    assert st.invariants() == ["P1 has every token home but is about to roll"]


def test_a_robbery_of_an_empty_hand_lapses(at) -> None:  # type: ignore[no-untyped-def]
    # ruling 11: red's two tunnel exits bump blue twice before the first robbery is done;
    # it takes blue's one chip, so the second has nothing to take (it was a chance node
    # with no outcome: issue 21's crash)
    from generator.games.kings_of_copper import moves
    st = at(tokens=[["t12", "t14", S, S], ["t32", "t34", S, S]], hands=[[], ["copper-vein"]])
    st.s.pending = []
    moves.land(st, 0, 0, "t32")
    moves.land(st, 0, 1, "t34")
    assert [task[0] for task in st.s.pending] == ["rob", "rob"]
    assert st.current_player() == CHANCE and st.legal_actions() == [("rob", "copper-vein")]
    st.apply_action(("rob", "copper-vein"))
    assert st.s.hands == [["copper-vein"], []]
    assert all(task[0] != "rob" for task in st.s.pending)
    assert st.legal_actions()  # play goes on
