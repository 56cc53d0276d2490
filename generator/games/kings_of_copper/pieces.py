"""What a Kings of Copper seat holds: the chips in its hand (a cashed chip is played),
the Claim Titles it owns, its Character card and the Anaconda Sapphire."""

from __future__ import annotations

from typing import Any

from generator.engine.api import State
from generator.engine.pieces import PieceRules, faces_of
from generator.games.kings_of_copper.state import KingsState

KINDS = ("mining-chips", "prospecting-chips", "claim-titles", "characters",
         "anaconda-sapphire")
SAPPHIRE = "anaconda-sapphire"


def catalogue(data: Any) -> list[tuple[str, str]]:
    return faces_of(data, KINDS)


def holdings(state: State) -> list[frozenset[str]]:
    assert isinstance(state, KingsState)
    s, titles = state.s, state.t.title_of
    owned: list[set[str]] = [set(hand) for hand in s.hands]
    for mine, where in s.mines.items():
        if where.owner is not None:
            owned[where.owner].add(titles[mine])
    for seat, card in enumerate(s.characters):
        if card:
            owned[seat].add(card)
    if s.anaconda is not None and not s.anaconda_cashed:
        owned[s.anaconda].add(SAPPHIRE)
    return [frozenset(h) for h in owned]


PIECES = PieceRules(catalogue, holdings)
