"""Money rules: how income splits over a stack and what a share costs (rulebook Step 3, 5)."""

from __future__ import annotations

from collections.abc import Sequence


def split_income(amount: int, stack: list[int], players: int) -> list[int]:
    """Each seat's part of ``amount`` earned by a building whose chips are ``stack``
    (bottom first). Equal per share; the leftover dollars go one each to the oldest
    shares, the lowest chips (rulebook, Distributing Income)."""
    paid = [0] * players
    if not stack:
        return paid  # no shareholders: the money stays in the bank (ruling)
    each, left = divmod(amount, len(stack))
    for i, seat in enumerate(stack):
        paid[seat] += each + (1 if i < left else 0)
    return paid


def share_prices(open_doors: Sequence[int], points: Sequence[int],
                 stacks: Sequence[list[int]], buyer: int, minimum: int) -> list[int]:
    """The price of a share of each building (the sequences side by side): open doors
    (at least the minimum price) plus the point value for every share that is not the
    buyer's own (rulebook, Purchase Price)."""
    return [(doors if doors > minimum else minimum)
            + (value * (len(stack) - stack.count(buyer)) if stack else 0)
            for doors, value, stack in zip(open_doors, points, stacks, strict=True)]


def share_price(open_doors: int, points: int, stack: list[int], buyer: int,
                minimum: int) -> int:
    """One building's share price (``share_prices``)."""
    return share_prices((open_doors,), (points,), (stack,), buyer, minimum)[0]
