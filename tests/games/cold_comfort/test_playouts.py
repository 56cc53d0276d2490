"""Whole games: the generic harness, any legal sequence, determinism, greedy vs random,
and the Heart of the City."""

from __future__ import annotations

import json
import subprocess
import sys
from xml.etree import ElementTree

import pytest
from seating import first_decision

from generator.engine.api import CHANCE
from generator.engine.bots import RandomBot
from generator.engine.playout import play, replay
from generator.games.cold_comfort.bots import GreedyBot
from generator.games.cold_comfort.picture import picture
from generator.games.cold_comfort.rules import ColdComfortGame

from .scenario import bundled


@pytest.fixture(scope="module")
def game() -> ColdComfortGame:
    return ColdComfortGame(bundled())


def test_simulate_json_is_the_same_twice() -> None:
    def run() -> dict[str, object]:
        out = subprocess.run([sys.executable, "-m", "generator", "simulate", "cold-comfort",
                              "--games", "20", "--seed", "3", "--json"],
                             capture_output=True, text=True, check=True)
        summary = json.loads(out.stdout)
        summary.pop("seconds")
        return summary

    first = run()
    assert first["completed"] == 20 and first["violations"] == []
    assert run() == first


@pytest.mark.slow
def test_greedy_beats_random(game: ColdComfortGame) -> None:
    """Over 30 two-player games (greedy in each seat half the time), greedy wins far more
    than its fair half (bench/simulate.py runs more)."""
    wins = 0
    for i in range(30):
        seat = i % 2
        bots = [("random", RandomBot)] * 2
        bots[seat] = ("greedy", GreedyBot)
        record = play(game, 2, bots, f"duel-{i}", check="end")
        assert record.completed
        wins += record.winners == [seat]
    assert wins >= 24, wins


def _heart(game: ColdComfortGame, players: int, rolls: int) -> tuple[int, int]:
    """Play the Heart of the City drawing tiles in deck order, every die rolling ``rolls``;
    return (tiles in the Heart, dice left in the pool)."""
    state = game.new_initial_state(players)
    while state.phase.startswith("heart"):
        assert state.current_player() == CHANCE
        state.apply_action(state.legal_actions()[0] if state.phase == "heart-draw" else rolls)
    return len(state.city.placed), state.pool


def test_heart_of_the_city_grows_to_four_tiles_while_six_dice_remain(game: ColdComfortGame) -> None:
    # 12 dice, all 1s: each tile has one 1-lot, so one die settles per tile and the rest
    # return; 6 or more stay in the pool, so tiles 3 and 4 follow: 4 tiles, 8 in the pool
    assert _heart(game, 2, 1) == (4, 8)


def test_heart_of_the_city_stops_after_the_fourth_tile(game: ColdComfortGame) -> None:
    # 24 dice, all 6s: one per tile settles; the pool still holds 20 after tile four
    assert _heart(game, 6, 6) == (4, 20)


def test_heart_tile_three_needs_six_dice_left(game: ColdComfortGame) -> None:
    # 2 players, 12 dice; both tiles roll exactly their six lots: the pool is empty, so
    # there is no tile 3 and the first turn begins
    state = game.new_initial_state(2)
    state.apply_action(state.legal_actions()[0])  # tile 1
    for value in (6, 3, 1, 5, 2, 4):  # Front Street holds exactly these six lots
        state.apply_action(value)
    assert state.pool == 6 and state.phase == "heart-draw"
    state.apply_action(state.legal_actions()[0])
    for value in (4, 3, 1, 5, 2, 6):  # First Avenue: exactly its six lots
        state.apply_action(value)
    assert len(state.city.placed) == 2 and state.pool == 0 and state.phase == "turn"


def test_heart_tile_three_comes_with_exactly_six_dice_left(game: ColdComfortGame) -> None:
    # 4 players, 18 dice; both tiles roll exactly their six lots: 6 dice are left, just
    # enough ("while six dice remain"), so tile 3 is drawn; with 5 left it would not be
    for players, left, phase in ((4, 6, "heart-draw"), (3, 3, "turn")):
        state = game.new_initial_state(players)
        for values in ((6, 3, 1, 5, 2, 4), (4, 3, 1, 5, 2, 6)):  # Front St., First Ave.
            state.apply_action(state.legal_actions()[0])
            for value in values:
                state.apply_action(value)
        assert (state.pool, state.phase) == (left, phase)


def test_log_and_picture_of_the_final_city(game: ColdComfortGame) -> None:
    bots = [("greedy", GreedyBot), ("random", RandomBot)]
    record = play(game, 2, bots, "picture", log=True)
    text = "\n".join(record.log)
    assert "for the Heart of the City" in text and "scoring round 9:" in text
    assert text.count("-- scoring round") == 9
    final = replay(game, 2, record.actions)
    svg = picture(final)
    ElementTree.fromstring(svg)  # well-formed
    assert svg.count('stroke-width="2"') == len(final.city.placed)  # one outline per tile
    assert "P1 Belinda Mulrooney" in svg and "after 9 scoring rounds" in svg


def test_the_first_player_makes_the_first_decision(game) -> None:
    # Wins by turn order read `first_player`: the seat with the least starting Gold.
    state = first_decision(game, 4)
    assert state.current_player() == state.first_player == 0
    assert state.gold[state.first_player] == min(state.gold)
