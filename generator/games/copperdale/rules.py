"""The reference solo game of Copperdale (Rules V.1), on the engine's State API.

A month is a queue of tasks (``todo``): chance reveals, the player's choices, and automatic
steps (Growth, month end). ``_advance`` runs automatic steps and skips choices that offer
nothing, so the state always waits on a chance draw, a real choice, or is over. A choice
with one option and no "pass" is taken automatically too: the rulebook's "you must
resolve each segment" leaves nothing to decide there.

Deck model (ruling "lazy border deck"): the Border Deck and the unknown part of the Main
Deck are drawn from one pool of unseen cards, which gives every card the same chance as
dealing 12 Border cards at set-up; cards put under the Main Deck (Philosophers) wait in
``bottom`` and come back, in order, only when the unknown part is used up.
"""

from __future__ import annotations

from typing import Any

from generator.engine.api import CHANCE, TERMINAL, Action, Game, State
from generator.games.copperdale import resolve
from generator.games.copperdale.invariants import broken
from generator.games.copperdale.model import CopperdaleData
from generator.games.copperdale.resolve import CHANCE_KINDS, play, unlocked
from generator.games.copperdale.scoring import medal_breakdown
from generator.games.copperdale.tables import SEGMENTS, Tables, compile_tables

FIELDS = ("month", "unseen", "main_fresh", "bottom", "border", "drawn", "assigned",
          "redraws", "discard", "occupations", "districts", "estates", "monuments",
          "population", "borders", "todo", "infra_used")


class CopperdaleState(State):
    first_player = 0  # a solo game: the one seat plays first (wins by turn order)
    # Nothing hidden: a draw is a chance node over the unseen pool, taken when it happens.
    hidden_information = False

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
        self.todo: list[tuple[Any, ...]] = resolve.month_tasks(t)
        self.infra_used: list[str] = []
        self._legal: list[Action] | None = None

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

    # -- the State API ---------------------------------------------------------------
    def current_player(self) -> int:
        todo = self.todo
        if not todo:
            return TERMINAL
        return CHANCE if todo[0][0] in CHANCE_KINDS else 0

    def legal_actions(self) -> list[Action]:
        legal = self._legal
        return list(self._legal_list() if legal is None else legal)

    def _legal_list(self) -> list[Action]:
        """Cached until the next action: bots, the playout and apply_action all ask (the
        list itself: copied only for callers)."""
        if self._legal is None:
            self._legal = resolve.options(self, self.todo[0]) if self.todo else []
        return self._legal

    def apply_action(self, action: Action) -> None:
        # _play without events, one call less: this is every simulation's inner loop.
        legal = self._legal
        if action not in (self._legal_list() if legal is None else legal):
            self._refuse(action)
        play(self, action, None)

    def _play(self, action: Action, events: list[str] | None) -> None:
        if action not in self._legal_list():
            self._refuse(action)
        play(self, action, events)

    def _refuse(self, action: Action) -> None:
        raise ValueError(f"illegal action {action!r} in month {self.month}")

    def is_terminal(self) -> bool:
        return not self.todo

    def medals(self) -> dict[str, int]:
        return medal_breakdown(self.t, self)

    def returns(self) -> list[float]:
        return [float(sum(self.medals().values()))]

    def winners(self) -> list[int]:
        return [0]  # the one seat, whatever its medals (a solo game)

    def turn_count(self) -> int:
        return min(self.month - 1, self.t.months)

    def events(self) -> dict[str, int]:
        """Read off the final sheet: skills unlocked and districts completed."""
        return {"skills unlocked": sum(map(self.skill, range(len(self.occupations)))),
                "districts completed": sum(map(self.district_complete,
                                               range(len(self.districts))))}

    def clone(self) -> CopperdaleState:
        other = CopperdaleState.__new__(CopperdaleState)
        other.t = self.t
        other.__dict__.update(_copy_fields(self.__dict__))
        # A draw's cached outcomes are this state's own unseen pool: the copy lists its own.
        other._legal = None if self._legal is self.unseen else self._legal
        return other

    def to_dict(self) -> dict[str, Any]:
        out = _copy_fields(self.__dict__)
        out["todo"] = [list(task) for task in self.todo]
        return out

    def invariants(self) -> list[str]:
        return broken(self)

    def action_to_string(self, action: Action) -> str:
        events: list[str] = []
        self.clone()._play(action, events)
        return "; ".join(e for e in events if e).replace(":; ", ": ")

    def describe(self) -> str:
        return (f"month {self.month}: {sum(self.medals().values())} medals, population "
                f"{self.population}, borders {self.borders}")


# Which fields are flat lists and which are lists of lists: copied one level deeper.
FLAT = ("unseen", "bottom", "assigned", "discard", "estates", "population", "borders",
        "todo", "infra_used")
NESTED = ("occupations", "districts", "monuments")


def _copy_fields(fields: dict[str, Any]) -> dict[str, Any]:
    """A deep-enough copy of the plain-data fields (ints, None, lists, lists of lists);
    spelled out field by field because clones are the greedy bot's inner loop."""
    out = {name: fields[name] for name in FIELDS}
    for name in FLAT:
        out[name] = list(out[name])
    for name in NESTED:
        out[name] = list(map(list, out[name]))
    return out


class CopperdaleGame(Game):
    id = "copperdale"

    def __init__(self, data: CopperdaleData):
        self.tables = compile_tables(data)
        self.min_players = data.game.players.min
        self.max_players = data.game.players.max

    def new_initial_state(self, players: int = 1) -> CopperdaleState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Copperdale is for {self.min_players}-{self.max_players} players")
        state = CopperdaleState(self.tables)
        resolve.advance(state, None)
        return state

    def state_from_dict(self, data: dict[str, Any]) -> CopperdaleState:
        state = CopperdaleState(self.tables)
        state.__dict__.update(_copy_fields(data))
        state.todo = [tuple(task) for task in data["todo"]]
        return state

    def max_game_length(self, players: int = 1) -> int:
        return resolve.max_actions_per_month(self.tables) * self.tables.months
