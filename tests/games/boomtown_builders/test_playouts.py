"""Whole games: the generic harness, any legal sequence (Hypothesis), setup per player
count, the final round's stack of tokens, determinism, and greedy against random."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from seating import first_decision

from generator.engine.api import CHANCE
from generator.engine.bots import RandomBot
from generator.engine.harness import random_sim, scores_are_final
from generator.engine.playout import play
from generator.games.boomtown_builders import SPEC
from generator.games.boomtown_builders.bots import GreedyBot

ROOT = Path(__file__).resolve().parents[3]
PLAYERS = (2, 3, 4)


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("terrain", [True, False], ids=["advanced", "basic"])
def test_random_sim_harness(data, players: int, seed: int, terrain: bool) -> None:  # type: ignore[no-untyped-def]
    from generator.games.boomtown_builders.rules import BoomtownGame
    game = BoomtownGame(data, terrain=terrain)
    final = random_sim(game, players, seed, deep_every=7)
    scores_are_final(final)
    assert len(final.b.tokens) == game.tables.rows
    assert final.turn_count() == players * game.tables.rounds(players)


@pytest.mark.parametrize(("players", "draft", "terrain"), [(2, 4, 12), (3, 4, 9), (4, 5, 6)])
def test_setup_by_player_count(game, players: int, draft: int, terrain: int) -> None:  # type: ignore[no-untyped-def]
    state = game.new_initial_state(players)
    assert state.b.train == 4  # Setup 8: middle location (column 5) of the first row
    assert state.b.cubes == [{"single": 7, "double": 4, "triple": 3}] * players
    assert sum(lot.kind == "hideout" for lot in state.b.lots) == 6
    while state.current_player() == CHANCE:
        state.apply_action(state.legal_actions()[0])
    assert len(state.b.draft) == draft
    assert sum(lot.kind == "terrain" for lot in state.b.lots) == terrain
    assert state.current_player() == 0


@pytest.mark.parametrize(("players", "rounds", "stack"), [(2, 9, 2), (3, 8, 3), (4, 9, 2)])
def test_final_round_places_the_whole_stack(game, players: int, rounds: int, stack: int) -> None:  # type: ignore[no-untyped-def]
    assert game.tables.tokens_by_round[players] == (1,) * (rounds - 1) + (stack,)
    record = play(game, players, [("random", RandomBot)] * players, seed=5)
    last_invest = max(i for i, a in enumerate(record.actions) if a[0] in ("invest", "pass"))
    after = [a for a in record.actions[last_invest:] if a[0] == "track"]
    assert [a[1] for a in after] == list(range(10 - stack, 10))
    assert record.completed and record.turns == rounds * players


def _simulate(*args: str) -> dict:  # type: ignore[type-arg]
    run = subprocess.run([sys.executable, "-m", "generator", "simulate", "boomtown-builders",
                          *args], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_simulate_command_is_deterministic() -> None:
    first = _simulate("--games", "20", "--seed", "3", "--json")
    second = _simulate("--games", "20", "--seed", "3", "--json")
    first.pop("seconds")
    second.pop("seconds")
    assert first == second
    assert first["completed"] == 20 and first["violations"] == []


def test_log_reads_like_the_game_and_picture_is_drawn(tmp_path: Path) -> None:
    out = tmp_path / "table.svg"
    run = subprocess.run([sys.executable, "-m", "generator", "simulate", "boomtown-builders",
                          "--players", "2", "--log", "--picture", str(out)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "P1: Yellow builds the " in run.stdout
    assert "end of round 9: Track Token 10 placed at row 10" in run.stdout
    svg = out.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "Yellow:" in svg and "Red:" in svg


def test_picture_labels_each_cube_with_what_it_scores(scenario) -> None:  # type: ignore[no-untyped-def]
    # The Saloon on the tracks scores 7 x2; the Bank beside a token at distance 3 none.
    state = scenario(2, buildings=[(4, 4, "saloon", 0, "double"), (5, 1, "bank", 1, "single")],
                     tokens=[4] * 10)
    assert SPEC.picture is not None
    svg = SPEC.picture(state)
    assert "x2: 7x2 = 14 VP" in svg and "x1: 0 VP" in svg


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_greedy_beats_random(game, players: int) -> None:  # type: ignore[no-untyped-def]
    # Greedy sits in every seat in turn, against random players; over 120 games its win
    # share must be well above the fair share 1/players.
    games, wins = 120, 0.0
    for i in range(games):
        seat = i % players
        bots = [("greedy", GreedyBot) if s == seat else ("random", RandomBot)
                for s in range(players)]
        record = play(game, players, bots, seed=i, check="end")
        assert record.completed
        wins += (seat in record.winners) / len(record.winners)
    assert wins / games > 1 / players + 0.25  # 2 players: above 0.75; 4: above 0.5


def test_spec_names_both_bots() -> None:
    assert set(SPEC.bots) == {"random", "greedy"}
    assert SPEC.picture is not None and SPEC.make_game is not None


def test_the_first_player_makes_the_first_decision(game) -> None:  # type: ignore[no-untyped-def]
    # Wins by turn order read `first_player`: who holds the Starting Player Marker first.
    state = first_decision(game, 3)
    assert state.current_player() == state.first_player == state.b.start_seat == 0
