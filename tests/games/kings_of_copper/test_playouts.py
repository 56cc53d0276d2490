"""Whole games: the generic harness, any legal sequence (Hypothesis), determinism, the
declared maximum length, and greedy beating random."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from generator.engine.bots import RandomBot
from generator.engine.harness import random_sim
from generator.engine.playout import play
from generator.engine.simulate import run
from generator.games.kings_of_copper import SPEC
from generator.games.kings_of_copper.bots import GreedyBot


def test_illegal_action_is_refused(game) -> None:  # type: ignore[no-untyped-def]
    state = game.new_initial_state(2)
    with pytest.raises(ValueError):
        state.apply_action(("roll", 9, 9))


def test_simulate_json_is_repeatable() -> None:
    cmd = [sys.executable, "-m", "generator", "simulate", "kings-of-copper", "--games", "20", "--players", "2",
           "--seed", "3", "--json"]
    outs = [json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)
            for _ in range(2)]
    for out in outs:
        out.pop("seconds")
    assert outs[0] == outs[1]
    assert outs[0]["completed"] == 20 and outs[0]["violations"] == []


def test_every_game_ends_within_the_declared_maximum(game) -> None:  # type: ignore[no-untyped-def]
    # the hard stop is the last shift: no game can outlast it, whatever is rolled
    rules = game.tables.rules
    for players in (2, 3, 4):
        record = play(game, players, [("random", RandomBot)] * players, f"max/{players}",
                      check="end")
        assert record.completed and record.turns <= rules.last_shift_round * players
        assert len(record.actions) < game.max_game_length(players)


@pytest.mark.slow
def test_greedy_beats_random(game) -> None:  # type: ignore[no-untyped-def]
    games = 40
    summary = run(game, 2, games, 11, [("greedy", GreedyBot), ("random", RandomBot)],
                  check="end")
    assert summary["completed"] == games
    # a fair share is 50 %; greedy must win clearly more
    assert summary["wins_by_seat"][0] >= 0.7 * games, summary["wins_by_seat"]


def test_log_and_picture(tmp_path) -> None:  # type: ignore[no-untyped-def]
    picture = tmp_path / "table.svg"
    run_ = subprocess.run([sys.executable, "-m", "generator", "simulate", "kings-of-copper",
                           "--players", "2", "--log", "--picture", str(picture)],
                          capture_output=True, text=True)
    assert run_.returncode == 0, run_.stderr
    assert "rolls" in run_.stdout and "final scores" in run_.stdout
    svg = picture.read_text()
    assert svg.startswith("<svg") and "KING OR QUEEN OF COPPER" in svg


def test_clone_copies_every_field(game) -> None:  # type: ignore[no-untyped-def]
    # a field missing from the hand-written copy would be shared between clones
    from dataclasses import fields

    from generator.games.kings_of_copper.state import LIST_FIELDS, NESTED_FIELDS, Table
    scalars = {f.name for f in fields(Table)} - set(LIST_FIELDS) - set(NESTED_FIELDS) - {
        "mines", "counts"}
    state = random_sim(game, 2, 4, deep_every=50)
    for name in scalars:
        assert not isinstance(getattr(state.s, name), (list, dict)), name
    assert state.clone().s.counts is not state.s.counts  # the event counters, copied too


def test_spec_names_both_bots() -> None:
    assert set(SPEC.bots) == {"random", "greedy"}
