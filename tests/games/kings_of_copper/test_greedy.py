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
