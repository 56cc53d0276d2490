"""Mining refereed against the text (issue 13, items 3 and 4; ruling 12): you work a mine
at the start of your turn while one of your tokens stands on it, and not on the turn its
Title came to you."""

from __future__ import annotations

from generator.games.kings_of_copper import turn

S = "start"
F = "finish"


def _owned(st, mine: str, seat: int = 0, green: bool = True):  # type: ignore[no-untyped-def]
    st.s.mines[mine].owner = seat
    if not green:
        chip = st.s.mines[mine].green
        st.s.mines[mine].green = None
        st.s.hands[seat].append(chip)
    return st


def test_prospecting_needs_a_token_on_the_mine(at) -> None:  # type: ignore[no-untyped-def]
    # "land on a mine … pay $50 for its Title … Then at the start of your next turn, pay
    # another $50 for the green Prospecting chip beneath"
    st = _owned(at(tokens=[["walkerville-o3", "t12", S, S], [S] * 4]), "walkerville-m1")
    assert ("prospect", "walkerville-m1") not in st.legal_actions()
    st = _owned(at(tokens=[["walkerville-m1", "t12", S, S], [S] * 4]), "walkerville-m1")
    assert ("prospect", "walkerville-m1") in st.legal_actions()


def test_deep_mining_needs_a_token_on_the_mine(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[["walkerville-o3", "t12", S, S], [S] * 4], characters=["marcus-daly", None])
    _owned(st, "walkerville-m2", green=False)
    assert ("peek", "walkerville-m2") not in st.legal_actions()
    st.s.tokens[0][0] = "walkerville-m2"
    assert ("peek", "walkerville-m2") in st.legal_actions()


def test_a_player_with_every_token_home_mines_nothing(at) -> None:  # type: ignore[no-untyped-def]
    # the Great Blue cannot be dug from home and cashed at once: it must be carried in
    st = at(tokens=[[F] * 4, ["t32", S, S, S]], characters=["marcus-daly", None],
            home_bonus_paid=True)
    _owned(st, "walkerville-m2", green=False)
    _owned(st, "walkerville-m3")
    assert [a for a in st.legal_actions() if a[0] in ("prospect", "peek")] == []


def test_a_cave_in_always_finds_the_diggers_token(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[["walkerville-m2", "t12", S, S], [S] * 4],
            characters=["michael-hickey", None])
    _owned(st, "walkerville-m2", green=False)
    st.apply_action(("peek", "walkerville-m2"))
    if st.s.pending:  # not Fool's Gold
        st.apply_action(("dig", "walkerville-m2"))
        st.apply_action(("d10", 0))
        assert st.s.tokens[0][0] == S and st.s.mines["walkerville-m2"].owner is None


def test_a_title_bought_by_trade_is_not_mined_the_same_turn(at) -> None:  # type: ignore[no-untyped-def]
    # a red token was left on the Steward mine before blue bought its Title
    st = at(tokens=[["uptown-m2", "t12", S, S], ["t32", S, S, S]])
    st.s.mines["uptown-m2"].owner = 1
    offer = next(a for a in st.legal_actions() if a[0] == "offer" and a[1] == "steward")
    st.apply_action(offer)
    st.apply_action(next(a for a in st.legal_actions() if a[0] == "accept"))
    assert st.s.mines["uptown-m2"].owner == 0
    assert ("prospect", "uptown-m2") not in st.legal_actions()


def test_each_mine_is_worked_once_a_turn(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[["walkerville-m1", "t12", S, S], [S] * 4], characters=["marcus-daly", None])
    _owned(st, "walkerville-m1")
    st.apply_action(("prospect", "walkerville-m1"))
    assert ("peek", "walkerville-m1") not in turn.start_actions(st)
