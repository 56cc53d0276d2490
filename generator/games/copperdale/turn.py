"""The State API of Copperdale over the month's queue of tasks: whose move it is, what
may be played, playing it (``resolve`` does what each task does)."""

from __future__ import annotations

from bisect import bisect_left

from generator.engine.api import CHANCE, TERMINAL, Action
from generator.games.copperdale.resolve import (
    CHANCE_KINDS,
    DRAWN,
    PERFORM,
    Events,
    advance,
    options,
)
from generator.games.copperdale.state import CopperdalePosition


def current_player(s: CopperdalePosition) -> int:
    todo = s.todo
    if not todo:
        return TERMINAL
    return CHANCE if todo[0][0] in CHANCE_KINDS else 0


def legal_actions(s: CopperdalePosition) -> list[Action]:
    legal = s._legal
    return list(legal_list(s) if legal is None else legal)


def legal_list(s: CopperdalePosition) -> list[Action]:
    """Cached until the next action: bots, the playout and apply_action all ask (the
    list itself: copied only for callers)."""
    if s._legal is None:
        s._legal = options(s, s.todo[0]) if s.todo else []
    return s._legal


def apply_action(s: CopperdalePosition, action: Action, events: Events = None) -> int:
    """Play ``action`` (telling what happened in ``events``, if given): the task at the
    head of the queue takes it, then the month runs on to the next choice. Spelled out
    in one function: this is every simulation's inner loop."""
    legal = s._legal
    if legal is None:
        legal = legal_list(s)
    steps = PERFORM
    if legal is s.unseen:  # a draw from the unseen pool, kept sorted: found by bisection
        i = bisect_left(legal, action) if type(action) is int else len(legal)
        if i == len(legal) or legal[i] != action:
            _refuse(s, action)
        del legal[i]  # the card leaves the pool here, found once
        steps = DRAWN
    elif action not in legal:
        _refuse(s, action)
    s._legal = None
    todo = s.todo
    kind = todo[0][0]
    del todo[0]
    steps[kind](s, action, events)
    return advance(s, events)  # the player to move, as ``current_player`` tells it


checked_play = apply_action


def _refuse(s: CopperdalePosition, action: Action) -> None:
    raise ValueError(f"illegal action {action!r} in month {s.month}")
