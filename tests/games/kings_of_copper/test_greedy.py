"""The greedy bot's money decisions (issue 13, items 5 and 8): decoys at Finish, no
second peek at a chip it has seen, the ladder curse, the Heinze card when it pays."""

from __future__ import annotations

from generator.games.kings_of_copper.bots import GreedyBot

S = "start"
F = "finish"


def _bot() -> GreedyBot:
    return GreedyBot(0, "test")


def test_greedy_keeps_a_low_chip_as_a_decoy_beside_a_sapphire(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[["rung-red-4", "t22", S, S], [S] * 4],
            hands=[["copper-ore", "float-copper", "rich-lode", "sacred-sapphire"], []], roll=(1, 4))
    st.apply_action(("die", 1, 0, F))
    picks = []
    while st.s.pending and st.s.pending[0][0] == "cash":
        action = _bot().step(st)
        picks.append(action)
        st.apply_action(action)
    # the two lowest chips stay face down: a blind robbery now misses the sapphire 2 times in 3
    assert picks == [("cash", "rich-lode"), ("keep", "rest")]
    assert sorted(st.s.hands[0]) == ["copper-ore", "float-copper", "sacred-sapphire"]


def test_greedy_cashes_everything_without_a_sapphire_to_hide(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[["rung-red-4", "t22", S, S], [S] * 4],
            hands=[["copper-ore", "float-copper"], []], roll=(1, 4))
    st.apply_action(("die", 1, 0, F))
    while st.s.pending and st.s.pending[0][0] == "cash":
        st.apply_action(_bot().step(st))
    assert st.s.hands[0] == [] and st.s.money[0] == 500 + 100 + 25


def _deep_ready(at, chip: str):  # type: ignore[no-untyped-def]
    """Red stands on its own Lexington mine (green taken), holds a Character card; two
    other Walkerville mines are deep-mined already, so this dig caves in on 0-2."""
    st = at(tokens=[["walkerville-m2", "t12", S, S], [S] * 4],
            characters=["michael-hickey", None])
    st.s.mines["walkerville-m2"].owner = 0
    st.s.mines["walkerville-m2"].green = None
    st.s.mines["walkerville-m2"].blue = chip
    st.s.mines["walkerville-m1"].blue = st.s.mines["walkerville-m3"].blue = None
    return st


def test_greedy_does_not_pay_twice_to_peek_at_a_chip_it_has_seen(at) -> None:  # type: ignore[no-untyped-def]
    st = _deep_ready(at, "copper-ore")
    bot = _bot()
    assert bot.step(st) == ("peek", "walkerville-m2")
    st.apply_action(("peek", "walkerville-m2"))
    assert bot.step(st) == ("leave", "walkerville-m2")  # $100 at 30 % risk: not worth it
    st.apply_action(("leave", "walkerville-m2"))
    st.s.acted = []  # red's next turn: the chip is the same one
    assert bot.step(st) == ("roll",)


def test_greedy_peeks_again_when_the_seen_chip_pays(at) -> None:  # type: ignore[no-untyped-def]
    st = _deep_ready(at, "bonanza")
    st.s.seen[0]["walkerville-m2"] = "bonanza"  # red peeked at it on an earlier turn
    assert _bot().step(st) == ("peek", "walkerville-m2")


def test_greedy_weighs_the_ladder_curse(at) -> None:  # type: ignore[no-untyped-def]
    # backward from Walkerville through the passage under red's own ladder is a shortcut
    # to East Hill, near red's Finish; seven turns of one die cost more than it saves
    for roll in ((1, 5), (2, 5), (3, 4), (1, 3)):
        st = at(tokens=[["walkerville-o2", "t12", S, S], [S] * 4], roll=roll)
        cursed = [a for a in st.legal_actions() if a[2] == 0 and a[3].startswith("east-hill")]
        assert cursed
        assert _bot().step(st) not in cursed, roll


def test_greedy_takes_heinze_when_robbing_pays(at) -> None:  # type: ignore[no-untyped-def]
    rich = ["bonanza", "rich-lode", "silver-vein", "copper-vein"]
    st = at(3, hands=[[], rich, list(rich)])
    st.s.pending = [["character", 0]]
    assert _bot().step(st) == ("character", "augustus-heinze")


def test_greedy_takes_a_mining_card_when_its_mines_are_full(at) -> None:  # type: ignore[no-untyped-def]
    st = at(3)
    for mine in ("walkerville-m1", "centerville-m1", "uptown-m1", "east-hill-m1"):
        st.s.mines[mine].owner = 0
    st.s.pending = [["character", 0]]
    assert _bot().step(st) != ("character", "augustus-heinze")


def test_greedy_counters_a_low_offer_with_the_least_that_pays(at) -> None:  # type: ignore[no-untyped-def]
    from generator.games.kings_of_copper import appraisal
    st = at(tokens=[["t02", S, S, S], ["t32", S, S, S]])
    st.s.mines["uptown-m2"].owner = 1
    st.apply_action(("offer", "steward", 1, 50))
    keep = appraisal.title_value(st, 1, "steward")
    answer = GreedyBot(1, "test").step(st)
    asks = [p for p in st.t.rules.trade.prices if p >= keep]
    assert 50 < keep and answer == ("counter", "steward", asks[0])


def test_greedy_buys_the_title_that_wins_its_character_card(at) -> None:  # type: ignore[no-untyped-def]
    st = at(tokens=[["t02", S, S, S], ["t32", S, S, S]])
    st.s.mines["walkerville-m1"].owner = st.s.mines["centerville-m1"].owner = 0
    st.s.mines["uptown-m2"].owner = 1
    action = _bot().step(st)
    assert action[0] == "offer" and action[1] == "steward"
    st.apply_action(action)
    assert GreedyBot(1, "test").step(st) == ("accept", "steward")


def test_twin_moves_are_worth_the_same_to_the_look_ahead(game) -> None:  # type: ignore[no-untyped-def]
    """The greedy bot tries one of each set of twin moves (two tokens side by side, alike
    in this turn's record): trying each gives the very same worth."""
    import random

    from generator.games.kings_of_copper import bots

    rng = random.Random(7)
    st = game.new_initial_state(4)
    sets = 0
    while not st.is_terminal() and sets < 60:
        legal = st.legal_actions()
        if st.s.stage == "move" and not st.s.pending:
            twins: dict[object, list[float]] = {}
            for action in legal:
                twins.setdefault(bots._twin(st, action), []).append(bots._after(st, action))
            for worths in twins.values():
                assert len(set(worths)) == 1, worths
                sets += len(worths) > 1
        st.apply_action(rng.choice(legal))
    assert sets >= 60
