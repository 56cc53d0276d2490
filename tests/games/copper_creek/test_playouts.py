"""Whole games: the generic harness, any legal sequence, determinism, bot strength."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from generator.engine.bots import RandomBot
from generator.engine.playout import play, replay
from generator.games.copper_creek import SPEC
from generator.games.copper_creek.bots import GreedyBot


def test_simulate_json_is_the_same_twice_seconds_aside():
    cmd = [sys.executable, "-m", "generator", "simulate", "copper-creek", "--games", "20",
           "--seed", "3", "--json"]
    outs = []
    for _ in range(2):
        done = subprocess.run(cmd, capture_output=True, text=True, check=True)
        summary = json.loads(done.stdout)
        summary.pop("seconds")
        outs.append(summary)
    assert outs[0] == outs[1]
    assert outs[0]["completed"] == 20 and outs[0]["violations"] == []


def test_first_four_turns_pay_nothing_and_1882_waits_for_the_7th_card(game):
    for seed in range(15):
        record = play(game, 3 + seed % 4, [("random", RandomBot)] * (3 + seed % 4), seed)
        final = replay(game, record.players, record.actions)
        assert final.first_income_turn == 0 or final.first_income_turn > 4
        assert final.elections[0][1] >= 7
        assert [year for year, _ in final.elections] == [1882, 1883, 1884]


@pytest.mark.slow
def test_greedy_beats_random_clearly(game):
    wins = 0
    games = 120
    for i in range(games):
        seat = i % 4
        bots = [("random", RandomBot)] * 4
        bots[seat] = ("greedy", GreedyBot)
        wins += seat in play(game, 4, bots, seed=f"strength/{i}", check="end").winners
    assert wins / games > 0.45  # a fair share is 0.25


def test_spec_names_both_bots():
    assert set(SPEC.bots) == {"random", "greedy"}


def test_log_tells_draws_elections_income_and_the_end(game):
    record = play(game, 3, [("greedy", GreedyBot)] * 3, seed=2, log=True)
    text = "\n".join(record.log)
    for words in ("goes first", "start card", "1882 election", "1883 election",
                  "1884 election", "the game ends", "builds", "buys a share of", "passes"):
        assert words in text
    assert sum("no income" in line for line in record.log if "draws" in line) >= 3


def test_picture_of_the_final_town_draws_every_square_and_door(game):
    from xml.etree import ElementTree

    from generator.games.copper_creek.picture import picture

    record = play(game, 4, [("random", RandomBot)] * 4, seed=8)
    final = replay(game, 4, record.actions)
    svg = ElementTree.fromstring(picture(final))
    ns = "{http://www.w3.org/2000/svg}"
    rects = svg.findall(f"{ns}rect")
    # background + two streets + one per covered square + one outline per card
    assert len(rects) == 3 + len(final.town.covered) + len(final.placed)
    assert len(svg.findall(f"{ns}line")) == len(final.town.doors)
    texts = " ".join(t.text or "" for t in svg.iter(f"{ns}text"))
    assert "Front Street" in texts and "Main Street" in texts and "P4:" in texts
    assert "P1" in final.describe() and "calendar" in final.describe()
