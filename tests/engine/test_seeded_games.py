"""Seeded games pinned as the rules played them at commit 7a1c0fb: speeding the engines up
must not change a single action or score (issue 14, "Faster engines")."""

from __future__ import annotations

import hashlib
import json

import pytest

from generator.deck.validate import validate_game
from generator.engine.playout import play
from generator.games import GAMES

# game, players, bot in every seat, seed, actions, final scores, digest of the action list
PINNED = [
    ("copper-creek", 4, "random", "pin/0", 81, [19.0, 9.0, 32.0, 23.0], "796cf385353dff72"),
    ("copper-creek", 4, "random", "pin/1", 76, [20.0, 17.0, 22.0, 16.0], "6d0374611c324fde"),
    ("copper-creek", 4, "random", "pin/2", 69, [21.0, 22.0, 17.0, 12.0], "a4b7b9913a8a2c5f"),
    ("copper-creek", 3, "greedy", "pin/0", 71, [15.0, 31.0, 44.0], "fee78e407c1301af"),
    ("copperdale", 1, "random", "pin/0", 120, [2.0], "01d076da4d1ba246"),
    ("copperdale", 1, "random", "pin/1", 115, [3.0], "9a32f384f11a9e22"),
    ("copperdale", 1, "random", "pin/2", 114, [3.0], "62312ca48ae9008e"),
    ("copperdale", 1, "greedy", "pin/0", 129, [16.0], "d5d6ce89c8807dbb"),
    ("kings-of-copper", 4, "random", "pin/0", 1417, [325.0, 2560.0, 965.0, 175.0],
     "6b9df1000753d632"),
    ("kings-of-copper", 4, "random", "pin/1", 1464, [1135.0, 770.0, 155.0, 1820.0],
     "b3251f6aa15c2e62"),
    ("kings-of-copper", 2, "greedy", "pin/0", 336, [2310.0, 665.0], "214202f53832bf6f"),
    ("cold-comfort", 4, "random", "pin/0", 298, [13.0, 6.0, 17.0, 2.0], "0ab163fe4ad54522"),
    ("cold-comfort", 4, "random", "pin/1", 273, [2.0, 8.0, 8.0, 3.0], "70cfcf21bb21d63c"),
    ("cold-comfort", 4, "random", "pin/2", 280, [8.0, 10.0, 10.0, 4.0], "2de79a8c58fa43ff"),
    ("cold-comfort", 3, "greedy", "pin/0", 210, [21.0, 22.0, 20.0], "9b57172e990ba429"),
    ("boomtown-builders", 4, "random", "pin/0", 136, [10.0, 19.0, 39.0, 66.0],
     "007029c018a55cd4"),
    ("boomtown-builders", 4, "random", "pin/1", 137, [33.0, 24.0, 49.0, 22.0],
     "18a048591da6b5c4"),
    ("boomtown-builders", 4, "random", "pin/2", 137, [5.0, 54.0, 20.0, 10.0],
     "51b1726c8c37fe59"),
    ("boomtown-builders", 3, "greedy", "pin/0", 107, [40.0, 55.0, 61.0], "d149c52c32e739c9"),
]


@pytest.mark.parametrize(("game_id", "players", "bot", "seed", "length", "scores", "digest"),
                         PINNED)
def test_a_seeded_game_plays_as_pinned(game_id: str, players: int, bot: str, seed: str,
                                       length: int, scores: list[float], digest: str) -> None:
    spec = GAMES[game_id]
    data = validate_game(spec).data
    assert spec.make_game is not None and data is not None
    record = play(spec.make_game(data), players, [(bot, spec.bots[bot])] * players, seed,
                  check="end")
    actions = json.dumps(record.to_dict()["actions"]).encode()
    assert (len(record.actions), record.scores) == (length, scores)
    assert hashlib.sha256(actions).hexdigest()[:16] == digest
    assert record.completed and not record.violations
