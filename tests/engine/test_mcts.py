"""The general bot: Monte-Carlo search over the State API, seeded and deterministic."""

from __future__ import annotations

import pickle

from generator.engine.bots import RandomBot
from generator.engine.mcts import MctsBot, mcts_factory
from generator.engine.playout import play
from generator.engine.simulate import run

from .toy import KEEP, ToyGame, ToyState


def test_names_and_budgets() -> None:
    assert mcts_factory("mcts") is not None and mcts_factory("mcts:400") is not None
    for bad in ("mcts:0", "mcts:x", "mcts:-4", "mcts:100001", "mctsx", "greedy"):
        assert mcts_factory(bad) is None, bad
    bot = mcts_factory("mcts:7")(1, "s")  # type: ignore[misc]
    assert isinstance(bot, MctsBot) and bot.playouts == 7 and bot.seat == 1
    pickle.dumps(mcts_factory("mcts:7"))  # travels to worker processes


def test_it_finds_the_winning_move_of_a_position() -> None:
    # seat 0 has 7 points and a 3 to place: keeping it wins at once
    state = ToyState([7, 8], seat=0, roll=3)
    assert MctsBot(0, "s", playouts=20).step(state) == KEEP


def test_same_seed_same_game() -> None:
    bots = [("mcts:10", mcts_factory("mcts:10")), ("random", RandomBot)]
    first = play(ToyGame(), 2, bots, "x")  # type: ignore[list-item]
    assert first.actions == play(ToyGame(), 2, bots, "x").actions  # type: ignore[arg-type]


def test_it_beats_random_in_the_toy_game() -> None:
    factory = mcts_factory("mcts:12")
    assert factory is not None
    summary = run(ToyGame(), 2, 40, 3, [("mcts:12", factory), ("random", RandomBot)],
                  rotate=True)
    assert summary["lineup"][0]["wins"] >= 30, summary["lineup"]
