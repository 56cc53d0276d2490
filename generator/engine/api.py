"""The small State API every reference game implements (after OpenSpiel).

Chance events (shuffles, draws, dice) are actions too: when ``current_player()`` is
``CHANCE`` the legal actions are the possible outcomes and ``chance_outcomes()`` gives
their probabilities. A whole game is therefore ``(players, action list)`` and a replay
needs no random generator. Actions are ints, strings or tuples of those: plain, sortable,
JSON-friendly values. ``legal_actions()`` is sorted and deterministic.

What a seat can see (after OpenSpiel's information states and resampling): a game whose
position holds things some seat cannot see (face-down chips, others' hands, the order of
a pile) sets ``hidden_information = True`` and overrides two methods:

- ``information(seat)``: the seat's *information view*, a string (hashable, storable)
  of everything it has observed: its own hand, what lies face up, what it peeked at, the
  public record. Two positions with the same view are the same to that seat.
- ``determinize(seat, rng)``: a fresh *determinization*, a copy in which every hidden
  thing is dealt again at random, consistent with the seat's view. It is a function of
  the view and the generator only: two positions with the same view give the same copy
  for generators in the same state (so a bot that searches determinizations cannot tell
  them apart either).

A game whose draws are chance nodes taken when they happen (a pile is a set of unseen
cards, not an order) keeps nothing hidden: the defaults say so (the view is the whole
position, a determinization is a clone).
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from typing import Any

CHANCE = -1
TERMINAL = -2

Action = int | str | tuple[Any, ...]


class State(ABC):
    """One position of a game. Plain data inside; no random generator."""

    # The seat that took (or takes) the first turn: wins by turn order count from it.
    # Games whose first player is chosen at set-up set it; the others start with seat 0.
    first_player: int = 0
    # Whether some seat may be unable to see part of a position (see the module doc).
    hidden_information: bool = False
    # Where ``turn_count`` reads its count, as an attribute path ("turns", "s.turns"):
    # a value that changes whenever the count does. A simulation reads it after every
    # action and asks ``turn_count`` only when it changed. None: ask after every action.
    turn_field: str | None = None

    @abstractmethod
    def current_player(self) -> int:
        """Seat index (0-based), ``CHANCE`` or ``TERMINAL``."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Sorted; empty only when terminal."""

    @abstractmethod
    def apply_action(self, action: Action) -> int | None:
        """Play ``action``; raise ``ValueError`` if it is not legal. It may return
        ``current_player()`` of the position it leaves (a game whose rules know it at
        once saves the play loop that call; the harness checks it), else None."""

    def legal_view(self) -> list[Action]:
        """``legal_actions()`` without the copy, for a reader that only looks at it
        before the next action (the play loop's chance draws, the random bot): the list
        may be the position's own cache, so it is neither changed nor kept. Games that
        cache their legal actions give it; the default copies."""
        return self.legal_actions()

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node: every outcome with its probability (uniform by default)."""
        actions = self.legal_actions()
        p = 1.0 / len(actions)
        return [(a, p) for a in actions]

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def returns(self) -> list[float]:
        """Final score of every seat (points, dollars, medals: the game's own measure)."""

    def standing(self) -> list[float]:
        """Every seat's score as if the game ended now (the quality measures follow the
        leader through the game with it). Games whose ``returns`` waits for the end
        override it."""
        return self.returns()

    def winners(self) -> list[int]:
        """Seats that win (ties included). Games with tie-breaks override this."""
        scores = self.returns()
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    @abstractmethod
    def turn_count(self) -> int:
        """Turns played so far, as the rules count them (for the simulation summary)."""

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data; ``from_dict`` of it gives an equal state."""

    @abstractmethod
    def invariants(self) -> list[str]:
        """Every rule invariant broken in this position, as a sentence (empty: all hold)."""

    def events(self) -> dict[str, int]:
        """How often each event the game declares has happened so far (elections, fires,
        cave-ins…), every declared name present, zero included, so a mechanic that never
        fires shows in the simulation summary. Games without declared events: empty."""
        return {}

    def information(self, seat: int) -> str:
        """What ``seat`` has observed, as canonical JSON (the module doc). Without hidden
        information: the whole position."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    def determinize(self, seat: int, rng: random.Random) -> State:
        """A copy with every hidden thing dealt again at random, consistent with what
        ``seat`` has observed (the module doc). Without hidden information: a clone."""
        return self.clone()

    def action_to_string(self, action: Action) -> str:
        """The action in the game's own words (for logs)."""
        return repr(action)

    def describe(self) -> str:
        """A short plain-words summary of the position (for logs); optional."""
        return ""

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]


class Game(ABC):
    """A rules implementation bound to one validated component data set."""

    id: str
    min_players: int
    max_players: int

    @abstractmethod
    def new_initial_state(self, players: int) -> State: ...

    @abstractmethod
    def state_from_dict(self, data: dict[str, Any]) -> State: ...

    @abstractmethod
    def max_game_length(self, players: int) -> int:
        """An upper bound on the number of actions (chance included) in any game."""
