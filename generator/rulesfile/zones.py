"""A zone of a rules-file game as the rules declare it (at the bottom of the engine: the
compiler's parts and the state read it)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property


@dataclass(frozen=True)
class ZoneRule:
    name: str
    owned: bool  # one per player
    see: str  # all, owner or none
    random: bool  # a shuffled pile: every draw is a chance action
    start: str | None  # the piece whose copies start here
    width: int = 0  # a grid's columns and rows (0: a pile, not a grid)
    height: int = 0

    @cached_property
    def cells(self) -> int:
        """Slots per owner: a grid's cells, else one."""
        return self.width * self.height if self.width else 1
