"""What the checks of Copper Creek share: the rulebook's name and the cards with their
locations."""

from __future__ import annotations

from collections.abc import Iterator

from generator.games.copper_creek.model import BuildingCard, CopperCreekData

RULES = "Copper Creek rules"

Loc = tuple[str | int, ...]


def cards(data: CopperCreekData) -> Iterator[tuple[Loc, BuildingCard]]:
    for j, card in enumerate(data.deck):
        yield ("buildings", "pieces", 0, "faces", j), card


def colors(card: BuildingCard, gray: str) -> list[str]:
    """The calendar colours of a card (gray is no colour), in card order, once each."""
    return list(dict.fromkeys(b.color for b in card.buildings if b.color != gray))
