"""The position of a Copperdale game: the sheet and the decks as plain data, plus what can be
read off them (a skill unlocked, a District complete, a card's Value) and the copying every
simulation does. The rules that move it are in ``resolve.py``; the State API is bound in
``rules.py``.

A month is a queue of tasks (``todo``): chance reveals, the player's choices, and automatic
steps (Growth, month end); ``month_tasks`` is one month's queue.

The medals are read off running counts (``RUNNING``: the prosperity written, the skills
unlocked, the rows filled) that each write to the sheet updates (``write_occupation`` and
its siblings), so a standing costs a few reads however full the sheet; ``recount`` works
them out from the sheet itself (on loading a record, and in the tests that check them).
The spaces an Infrastructure card may fill are kept the same way (``open_spaces``: the
open Districts, and the Estates and Monuments open to each suit, as their actions).
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
# The running counts: ints and a tuple, so the shallow copy of ``clone`` keeps them apart.
RUNNING = ("prosperity_sum", "skills_done", "districts_done", "estates_filled",
           "population_full", "population_begun", "borders_full", "borders_begun",
           "monuments_filled", "open_spaces")


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
    # The running counts (``RUNNING``), set by ``recount`` and kept by every write.
    prosperity_sum: int
    skills_done: int  # a bit for each Occupation whose skill is unlocked
    districts_done: int
    estates_filled: int
    population_full: int
    population_begun: int
    borders_full: int
    borders_begun: int
    monuments_filled: tuple[int, ...]  # filled spaces, by Monument
    # Open spaces, as the actions that fill them (tuples, replaced on a change, so a
    # clone shares them): Districts with space left; by suit, empty Estates that take it
    # and Monuments whose space of that suit is empty. One attribute for the three: an
    # instance of more than 30 attributes loses CPython's fast attribute reads.
    open_spaces: tuple[tuple[Action, ...], tuple[tuple[Action, ...], ...],
                       tuple[tuple[Action, ...], ...]]

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
        # each row a list of its own (copied from the tables' blank sheet)
        self.occupations: list[list[int]] = list(map(list, t.blank_occupations))
        self.districts: list[list[int]] = list(map(list, t.blank_districts))
        self.estates: list[int | None] = [None] * t.estate_count
        self.monuments: list[list[int | None]] = list(map(list, t.blank_monuments))
        self.population = [0] * len(t.population_caps)
        self.borders = [0] * len(t.border_caps)
        self.todo: list[tuple[Any, ...]] = month_tasks(t)
        self.infra_used: list[str] = []
        self._legal: list[Action] | None = None  # cache; derived, not part of the state
        # ``recount`` of the empty sheet, spelled out (every game starts here)
        self.prosperity_sum = self.skills_done = self.districts_done = 0
        self.estates_filled = self.population_begun = self.borders_begun = 0
        self.population_full, self.borders_full = t.blank_population_full, t.blank_borders_full
        self.monuments_filled = (0,) * len(t.blank_monuments)
        self.open_spaces = t.blank_open_spaces

    # -- writing on the sheet (each write keeps the running counts right) ------------
    def write_occupation(self, i: int, value: int) -> None:
        """Economy: ``value`` in the Occupation's next space."""
        values = self.occupations[i]
        values.append(value)
        self.prosperity_sum += value
        if unlocked(values, self.t.occupation_spaces):
            self.skills_done |= 1 << i

    def write_district(self, d: int, value: int) -> bool:
        """``value`` in the District's next space; True if that completes it."""
        values = self.districts[d]
        values.append(value)
        if len(values) == self.t.district_spaces:
            districts, estates, monuments = self.open_spaces
            districts = _without(districts, self.t.district_actions[d])
            self.open_spaces = districts, estates, monuments
        completed = self.district_complete(d)
        self.districts_done += completed
        return completed

    def fill_estate(self, e: int, card: int) -> None:
        self.estates[e] = card
        self.estates_filled += 1
        districts, estates, monuments = self.open_spaces
        act, by_suit = ("estate", e), [*estates]
        for suit in self.t.estate_suits[e]:
            by_suit[suit] = _without(by_suit[suit], act)
        self.open_spaces = districts, tuple(by_suit), monuments

    def fill_monument(self, m: int, space: int, card: int) -> None:
        self.monuments[m][space] = card
        filled = self.monuments_filled
        self.monuments_filled = (*filled[:m], filled[m] + 1, *filled[m + 1:])
        districts, estates, monuments = self.open_spaces
        suit = self.t.monument_suits[m][space]
        row = _without(monuments[suit], ("monument", m))
        self.open_spaces = districts, estates, (*monuments[:suit], row, *monuments[suit + 1:])

    def add_population(self, suit: int) -> None:
        n = self.population[suit] = self.population[suit] + 1
        self.population_begun += n == 1
        self.population_full += n == self.t.population_caps[suit]

    def add_border(self, suit: int) -> None:
        n = self.borders[suit] = self.borders[suit] + 1
        self.borders_begun += n == 1
        self.borders_full += n == self.t.border_caps[suit]

    def recount(self) -> None:
        """Work the running counts out from the sheet (``RUNNING``)."""
        t, occupations = self.t, self.occupations
        self.prosperity_sum = sum(map(sum, occupations))
        self.skills_done = sum(1 << i for i, values in enumerate(occupations)
                               if unlocked(values, t.occupation_spaces))
        self.districts_done = sum(map(self.district_complete, range(len(self.districts))))
        self.estates_filled = len(self.estates) - self.estates.count(None)
        self.population_full = sum(map(int.__ge__, self.population, t.population_caps))
        self.population_begun = sum(map((1).__le__, self.population))
        self.borders_full = sum(map(int.__ge__, self.borders, t.border_caps))
        self.borders_begun = sum(map((1).__le__, self.borders))
        self.monuments_filled = tuple(len(row) - row.count(None) for row in self.monuments)
        self.open_spaces = (
            tuple(t.district_actions[d] for d, values in enumerate(self.districts)
                  if len(values) < t.district_spaces),
            tuple(tuple(act for e, act in taking if self.estates[e] is None)
                  for taking in t.estates_taking),
            tuple(tuple(act for m, space, act in taking if self.monuments[m][space] is None)
                  for taking in t.monuments_taking))

    def running(self) -> tuple[Any, ...]:
        """The running counts, in ``RUNNING`` order."""
        return tuple(getattr(self, name) for name in RUNNING)

    # -- what the sheet says ---------------------------------------------------------
    def skill(self, occupation: int) -> bool:
        """An Occupation's skill is unlocked once its spaces rise strictly (Economy)."""
        return bool(self.skills_done >> occupation & 1)

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
        done, months = self.month - 1, self.t.months
        return done if done < months else months

    def events(self) -> dict[str, int]:
        """Read off the final sheet: skills unlocked and districts completed."""
        return {"skills unlocked": self.skills_done.bit_count(),
                "districts completed": self.districts_done}

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
        self.recount()


def _without(actions: tuple[Action, ...], act: Action) -> tuple[Action, ...]:
    """``actions`` less ``act`` (a space just filled), in the same order."""
    i = actions.index(act)
    return actions[:i] + actions[i + 1:]


def copy_fields(fields: dict[str, Any]) -> dict[str, Any]:
    """A deep-enough copy of the plain-data fields (ints, None, lists, lists of lists);
    spelled out field by field because clones are the greedy bot's inner loop."""
    out = {name: fields[name] for name in FIELDS}
    for name in FLAT:
        out[name] = list(out[name])
    for name in NESTED:
        out[name] = list(map(list, out[name]))
    return out
