"""The running counts the medals are read from (``state.RUNNING``) equal a full recount of
the sheet at every step of seeded games, through clones and records."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from generator.games.copperdale.bots import GreedyBot
from generator.games.copperdale.rules import CopperdaleState
from generator.games.copperdale.state import RUNNING

WRITES = ("write_occupation", "write_district", "fill_estate", "fill_monument",
          "add_population", "add_border")


def recounted(state: CopperdaleState) -> tuple[Any, ...]:
    fresh = state.clone()
    fresh.recount()
    return fresh.running()


def first_mismatch(game, seeds: range, greedy: bool = False,  # type: ignore[no-untyped-def]
                   moved: set[str] | None = None) -> str | None:
    """Play seeded games (random choices, or greedy ones: the bot's look-ahead clones the
    position many times) checking the running counts after every action and through a
    record at each month's start; the first disagreement, or None. ``moved`` gathers the
    counts that changed in these games."""
    moved = set() if moved is None else moved
    start = game.new_initial_state(1).running()
    for seed in seeds:
        rng, bot = random.Random(seed), GreedyBot(0, seed)
        state = game.new_initial_state(1)
        if state.running() != recounted(state):
            return f"the first position: {state.running()} != {recounted(state)}"
        while not state.is_terminal():
            chance = state.current_player() < 0
            state.apply_action(rng.choice(state.legal_actions()) if chance or not greedy
                               else bot.step(state))
            running = state.running()
            if running != recounted(state):
                return f"seed {seed}, month {state.month}: {running} != {recounted(state)}"
            if state.todo and state.todo[0][0] == "border-card":
                assert game.state_from_dict(state.to_dict()).running() == running
            moved |= {name for name, a, b in zip(RUNNING, start, running, strict=True)
                      if a != b}
    return None


def test_running_counts_equal_a_recount_in_seeded_games(game) -> None:
    moved: set[str] = set()
    assert first_mismatch(game, range(40), moved=moved) is None
    assert first_mismatch(game, range(2), greedy=True, moved=moved) is None
    assert moved == set(RUNNING), f"never moved, so never checked: {set(RUNNING) - moved}"


def _dropping(write: Callable[..., Any]) -> Callable[..., Any]:
    """``write`` that fills the sheet but leaves the running counts as they were."""
    def dropped(self: CopperdaleState, *args: Any) -> Any:
        before = self.running()
        result = write(self, *args)
        for name, value in zip(RUNNING, before, strict=True):
            setattr(self, name, value)
        return result
    return dropped


@pytest.mark.parametrize("write", WRITES)
def test_a_dropped_update_is_caught(game, monkeypatch, write: str) -> None:
    monkeypatch.setattr(CopperdaleState, write, _dropping(getattr(CopperdaleState, write)))
    assert first_mismatch(game, range(40)) is not None


def test_a_clone_keeps_its_own_counts(game) -> None:
    rng = random.Random(7)
    state = game.new_initial_state(1)
    while state.month < 6:
        state.apply_action(rng.choice(state.legal_actions()))
    before = state.running()
    copy = state.clone()
    while not copy.is_terminal():
        copy.apply_action(rng.choice(copy.legal_actions()))
    assert copy.running() != before and state.running() == before == recounted(state)
