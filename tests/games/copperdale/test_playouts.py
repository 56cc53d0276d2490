"""Whole games: the generic harness, any legal sequence, determinism, bot strength."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from generator.engine.bots import RandomBot
from generator.engine.harness import play_checked
from generator.engine.playout import play
from generator.games.copperdale import SPEC
from generator.games.copperdale.bots import GreedyBot


def test_harness_with_greedy_choices(game) -> None:
    bot = GreedyBot(0, 5)
    rng = random.Random(5)

    def choose(state, actions):  # type: ignore[no-untyped-def]
        return rng.choice(actions) if state.current_player() < 0 else bot.step(state)

    state = play_checked(game, 1, choose)
    assert 0 <= state.returns()[0] <= game.tables.medal_total


def test_illegal_action_raises(game) -> None:
    state = game.new_initial_state(1)
    with pytest.raises(ValueError):
        state.apply_action(("assign", "economy"))  # a card must be revealed first
    with pytest.raises(ValueError):
        game.new_initial_state(2)


def _record(game, seed: str, bot=RandomBot):  # type: ignore[no-untyped-def]
    return play(game, 1, [("bot", bot)], seed)


def _simulate_json() -> dict:  # type: ignore[type-arg]
    run = subprocess.run([sys.executable, "-m", "generator", "simulate", "copperdale",
                          "--games", "20", "--seed", "3", "--json"],
                         capture_output=True, text=True, check=True)
    out = json.loads(run.stdout)
    out.pop("seconds")
    return out


def test_simulate_json_is_deterministic_and_clean() -> None:
    first = _simulate_json()
    assert first == _simulate_json()
    assert first["completed"] == 20 and first["violations"] == []
    assert first["turns"] == {"min": 12, "mean": 12.0, "max": 12}


def test_simulate_log_reads_as_a_game() -> None:
    run = subprocess.run([sys.executable, "-m", "generator", "simulate", "copperdale",
                          "--log", "--seed", "2"], capture_output=True, text=True, check=True)
    lines = run.stdout.splitlines()
    assert lines[0].startswith("chance: Month 1: the Border card is the ")
    assert sum("the Border card is" in line for line in lines) == 12
    assert "game over:" in run.stdout and run.stdout.rstrip().endswith("winners: P1")


@pytest.mark.slow
def test_greedy_clearly_beats_random(game) -> None:
    games = 60
    greedy = [_record(game, f"g/{i}", GreedyBot).scores[0] for i in range(games)]
    rand = [_record(game, f"g/{i}").scores[0] for i in range(games)]
    assert sum(greedy) / games >= sum(rand) / games + 8
    assert sum(g > r for g, r in zip(greedy, rand, strict=True)) >= games * 0.9


def test_spec_registers_both_bots() -> None:
    assert set(SPEC.bots) == {"random", "greedy"}
