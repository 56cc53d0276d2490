"""A zone of a rules-file game as the rules declare it, and every name a rules file declares
(at the bottom of the engine: the compiler's parts and the state read them)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any


@dataclass(frozen=True)
class ZoneRule:
    name: str
    owned: bool  # one per player
    see: str  # all, owner or none
    random: bool  # a shuffled pile: every draw is a chance action
    start: str | None  # the piece whose copies start here
    width: int = 0  # a grid's columns and rows (0: a pile, not a grid)
    height: int = 0
    held: bool = True  # its cards are its player's own (what ``pieces`` counts)

    @cached_property
    def cells(self) -> int:
        """Slots per owner: a grid's cells, else one."""
        return self.width * self.height if self.width else 1


class Names:
    """What a rules file declares, for the compiler to check names against."""

    def __init__(self, zones: dict[str, ZoneRule], vars_: dict[str, bool],
                 columns: dict[str, list[Any]], slots: tuple[dict[str, int], dict[str, int]],
                 players: int):
        self.zones, self.vars, self.players = zones, vars_, players
        self.columns = columns  # field -> its value on every card, by card number
        self.fields = set(columns) | {"by", "id"}
        self.zone_slot, self.var_slot = slots  # laid out for the player count compiled for
        self.options: dict[str, Any] = {}  # name -> value (options.read_options)
        self.actions: list[str] = []  # the actions' names ({legal: ACTION})
