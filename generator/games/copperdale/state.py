"""The position of a Copperdale game: the sheet and the decks as plain data, plus what can be
read off them (a skill unlocked, a District complete, a card's Value) and the copying every
simulation does. The rules that move it are in ``resolve.py``; the State API is bound in
``rules.py``.

A month is a queue of tasks (``todo``): chance reveals, the player's choices, and automatic
steps (Growth, month end); ``month_tasks`` is one month's queue.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Self

from generator.engine.api import Action, State
from generator.games.copperdale.tables import SEGMENTS, Tables

FIELDS = ("month", "unseen", "main_fresh", "bottom", "border", "drawn", "assigned",
          "redraws", "discard", "occupations", "districts", "estates", "monuments",
          "population", "borders", "todo", "infra_used")
# Which fields are flat lists and which are lists of lists: copied one level deeper.
FLAT = ("unseen", "bottom", "assigned", "discard", "estates", "population", "borders",
        "todo", "infra_used")
NESTED = ("occupations", "districts", "monuments")


def month_tasks(t: Tables) -> list[tuple[Any, ...]]:
    """Months: Revealing & Assigning, then Resolving in the fixed order, then the end."""
    return list(month(t.infrastructure_fills))


@cache
def month(infrastructure_fills: int) -> tuple[tuple[Any, ...], ...]:
    """One month's queue of tasks, shared (callers copy it into their own queue)."""
    reveal_assign = [("reveal",), ("assign",)] * len(SEGMENTS)
    infra = [("infrastructure",)] * infrastructure_fills
    return ("border-card",), *reveal_assign, ("economy",), *infra, ("growth",), ("month-end",)


def unlocked(values: list[int], spaces: int) -> bool:
    """An Occupation's skill is unlocked once its spaces rise strictly (Economy)."""
    return len(values) == spaces and all(map(int.__lt__, values, values[1:]))


class CopperdalePosition(State):
    """The sheet, the decks and the month's queue; ``CopperdaleState`` binds the rules."""

    first_player = 0  # a solo game: the one seat plays first (wins by turn order)
    # Nothing hidden: a draw is a chance node over the unseen pool, taken when it happens.
    hidden_information = False
    turn_field = "month"  # what ``turn_count`` reads

    def __init__(self, tables: Tables):
        t = self.t = tables
        self.month = 1
        self.unseen: list[int] = list(range(t.deck_size))
        self.main_fresh = t.deck_size - t.border_deck  # unknown cards left in the Main Deck
        self.bottom: list[int] = []  # cards put under the Main Deck, in order
        self.border: int | None = None  # this month's Border card
        self.drawn: int | None = None  # revealed, waiting to be assigned
        self.assigned: list[int | None] = [None] * len(SEGMENTS)
        self.redraws = 0
        self.discard: list[int] = []
        self.occupations: list[list[int]] = [[] for _ in t.occupation_names]
        self.districts: list[list[int]] = [[] for _ in range(t.district_count)]
        self.estates: list[int | None] = [None] * len(t.estate_suits)
        self.monuments: list[list[int | None]] = [[None] * len(m) for m in t.monument_suits]
        self.population = [0] * len(t.population_caps)
        self.borders = [0] * len(t.border_caps)
        self.todo: list[tuple[Any, ...]] = month_tasks(t)
        self.infra_used: list[str] = []
        self._legal: list[Action] | None = None  # cache; derived, not part of the state

    # -- what the sheet says ---------------------------------------------------------
    def skill(self, occupation: int) -> bool:
        """An Occupation's skill is unlocked once its spaces rise strictly (Economy)."""
        return unlocked(self.occupations[occupation], self.t.occupation_spaces)

    def district_complete(self, d: int) -> bool:
        values, spaces = self.districts[d], self.t.district_spaces
        return len(values) == spaces and values.count(values[0]) == spaces

    def value(self, card: int) -> int:
        """Ace = 1, number cards their number, face cards 1 + their suit's Population Level."""
        fixed = self.t.card_value[card]
        if fixed is not None:
            return fixed
        return self.t.face_card_base + self.population[self.t.card_suit[card]]

    def is_terminal(self) -> bool:
        return not self.todo

    def winners(self) -> list[int]:
        return [0]  # the one seat, whatever its medals (a solo game)

    def turn_count(self) -> int:
        return min(self.month - 1, self.t.months)

    def events(self) -> dict[str, int]:
        """Read off the final sheet: skills unlocked and districts completed."""
        return {"skills unlocked": sum(map(self.skill, range(len(self.occupations)))),
                "districts completed": sum(map(self.district_complete,
                                               range(len(self.districts))))}

    # -- copies and records ------------------------------------------------------------
    def clone(self) -> Self:
        """A copy whose lists are its own; spelled out field by field because clones are
        the greedy bot's inner loop (``FLAT`` and ``NESTED`` name the same fields)."""
        other = object.__new__(type(self))
        d = other.__dict__ = self.__dict__.copy()
        d["unseen"], d["bottom"] = self.unseen[:], self.bottom[:]
        d["assigned"], d["discard"] = self.assigned[:], self.discard[:]
        d["estates"], d["population"] = self.estates[:], self.population[:]
        d["borders"], d["todo"], d["infra_used"] = self.borders[:], self.todo[:], self.infra_used[:]
        d["occupations"] = [row[:] for row in self.occupations]
        d["districts"] = [row[:] for row in self.districts]
        d["monuments"] = [row[:] for row in self.monuments]
        # A draw's cached outcomes are this state's own unseen pool: the copy lists its own.
        if self._legal is self.unseen:
            d["_legal"] = None
        return other

    def to_dict(self) -> dict[str, Any]:
        out = copy_fields(self.__dict__)
        out["todo"] = [list(task) for task in self.todo]
        return out

    def load(self, data: dict[str, Any]) -> None:
        """Take the fields of a ``to_dict`` record."""
        self.__dict__.update(copy_fields(data))
        self.todo = [tuple(task) for task in data["todo"]]


def copy_fields(fields: dict[str, Any]) -> dict[str, Any]:
    """A deep-enough copy of the plain-data fields (ints, None, lists, lists of lists);
    spelled out field by field because clones are the greedy bot's inner loop."""
    out = {name: fields[name] for name in FIELDS}
    for name in FLAT:
        out[name] = list(out[name])
    for name in NESTED:
        out[name] = list(map(list, out[name]))
    return out
