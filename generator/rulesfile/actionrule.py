"""One action of a rules file compiled: what it chooses (a card, a target, a number),
its condition, and the functions that write, list and read its actions as the engine sees
them. Below both the program that compiles it and the choices that list its uses."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from generator.data.yamlsrc import Loc
from generator.rulesfile.cardpick import Pick
from generator.rulesfile.effects import SlotFn
from generator.rulesfile.placepick import Places
from generator.rulesfile.position import Fn
from generator.rulesfile.written import Split
from generator.rulesfile.zones import ZoneRule


@dataclass
class ActionRule:
    name: str
    loc: Loc
    card: SlotFn | None
    to: list[SlotFn]
    number: tuple[Fn, Fn] | None
    test: Fn | None
    block: int
    again: Fn | None
    to_names: list[str] = field(default_factory=list)
    grid: ZoneRule | None = None  # choose: {cell: GRID}; the cell is the target
    card_free: bool = False  # its condition does not read the chosen card
    split: Split | None = None  # its condition, an and/or opening with parts not read per choice
    pick: Pick | None = None  # a card alone: its legal cards in one step (cardpick)
    # the number's bounds when each is a variable plus a constant (fused.slot_plus)
    bounds: tuple[tuple[int, int, int], tuple[int, int, int]] | None = None
    legal_places: Places | None = None  # a cell chosen: its legal places in one pass (placepick)
    shape: tuple[int, ...] = field(init=False, default=())
    # (card, target, number) -> the action as the engine sees it: its name, its choices
    encoder: Callable[[int, int, int], tuple[Any, ...]] = field(init=False, repr=False)
    # (cards, targets, numbers) -> every action they make, in order
    every: Callable[[Sequence[int], Sequence[int], Sequence[int]], list[tuple[Any, ...]]] = \
        field(init=False, repr=False)
    # where the action as the engine writes it holds its card, target and number (0: not
    # chosen; read -1, -1 and 0)
    places: tuple[int, int, int] = field(init=False, default=(0, 0, 0))

    def __post_init__(self) -> None:
        """Which of (card, target, number) the action chooses, in that order; the
        function that writes the action, made once."""
        chosen = (self.card is not None, bool(self.to) or self.grid is not None,
                  self.number is not None)
        self.shape = tuple(i for i, yes in enumerate(chosen) if yes)
        name, shape = self.name, self.shape
        self.places = (shape.index(0) + 1 if 0 in shape else 0,
                       shape.index(1) + 1 if 1 in shape else 0,
                       shape.index(2) + 1 if 2 in shape else 0)
        self.encoder = {
            (): lambda card, target, number: (name,),
            (0,): lambda card, target, number: (name, card),
            (1,): lambda card, target, number: (name, target),
            (2,): lambda card, target, number: (name, number),
            (0, 1): lambda card, target, number: (name, card, target),
            (0, 2): lambda card, target, number: (name, card, number),
            (1, 2): lambda card, target, number: (name, target, number),
        }.get(shape, lambda card, target, number: (name, card, target, number))
        encode = self.encoder
        self.every = {
            (0,): lambda cards, targets, numbers: [(name, k) for k in cards],
            (1,): lambda cards, targets, numbers: [(name, t) for t in targets],
            (2,): lambda cards, targets, numbers: [(name, n) for n in numbers],
            (0, 1): lambda cards, targets, numbers: [(name, k, t) for k in cards
                                                     for t in targets],
        }.get(shape, lambda cards, targets, numbers: [
            encode(k, t, n) for k in cards for t in targets for n in numbers])

    @cached_property
    def targets(self) -> range:
        """The destinations (zones of ``to``, or cells) a choice ranges over."""
        if self.grid is not None:
            return range(self.grid.cells)
        return range(len(self.to)) if self.to else range(-1, 0)
