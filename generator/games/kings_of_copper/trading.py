"""Trading Titles (rulebook: "players can trade, barter and sell them to each other for
mining rights and Character Cards"; "Trade or barter your Titles … and money"). The
terms are designed (ruling 23): before rolling, one offer a turn — a price for an
opponent's Title, or a swap of Titles with money either way; the other player accepts,
refuses or counters once, and the offerer accepts or refuses the counter.

A deal is a plain list ``[buyer, seller, give, get, money]``: the buyer (who offered)
hands over Title ``give`` (or "" for a plain purchase) and ``money`` dollars (negative:
the seller pays) and receives Title ``get``.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Any

from generator.engine.api import Action
from generator.games.kings_of_copper.mining import check_character
from generator.games.kings_of_copper.state import KingsState

Deal = list[Any]  # [buyer, seller, give, get, money]


def offer_actions(st: KingsState) -> list[Action]:
    """Every offer the player about to roll may make this turn, sorted."""
    offers, swaps = offers_and_swaps(st)
    return offers + swaps


def offers_and_swaps(st: KingsState) -> tuple[list[Action], list[Action]]:
    """``offer_actions`` in its two kinds, each already in order (by the Titles in id
    order, then the amounts): asked at the start of every turn, so each Title's offers
    are made once a game and the affordable run of amounts cut from them."""
    s, seat, t = st.s, st.s.seat, st.t
    if s.offers >= t.rules.trade.offers_per_turn:
        return [], []
    mines, deals = s.mines, t.deals
    theirs: list[tuple[str, int]] = []  # (Title, its owner) of the others' Titles
    mine_titles: list[str] = []
    for title, mine in t.titles_in_order:  # one pass: every turn asks
        owner = mines[mine].owner
        if owner is None:
            continue
        if owner == seat:
            mine_titles.append(title)
        else:
            theirs.append((title, owner))
    money = s.money[seat]
    priced = bisect_right(t.prices_in_order, money)  # prices ascending: those you can pay
    offers: list[Action] = []
    for get, seller in theirs:
        offers += (deals.get((get, seller)) or _all_offers(st, get, seller))[:priced]
    swaps: list[Action] = []
    if mine_titles:
        # money ascending: from what the seller can pay you to what you can pay the seller
        paid = bisect_right(t.swap_money, money)
        cuts = [(get, seller, bisect_left(t.swap_money, -s.money[seller]))
                for get, seller in theirs]
        for give in mine_titles:
            for get, seller, least in cuts:
                made = deals.get((give, get, seller)) or _all_swaps(st, give, get, seller)
                swaps += made[least:paid]
    return offers, swaps


def _all_offers(st: KingsState, get: str, seller: int) -> tuple[Action, ...]:
    found = st.t.deals[get, seller] = tuple(("offer", get, seller, p)
                                            for p in st.t.prices_in_order)
    return found


def _all_swaps(st: KingsState, give: str, get: str, seller: int) -> tuple[Action, ...]:
    found = st.t.deals[give, get, seller] = tuple(("swap", give, get, seller, m)
                                                  for m in st.t.swap_money)
    return found


def is_offer(st: KingsState, action: tuple[Any, ...]) -> bool:
    """``action in offer_actions(st)``, checked for the one offer alone."""
    s, seat, trade = st.s, st.s.seat, st.t.rules.trade
    if s.offers >= trade.offers_per_turn or len(action) != (4 if action[0] == "offer" else 5):
        return False
    get, seller = action[-3], action[-2]
    mine_id = st.t.mine_of.get(get) if isinstance(get, str) else None
    if mine_id is None or s.mines[mine_id].owner in (None, seat) or \
            s.mines[mine_id].owner != seller:
        return False
    money = action[-1]
    if action[0] == "offer":
        return money in trade.prices and money <= s.money[seat]
    return action[1] in st.titles(seat) and money in st.t.swap_money and \
        _affordable(st, seat, seller, money)


def _affordable(st: KingsState, buyer: int, seller: int, money: int) -> bool:
    return money <= st.s.money[buyer] if money >= 0 else -money <= st.s.money[seller]


def deal_of(st: KingsState, action: tuple[Any, ...]) -> Deal:
    """The deal an ``offer`` or ``swap`` action of the player to move proposes."""
    if action[0] == "offer":
        _, get, seller, money = action
        return [st.s.seat, seller, "", get, money]
    _, give, get, seller, money = action
    return [st.s.seat, seller, give, get, money]


def make_offer(st: KingsState, action: tuple[Any, ...]) -> None:
    st.s.offers += 1
    deal = deal_of(st, action)
    st.s.pending.append(["answer", deal[1], deal, True])


def answer_actions(st: KingsState, task: list[Any]) -> list[Action]:
    """Accept or refuse; the first answer may also counter with more money for the
    answering seller."""
    _, _, deal, may_counter = task
    buyer, seller, _, get, money = deal
    counters: list[Action] = []
    if may_counter:  # amounts ascending, so the answers come sorted
        asks = st.t.prices_in_order if not deal[2] else st.t.swap_money
        counters = [("counter", get, m) for m in asks
                    if m > money and _affordable(st, buyer, seller, m)]
    return [("accept", get), *counters, ("refuse", get)]


def answer(st: KingsState, task: list[Any], action: tuple[Any, ...]) -> None:
    _, _, deal, may_counter = task
    if action[0] == "accept":
        close(st, deal)
    elif action[0] == "counter":
        st.s.pending.insert(0, ["answer", deal[0], deal[:4] + [action[2]], False])


def terms(st: KingsState, deal: Deal) -> str:
    """The deal in words: what the buyer gives for the Title it gets."""
    buyer, seller, give, get, money = deal
    title = st.t.title_names
    gives = ([f"the {title[give]} Title"] if give else []) + ([f"${money}"] if money > 0 else [])
    back = f", with ${-money} from {st.color(seller)}" if money < 0 else ""
    return f"{' and '.join(gives) or 'nothing'} for the {title[get]} Title{back}"


def close(st: KingsState, deal: Deal) -> None:
    """The Titles change hands with their mines and unmined chips; the money is paid."""
    buyer, seller, give, get, money = deal
    if money >= 0:
        st.transfer(buyer, seller, money, "the trade")
    else:
        st.transfer(seller, buyer, -money, "the trade")
    _hand_over(st, get, buyer)
    if give:
        _hand_over(st, give, seller)
    st.s.acted.append(st.t.mine_of[get])  # a Title is worked from the turn after it came
    check_character(st, buyer)
    check_character(st, seller)


def _hand_over(st: KingsState, title: str, to: int) -> None:
    st.s.mines[st.t.mine_of[title]].owner = to
    if st.notes is not None:  # every accepted deal: the words are built only for a log
        st.note(f"the {st.t.title_names[title]} Title goes to {st.color(to)}")
