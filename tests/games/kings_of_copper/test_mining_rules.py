"""Mining refereed against the text (issue 13, items 3 and 4; ruling 12): you work a mine
at the start of your turn while one of your tokens stands on it, and not on the turn its
Title came to you. Then the Character powers and cash-outs that touch mining (rulings 16,
24) and what a peek teaches (ruling 31): each test here fails with its rule broken in
``mining.py`` (issue 24's mutation run)."""

from __future__ import annotations

import random
from pathlib import Path

from generator.deck.validate import validate_game
from generator.games.kings_of_copper import SPEC, mining, turn
from generator.games.kings_of_copper.rules import KingsOfCopperGame

S = "start"
F = "finish"
GAME = "kings-of-copper"


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


def test_working_one_mine_leaves_the_others_workable(at) -> None:  # type: ignore[no-untyped-def]
    # ruling 12: each mine whose Title you hold and a token of yours stands on, once a turn
    st = at(tokens=[["walkerville-m1", "walkerville-m2", S, S], [S] * 4])
    _owned(_owned(st, "walkerville-m1"), "walkerville-m2")
    st.apply_action(("prospect", "walkerville-m1"))
    assert ("prospect", "walkerville-m2") in st.legal_actions()


def test_exactly_the_prospecting_price_on_hand_is_enough(at) -> None:  # type: ignore[no-untyped-def]
    st = _owned(at(tokens=[["walkerville-m1", "t12", S, S], [S] * 4], money=[50, 500]),
                "walkerville-m1")
    green = st.s.mines["walkerville-m1"].green
    st.apply_action(("prospect", "walkerville-m1"))
    assert st.s.money[0] == 0 and st.s.hands[0] == [green]


def test_murray_prospects_for_25_dollars_less(at) -> None:  # type: ignore[no-untyped-def]
    # ruling 24: James A. Murray's "Deep pockets: Prospecting chips cost you $25 less"
    st = _owned(at(tokens=[["walkerville-m1", "t12", S, S], [S] * 4], money=[25, 500],
                   characters=["james-murray", None]), "walkerville-m1")
    assert mining.prospect_price(st, 0) == 25
    assert ("prospect", "walkerville-m1") in st.legal_actions()
    st.s.characters[0] = "michael-hickey"  # another card: the full $50
    assert ("prospect", "walkerville-m1") not in st.legal_actions()


def test_a_discount_at_least_the_price_makes_prospecting_free(tmp_path: Path, on_game) -> None:  # type: ignore[no-untyped-def]
    # a declared variant prices the chip at $20: Murray's $25 off leaves $0, never less
    folder = tmp_path / GAME
    folder.mkdir()
    (folder / "game.yaml").write_text(f"extends: {GAME}\nvariant: {{name: Cheap Chips, "
                                      "notes: prospecting for $20}\n", encoding="utf-8")
    (folder / "rules.yaml").write_text("prospect_price: 20\n", encoding="utf-8")
    loaded = validate_game(SPEC, tmp_path)
    assert loaded.data is not None, [p.format() for p in loaded.problems]
    st = on_game(KingsOfCopperGame(loaded.data), tokens=[["walkerville-m1", "t12", S, S],
                 [S] * 4], money=[0, 500], characters=["james-murray", None])
    st.s.bank += 500  # red has spent everything
    _owned(st, "walkerville-m1")
    assert ("prospect", "walkerville-m1") in st.legal_actions()
    st.apply_action(("prospect", "walkerville-m1"))
    assert st.s.money[0] == st.t.chips["azurite"].value  # paid $0, cashed the chip
    assert st.invariants() == []


def test_a_character_holder_cashes_a_prospected_chip_at_once(at) -> None:  # type: ignore[no-untyped-def]
    # ruling 16: "If you own a character card, immediately cash out green prospecting
    # chips as you mine them"
    st = _owned(at(tokens=[["walkerville-m1", "t12", S, S], [S] * 4],
                   characters=["michael-hickey", None]), "walkerville-m1")
    st.apply_action(("prospect", "walkerville-m1"))
    assert st.s.hands[0] == [] and st.s.cashed[0] == ["azurite"]
    assert st.s.money[0] == 500 - 50 + st.t.chips["azurite"].value


