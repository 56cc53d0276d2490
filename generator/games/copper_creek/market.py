"""Who may buy which share, and at what price (rulebook, Step 5), for a position.

Prices change only when a card is built or a share bought; the state keeps what is
worked out here until then (``CreekPosition._prices_of``), so a buying round that
asks every seat twice works each seat's prices out once.
"""

from __future__ import annotations

from generator.games.copper_creek.economy import share_price, share_prices
from generator.games.copper_creek.state import CreekPosition


def price(state: CreekPosition, gid: int, buyer: int) -> int:
    """What ``buyer`` pays for a share of the building (rulebook, Purchase Price)."""
    return share_price(state.town.open_doors[gid], state.t.points[gid], state.stacks[gid],
                       buyer, state.t.minimum_price)


def prices(state: CreekPosition, seat: int) -> list[int]:
    """The price of a share of every building in town for this seat, in gid order."""
    found = state._prices_of.get(seat)
    if found is None:
        rows = state._price_rows
        if rows is None:  # the same for every seat until a card is built or a share bought
            gids, doors, stacks, points = (state.town.gids, state.town.open_doors,
                                           state.stacks, state.t.points)
            rows = state._price_rows = ([doors[g] for g in gids], [points[g] for g in gids],
                                        [stacks[g] for g in gids])
        found = state._prices_of[seat] = share_prices(*rows, seat, state.t.minimum_price)
    return found


def affordable(state: CreekPosition, seat: int) -> list[int]:
    if not _may_buy(state, seat):
        return []
    money = state.money[seat]
    return [gid for gid, price in zip(state.town.gids, prices(state, seat), strict=True)
            if price <= money]


def can_buy(state: CreekPosition, seat: int) -> bool:
    """Cheaper than ``affordable``: any share at all within reach?"""
    money = state.money[seat]
    return _may_buy(state, seat) and any(price <= money for price in prices(state, seat))


def _may_buy(state: CreekPosition, seat: int) -> bool:
    """A token left, and money for at least the cheapest base price (no share costs
    less: the quick answer for players short of money)."""
    doors = state.town.open_doors
    return state.tokens_left(seat) > 0 and bool(doors) and state.money[seat] >= max(
        min(doors.values()), state.t.minimum_price)
