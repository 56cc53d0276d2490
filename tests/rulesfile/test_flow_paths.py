"""The flow of play's shortcuts play exactly as the general way does: after a chance
outcome, the rest of the one frame left run at once and what follows the action read at
once (``Flow._resume``), against ``settle`` and ``run_frames`` doing it step by step; a
phase that ends running no effect goes on to the next at once (``Program.end_fixed``),
against ``settle`` reading the end again — the same variables and cards, the same steps
counted, the same fault."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from generator.engine.api import CHANCE
from rulesfile.starters import STARTERS, dealt


def _slow(state: Any) -> Any:
    """``state`` with the shortcut after a chance outcome turned off (``settle`` instead)."""
    state._resume = lambda: False
    return state


def _counted(state: Any, answers: list[bool]) -> None:
    """Keep in ``answers`` what the shortcut answers, each time ``state`` asks it."""
    shortcut = state._resume
    state._resume = lambda: answers.append(shortcut()) or answers[-1]


def _same(fast: Any, slow: Any) -> None:
    assert fast.to_dict() == slow.to_dict()
    assert fast.steps == slow.steps and fast.fault == slow.fault
    assert fast.current_player() == slow.current_player()
    assert fast.legal_actions() == slow.legal_actions()


@pytest.mark.parametrize("name", list(STARTERS))
def test_a_chance_outcome_resumed_at_once_plays_as_settle_does(built: dict[str, Any],
                                                                name: str) -> None:
    game, _ = built[name]
    resumed: list[bool] = []  # what the shortcut answered, each time it was asked
    for seed in range(3):
        rng = random.Random(seed)
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        fast = game.new_initial_state(players)
        slow = _slow(game.new_initial_state(players))
        _same(fast, slow)
        _counted(fast, resumed)
        while not fast.is_terminal():
            action = rng.choice(fast.legal_actions())
            fast.apply_action(action)
            slow.apply_action(action)
            _same(fast, slow)
    # high-noon and land-rush draw only at set-up, boomtown only inside a repeat
    assert any(resumed) is (name not in ("high-noon", "land-rush", "boomtown"))


def test_a_fault_in_what_follows_the_outcome_is_the_same(built: dict[str, Any]) -> None:
    """Gold-camp's roll: after the die, its gain of coins finds a word where a number
    should be: the same fault at the same instruction, the same steps, either way."""
    game, _ = built["gold-camp"]
    for face in (1, 6):
        fast, slow = dealt(game, 3), _slow(dealt(game, 3))
        for state in (fast, slow):
            state.apply_action(("roll",))
            assert state.current_player() == CHANCE
            state.vars[state.var_slot["coins"] + state.player] = "gold"
            state.apply_action(face)
        assert fast.fault is not None and fast.fault[0][-1] == 1  # the gain after the roll
        _same(fast, slow)


def test_a_phase_ended_at_once_plays_as_settle_ends_it(built: dict[str, Any]) -> None:
    """Gold-camp's phases end after each action running nothing, and its end reads no
    seat: the next phase begins at once, as through ``settle``'s reading of the end."""
    game, _ = built["gold-camp"]
    for seed in range(4):
        players = 2 + seed % 4
        fast = game.new_initial_state(players)
        assert fast.prog.end_fixed
        assert not any(fast.prog.blocks[phase.end] for phase in fast.prog.phases)
        slow = game.new_initial_state(players)
        slow.prog = dataclasses.replace(slow.prog, end_fixed=False)
        rng = random.Random(seed)
        while not fast.is_terminal():
            action = rng.choice(fast.legal_actions())
            fast.apply_action(action)
            slow.apply_action(action)
            _same(fast, slow)



@pytest.mark.parametrize("name", ["claim-jumper", "gold-camp"])
def test_an_action_opening_with_chance_waits_as_run_frames_leaves_it(
        built: dict[str, Any], name: str) -> None:
    """Claim-jumper's dig (a draw from the shuffled deck) and gold-camp's roll wait for
    chance at once when played (``Program.opening``), leaving the frame, the steps and the
    chance awaited as ``settle`` running the action's block leaves them."""
    game, _ = built[name]
    for seed in range(4):
        players = 2 + seed % 3
        fast, slow = game.new_initial_state(players), game.new_initial_state(players)
        assert any(fast.prog.opening)
        slow.prog = dataclasses.replace(slow.prog, opening=[None] * len(slow.prog.opening))
        rng, waited = random.Random(seed), 0
        while not fast.is_terminal():
            action = rng.choice(fast.legal_actions())
            fast.apply_action(action)
            slow.apply_action(action)
            _same(fast, slow)
            assert fast.frames == slow.frames
            waited += isinstance(action, tuple) and fast.current_player() == CHANCE
        assert waited