def test_a_character_holder_keeps_a_prospected_sapphire_until_home(at) -> None:  # type: ignore[no-untyped-def]
    # "Sapphires can't be cashed until the owner gets all 4 tokens into Finish"
    st = _owned(at(tokens=[["walkerville-m1", "t12", S, S], [S] * 4],
                   characters=["michael-hickey", None]), "walkerville-m1")
    m1, m2 = st.s.mines["walkerville-m1"], st.s.mines["east-hill-m2"]
    m1.green, m2.green = m2.green, m1.green  # the Sacred Sapphire under Walkerville's Alice
    st.apply_action(("prospect", "walkerville-m1"))
    assert st.s.hands[0] == ["sacred-sapphire"] and st.s.cashed[0] == []
    assert st.s.money[0] == 450 and st.invariants() == []


def test_a_deep_chip_left_on_its_mine_is_not_peeked_at_again_that_turn(at) -> None:  # type: ignore[no-untyped-def]
    # ruling 12: each mine at most once a turn, a peek without a dig included
    st = _owned(at(tokens=[["walkerville-m2", "t12", S, S], [S] * 4],
                   characters=["michael-hickey", None]), "walkerville-m2", green=False)
    st.apply_action(("peek", "walkerville-m2"))
    st.apply_action(("leave", "walkerville-m2"))
    assert st.s.stage == "start" and ("roll",) in st.legal_actions()
    assert ("peek", "walkerville-m2") not in st.legal_actions()


def test_a_chip_dug_out_is_forgotten_by_everyone_who_peeked_at_it(at) -> None:  # type: ignore[no-untyped-def]
    # ruling 31: a player knows the deep chips it peeked at "while they lie on their mines"
    st = _owned(at(tokens=[["walkerville-m2", "t12", S, S], [S] * 4],
                   characters=["michael-hickey", None]), "walkerville-m2", green=False)
    st.s.seen[1]["walkerville-m2"] = "copper-ore"  # blue peeked there on an earlier turn
    st.apply_action(("peek", "walkerville-m2"))
    assert st.s.seen[0] == {"walkerville-m2": "copper-ore"}
    st.apply_action(("dig", "walkerville-m2"))
    st.apply_action(("d10", 1))
    assert "copper-ore" in st.s.hands[0] and st.s.seen == [{}, {}]


def test_fools_gold_peeked_in_a_fresh_deal_is_forgotten_by_everyone(at) -> None:  # type: ignore[no-untyped-def]
    # In a deal of what blue cannot see (the search bot's), the chip red peeked at may be
    # Fool's Gold; blue peeking takes it free, and red's knowledge of it must go too (a
    # deal of the next position asserts that every chip peeked at still lies there).
    st = at(tokens=[[S] * 4, ["walkerville-m2", "t32", S, S]], seat=1,
            characters=[None, "michael-hickey"])
    _owned(st, "walkerville-m2", seat=1, green=False)
    st.s.seen[0]["walkerville-m2"] = "copper-ore"  # red peeked before the Title changed hands
    deal = next(d for n in range(200) if (d := st.determinize(1, random.Random(n)))
                .s.mines["walkerville-m2"].blue == "fools-gold")
    assert deal.s.seen[0] == {"walkerville-m2": "fools-gold"}
    deal.apply_action(("peek", "walkerville-m2"))
    assert "fools-gold" in deal.s.hands[1] and deal.s.seen == [{}, {}]
    deal.determinize(1, random.Random(0))


def test_daly_digs_the_first_deep_mine_of_a_district_without_risk(at) -> None:  # type: ignore[no-untyped-def]
    # ruling 24: Daly's mines cave in on one number fewer; the first caves in on 0 alone
    st = _owned(at(tokens=[["walkerville-m2", "t12", S, S], [S] * 4],
                   characters=["marcus-daly", None]), "walkerville-m2", green=False)
    st.apply_action(("peek", "walkerville-m2"))
    st.apply_action(("dig", "walkerville-m2"))
    st.apply_action(("d10", 0))
    assert "copper-ore" in st.s.hands[0] and st.s.tokens[0][0] == "walkerville-m2"
    assert st.s.mines["walkerville-m2"].owner == 0 and st.s.seat == 0


def test_a_character_holder_wins_no_second_card(at) -> None:  # type: ignore[no-untyped-def]
    # ruling 24: one card each, kept; a fourth Title in a third district wins nothing more
    st = at(tokens=[["uptown-o1", S, S, S], [S] * 4], characters=["marcus-daly", None],
            roll=(1, 6))
    st.s.mines["walkerville-m1"].owner = st.s.mines["centerville-m1"].owner = 0
    st.apply_action(("die", 1, 0, "uptown-m1"))
    st.apply_action(("buy", "uptown-m1"))
    assert st.s.pending == [] and st.s.characters == ["marcus-daly", None]
    assert not [a for a in st.legal_actions() if a[0] == "character"]
