"""Trading (issue 13, item 6; ruling 23): "trade, barter and sell" Titles. Before rolling a
player may make one offer: a price for an opponent's Title, or a swap of Titles with money
either way. The other player accepts, refuses or counters once; the offerer then accepts
or refuses the counter. The mine and its unmined chips go with the Title."""

from __future__ import annotations

from generator.engine.playout import play
from generator.games.kings_of_copper.bots import GreedyBot

S = "start"


def _owners(st, **mines: int):  # type: ignore[no-untyped-def]
    for mine, seat in mines.items():
        st.s.mines[mine.replace("_", "-")].owner = seat
    return st


def test_an_offer_names_a_price_from_the_table(at) -> None:  # type: ignore[no-untyped-def]
    st = _owners(at(), uptown_m2=1)
    prices = game_prices(st)
    offers = [a for a in st.legal_actions() if a[0] == "offer"]
    assert offers == [("offer", "steward", 1, p) for p in prices if p <= st.s.money[0]]


def game_prices(st) -> list[int]:  # type: ignore[no-untyped-def]
    return list(st.t.rules.trade.prices)


def test_the_seller_may_accept_refuse_or_counter_once(at) -> None:  # type: ignore[no-untyped-def]
    st = _owners(at(), uptown_m2=1)
    st.apply_action(("offer", "steward", 1, 100))
    assert st.current_player() == 1
    assert st.legal_actions() == [("accept", "steward"), ("counter", "steward", 150),
                                  ("counter", "steward", 200), ("counter", "steward", 300),
                                  ("refuse", "steward")]
    st.apply_action(("counter", "steward", 200))
    assert st.current_player() == 0  # the offerer answers the counter: no counter again
    assert st.legal_actions() == [("accept", "steward"), ("refuse", "steward")]
    st.apply_action(("accept", "steward"))
    assert st.s.mines["uptown-m2"].owner == 0 and st.s.money == [300, 700]
    assert not [a for a in st.legal_actions() if a[0] in ("offer", "swap")]  # one a turn


def test_a_refused_offer_moves_nothing(at) -> None:  # type: ignore[no-untyped-def]
    st = _owners(at(), uptown_m2=1)
    st.apply_action(("offer", "steward", 1, 50))
    st.apply_action(("refuse", "steward"))
    assert st.s.mines["uptown-m2"].owner == 1 and st.s.money == [500, 500]


def test_titles_swap_with_money_either_way(at) -> None:  # type: ignore[no-untyped-def]
    st = _owners(at(), walkerville_m1=0, uptown_m2=1)
    swaps = [a for a in st.legal_actions() if a[0] == "swap"]
    money = sorted({a[4] for a in swaps})
    assert money[0] < 0 < money[-1] and 0 in money
    st.apply_action(("swap", "alice", "steward", 1, -50))  # blue adds $50
    st.apply_action(("accept", "steward"))
    assert st.s.mines["walkerville-m1"].owner == 1 and st.s.mines["uptown-m2"].owner == 0
    assert st.s.money == [550, 450]


def test_a_swap_counter_asks_more_money(at) -> None:  # type: ignore[no-untyped-def]
    st = _owners(at(), walkerville_m1=0, uptown_m2=1)
    st.apply_action(("swap", "alice", "steward", 1, 0))
    counters = [a for a in st.legal_actions() if a[0] == "counter"]
    assert counters and all(a[2] > 0 for a in counters)  # only asks red for more
    st.apply_action(counters[0])
    st.apply_action(("accept", "steward"))
    assert st.s.money == [500 - counters[0][2], 500 + counters[0][2]]


def test_nobody_pays_money_they_do_not_have(at) -> None:  # type: ignore[no-untyped-def]
    st = _owners(at(), walkerville_m1=0, uptown_m2=1)
    st.s.money, st.s.bank = [120, 20], st.s.bank + 860
    offers = [a for a in st.legal_actions() if a[0] in ("offer", "swap")]
    assert all(a[3] <= 120 for a in offers if a[0] == "offer")
    assert all(-20 <= a[4] <= 120 for a in offers if a[0] == "swap")


def test_event_tickets_are_not_a_component(at) -> None:  # type: ignore[no-untyped-def]
    # ruling 23: an Event card is read and put under the pile at once, so no card stays in
    # a hand to trade; offers are Titles and money only
    st = _owners(at(tokens=[["t00", "t22", S, S], [S] * 4]), uptown_m2=1)
    pile = list(st.s.events)
    st.apply_action(("roll",))
    st.apply_action(("roll", 1, 6))
    st.apply_action(("die", 1, 0, "t01"))  # an event square
    assert sorted(st.s.events) == sorted(pile) and st.s.events[-1] == pile[0]
    kinds = {a[0] for a in _owners(at(), uptown_m2=1).legal_actions()}
    assert kinds == {"offer", "roll"}


def test_greedy_players_strike_deals(game) -> None:  # type: ignore[no-untyped-def]
    # the old fixed $150 offer: 2.4 sales against 82 refusals per 4-player greedy game
    deals = refusals = 0
    for seed in range(4):
        record = play(game, 4, [("greedy", GreedyBot)] * 4, f"market/{seed}", check="end")
        assert record.completed
        deals += sum(1 for a in record.actions if a[0] == "accept")
        refusals += sum(1 for a in record.actions if a[0] == "refuse")
    assert deals >= 8 and deals >= refusals, (deals, refusals)
