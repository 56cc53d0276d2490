"""Whole games: the generic harness, any legal sequence, determinism, bot strength."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.engine.bots import RandomBot
from generator.engine.harness import play_checked, random_sim, scores_are_final
from generator.engine.playout import play, replay
from generator.games.copperdale import SPEC
from generator.games.copperdale.bots import GreedyBot


@pytest.mark.parametrize("seed", range(8))
def test_random_sim_harness(game, seed: int) -> None:
    for players in range(game.min_players, game.max_players + 1):
        state = random_sim(game, players, seed)
        scores_are_final(state)
        assert state.turn_count() == game.tables.months
        # 12 months x 3 cards from the 40-card Main Deck, at most one put back a month
        assert len(state.discard) == game.tables.months * 4


def test_harness_with_greedy_choices(game) -> None:
    bot = GreedyBot(0, 5)
    rng = random.Random(5)

    def choose(state, actions):  # type: ignore[no-untyped-def]
        return rng.choice(actions) if state.current_player() < 0 else bot.step(state)

    state = play_checked(game, 1, choose)
    assert 0 <= state.returns()[0] <= game.tables.medal_total


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_legal_sequence_keeps_the_invariants(game, data) -> None:  # type: ignore[no-untyped-def]
    state = game.new_initial_state(1)
    steps = 0
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply_action(actions[data.draw(st.integers(0, len(actions) - 1))])
        assert state.invariants() == []
        steps += 1
        assert steps <= game.max_game_length(1)
    assert state.turn_count() == game.tables.months
    assert 0 <= state.returns()[0] <= game.tables.medal_total


def test_illegal_action_raises(game) -> None:
    state = game.new_initial_state(1)
    with pytest.raises(ValueError):
        state.apply_action(("assign", "economy"))  # a card must be revealed first
    with pytest.raises(ValueError):
        game.new_initial_state(2)


def test_clone_is_independent(game) -> None:
    state = game.new_initial_state(1)
    state.apply_action(state.legal_actions()[0])
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert copy != state and copy.unseen != state.unseen


def _record(game, seed: str, bot=RandomBot):  # type: ignore[no-untyped-def]
    return play(game, 1, [("bot", bot)], seed)


def test_same_seed_same_game(game) -> None:
    first = _record(game, "7/0").to_dict()
    random.seed(12345)
    random.random()  # the global generator must not matter
    second = _record(game, "7/0").to_dict()
    assert first == second
    assert first != _record(game, "7/1").to_dict()


def test_record_replays_to_the_same_end(game) -> None:
    record = _record(game, "9/0", GreedyBot)
    final = replay(game, 1, record.actions)
    assert final.is_terminal() and final.returns() == record.scores


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


def test_greedy_clearly_beats_random(game) -> None:
    games = 60
    greedy = [_record(game, f"g/{i}", GreedyBot).scores[0] for i in range(games)]
    rand = [_record(game, f"g/{i}").scores[0] for i in range(games)]
    assert sum(greedy) / games >= sum(rand) / games + 8
    assert sum(g > r for g, r in zip(greedy, rand, strict=True)) >= games * 0.9


def test_spec_registers_both_bots() -> None:
    assert set(SPEC.bots) == {"random", "greedy"}
