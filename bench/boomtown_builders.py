"""Boomtown Builders: games per second per player count, random and greedy bots.

Plain script (not run by the tests):  .venv/bin/python bench/boomtown_builders.py [GAMES]
Invariants are checked once at the end of each game ("end"), as a plain playout would.
"""

from __future__ import annotations

import sys
import time

from generator.engine.bots import RandomBot
from generator.engine.playout import play
from generator.games.boomtown_builders import SPEC
from generator.games.boomtown_builders.bots import GreedyBot
from generator.validate import validate_game


def main(games: int) -> None:
    loaded = validate_game(SPEC)
    if loaded.data is None:
        sys.exit("boomtown-builders data is invalid: run copperplate validate")
    game = SPEC.make_game(loaded.data)  # type: ignore[misc]
    print(f"boomtown-builders, {games} games per row")
    print(f"{'players':>7} {'bot':>7} {'games/s':>9} {'completed':>10}")
    for players in range(game.min_players, game.max_players + 1):
        for name, bot in (("random", RandomBot), ("greedy", GreedyBot)):
            started = time.perf_counter()
            done = sum(play(game, players, [(name, bot)] * players, seed, check="end").completed
                       for seed in range(games))
            rate = games / (time.perf_counter() - started)
            print(f"{players:>7} {name:>7} {rate:>9.0f} {done:>10}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
