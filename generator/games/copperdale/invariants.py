"""The rules' invariants, checked after every action of a simulation (keep them cheap).

No space filled twice or with a wrong suit, medals never above the total, the month
count, and card conservation: every card of the deck is in exactly one place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.games.copperdale.scoring import medal_sum
from generator.games.copperdale.tables import SEGMENTS

if TYPE_CHECKING:
    from generator.games.copperdale.state import CopperdalePosition


def broken(s: CopperdalePosition) -> list[str]:
    return _cards(s) + _spaces(s) + _progress(s)


def _cards(s: CopperdalePosition) -> list[str]:
    t = s.t
    placed = [*s.unseen, *s.bottom, *s.discard]
    for card in (s.border, s.drawn, *s.assigned):
        if card is not None:
            placed.append(card)
    out = []
    if len(placed) != t.deck_size or len(set(placed)) != t.deck_size:
        out.append(f"card conservation: {len(placed)} cards placed, "
                   f"{len(set(placed))} distinct, deck has {t.deck_size}")
    borders_left = t.border_deck - (s.month - 1) - (s.border is not None)
    if len(s.unseen) != s.main_fresh + borders_left:
        out.append(f"{len(s.unseen)} unseen cards but {s.main_fresh} unknown in the Main "
                   f"Deck and {borders_left} in the Border Deck")
    if any(map(int.__gt__, s.unseen, s.unseen[1:])):  # a draw finds its card by bisection
        out.append("the unseen pool is out of order")
    if len(s.discard) != (s.month - 1) * (1 + len(SEGMENTS)):
        out.append(f"discard holds {len(s.discard)} cards after {s.month - 1} months")
    return out


def _spaces(s: CopperdalePosition) -> list[str]:
    t = s.t
    out = []
    if max(map(len, s.occupations)) > t.occupation_spaces:
        out.append("an Occupation space was filled twice")
    if max(map(len, s.districts)) > t.district_spaces:
        out.append("a District space was filled twice")
    for what, filled, caps in (("Population", s.population, t.population_caps),
                               ("Border", s.borders, t.border_caps)):
        if min(filled) < 0 or any(map(int.__gt__, filled, caps)):
            out.append(f"{what} spaces out of range: {filled}")
    holds = frozenset.__contains__  # a row at a time: a space holds a card it may, or None
    if not all(map(holds, t.estate_cards, s.estates)):
        out += [f"Estate {e + 1} filled with a wrong suit"
                for e, card in enumerate(s.estates) if card not in t.estate_cards[e]]
    for m, spaces in enumerate(s.monuments):
        if not all(map(holds, t.monument_cards[m], spaces)):
            out.append(f"{t.monument_names[m]} filled with a wrong suit")
    return out


def _progress(s: CopperdalePosition) -> list[str]:
    t = s.t
    out = []
    if not 1 <= s.month <= t.months + 1:
        out.append(f"month {s.month} outside 1..{t.months}")
    if s.is_terminal() != (s.month > t.months):
        out.append("the game must end exactly after the last month")
    # Medals only change the score at the end; counting them at each month's start and at
    # the end keeps this check cheap enough to run after every action.
    if not s.todo or s.todo[0][0] == "border-card":
        medals = medal_sum(t, s)
        if medals > t.medal_total:
            out.append(f"{medals} medals, above the total of {t.medal_total}")
    return out
