"""A card's field that holds a list (a score track printed on the card, ``points: [7,
3]``), read entry by entry with ``{item: [LIST, INDEX]}``; or a list written out in the
rules, ``{item: [[A, B, C], INDEX]}`` (the sum of the pair a player chose)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from generator.rulesfile.position import Ctx, Fn


def entry(values: Any, index: Any) -> Any:
    """The ``index``-th entry (from 0) of ``values``; 0 past either end of the list.
    Anything but a list and a whole number is a fault of play (reported at the rule)."""
    if not isinstance(values, list) or type(index) is not int:
        raise TypeError(f"'item' reads a list at a whole number, not {values!r} at "
                        f"{index!r}")
    return values[index] if 0 <= index < len(values) else 0


def item(values: Fn, index: Fn) -> Callable[[Ctx], Any]:
    """The closure of ``{item: [LIST, INDEX]}``."""
    return lambda c: entry(values(c), index(c))


def pick(entries: list[Fn], index: Fn) -> Callable[[Ctx], Any]:
    """The closure of ``{item: [[A, B, …], INDEX]}``, a list written out: the entry at
    INDEX (from 0) worked out, no other; 0 past either end; an index that is no whole
    number is a fault of play."""
    def read(c: Ctx) -> Any:
        at = index(c)
        if type(at) is not int:
            raise TypeError(f"'item' reads a list at a whole number, not at {at!r}")
        return entries[at](c) if 0 <= at < len(entries) else 0
    return read
