"""The bottom of the rules engine: what every part of it reads a game through.

``Position`` names the data a rules-file game's state holds (its zones, cards, variables
and where play stands) and the few moves the effects ask of it; ``state.RulesState`` is the
one that plays it. ``Ctx`` is where an expression is read. Nothing here imports another
module of the engine, so the compiler's parts (expressions, effects, choices, knowledge)
read the state through this module without any of them importing each other in a circle.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from generator.data.yamlsrc import Loc
from generator.engine.api import State

Value = int | str
Fn = Callable[["Ctx"], Any]
Place = tuple[int, int]  # a pile's slot and 1 if it is one of each player (expr.place)
MAX_VALUE = 10**15  # a variable beyond this is runaway arithmetic (reported as a fault)

# stamps of change: a state takes a new one (``moved``, ``written``) whenever a card moves
# or a variable is written, and no two changes of any two states share one
STAMPS = itertools.count(1)


class Position(State):
    """A rules-file game's position, as the compiled rules read and change it."""

    prog: Any  # the compiled rules (``program.Program``)
    players: int
    zone_slot: dict[str, int]
    owner_zone: list[int]
    var_slot: dict[str, int]
    zones: list[list[int]]
    own: list[bool]
    random: list[bool]
    where: list[int]
    by: list[int]
    vars: list[Any]
    counts: list[int]
    frames: list[list[int]]
    pending: list[int]
    acting: list[int]
    steps: int
    moved: int
    written: int
    stage: int
    phase: int
    player: int
    turns: int
    over: bool
    fault: tuple[Loc, str] | None
    memo: dict[Any, Any] | None
    here: Ctx  # the context play's flow reads (refilled each time, kept by none)

    def fail(self, loc: Loc, message: str) -> None:
        raise NotImplementedError

    def move(self, card: int, slot: int, seat: int) -> None:
        zones, own, old = self.zones, self.own, self.where[card]
        if not own[old]:
            zones[old], own[old] = list(zones[old]), True
        if not own[slot]:
            zones[slot], own[slot] = list(zones[slot]), True
        zones[old].remove(card)
        zones[slot].append(card)
        self.where[card], self.by[card] = slot, seat
        self.moved = next(STAMPS)

    def move_all(self, src: int, dest: int) -> None:
        """Every card of slot ``src`` onto slot ``dest``, in order, each keeping who moved
        it last (as ``move`` one card at a time would)."""
        cards = self.zones[src]
        if src == dest or not cards:
            return
        zones, own, where = self.zones, self.own, self.where
        if not own[dest]:
            zones[dest], own[dest] = list(zones[dest]), True
        zones[dest] += cards
        zones[src], own[src] = [], True
        for card in cards:
            where[card] = dest
        self.moved = next(STAMPS)

    def run_now(self, block: int, times: int, c: Ctx, step: int) -> None:
        raise NotImplementedError

    def run_flat(self, flat: tuple[Any, ...], times: int, c: Ctx, step: int) -> None:
        raise NotImplementedError


class Ctx:
    """Where an expression is read: the state, the seat in focus, the card in scope, the
    action's choice (its card, number and destination) and the seat that acts."""

    __slots__ = ("st", "seat", "card", "number", "target", "actor")

    def __init__(self, st: Position, seat: int, card: int = -1, number: int = 0,
                 target: int = -1, actor: int = -1):
        self.st, self.seat, self.card = st, seat, card
        self.number, self.target, self.actor = number, target, actor

    def at(self, seat: int) -> Ctx:
        return Ctx(self.st, seat, self.card, self.number, self.target, self.actor)

    def on(self, card: int) -> Ctx:
        return Ctx(self.st, self.seat, card, self.number, self.target, self.actor)
