"""Reading a set of cards for an aggregate: those ``where`` keeps, those like the card in
scope, a value of each card, a value of each seat. One context is moved from card to card
(or seat to seat): expressions keep none."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from generator.rulesfile.position import Ctx, Fn


def kept(c: Ctx, source: Callable[[Ctx], list[int]], where: Fn | None) -> list[int]:
    """The cards of ``source`` for which ``where`` holds (each card in scope in turn)."""
    cards = source(c)
    if where is None:
        return cards
    here = c.on(-1)  # one context, moved from card to card (expressions keep none)
    out = []
    for card in cards:
        here.card = card
        if where(here):
            out.append(card)
    return out


def alike(cards: Callable[[Ctx], list[int]], column: list[Any]
         ) -> Callable[[Ctx], list[int]]:
    """The other cards of ``cards`` whose field (``column``) is the card in scope's."""
    def read(c: Ctx) -> list[int]:
        if c.card < 0:
            return []
        mine = column[c.card]
        return [k for k in cards(c) if k != c.card and column[k] == mine]
    return read


def each_card(c: Ctx, fn: Fn, cards: list[int]) -> list[Any]:
    """``fn`` read on every card of ``cards``."""
    here = c.on(-1)
    out = []
    for card in cards:
        here.card = card
        out.append(fn(here))
    return out


def each_seat(c: Ctx, fn: Fn) -> list[Any]:
    """``fn`` read for every seat in turn."""
    here = c.at(0)
    out = []
    for seat in range(c.st.players):
        here.seat = seat
        out.append(fn(here))
    return out
