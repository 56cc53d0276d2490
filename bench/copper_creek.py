"""Copper Creek throughput: games per second per player count and bot (not run by tests).

    .venv/bin/python bench/copper_creek.py [--games N] [--balance N]

Plays seeded games with ``check="end"`` (invariants once per game, as a balance run
would). ``--balance N`` also times N four-player random games, the issue's target
being 10,000 in under a minute on one core.
"""

from __future__ import annotations

import argparse
import time

from generator.engine.bots import RandomBot
from generator.engine.playout import play
from generator.games.copper_creek import SPEC
from generator.games.copper_creek.bots import GreedyBot
from generator.games.copper_creek.rules import CopperCreekGame
from generator.validate import validate_game


def rate(game: CopperCreekGame, players: int, bot: type, games: int) -> tuple[float, float]:
    started = time.perf_counter()
    points = 0.0
    for i in range(games):
        record = play(game, players, [(bot.name, bot)] * players, f"bench/{i}", check="end")
        assert record.completed, record.violations
        points += max(record.scores)
    return games / (time.perf_counter() - started), points / games


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--balance", type=int, default=0)
    args = parser.parse_args()
    game = CopperCreekGame(validate_game(SPEC).data)
    print("| players | bot | games | games/s | ms/game | mean winning points |")
    print("|---:|---|---:|---:|---:|---:|")
    for players in range(game.min_players, game.max_players + 1):
        for bot in (RandomBot, GreedyBot):
            per_s, mean = rate(game, players, bot, args.games)
            print(f"| {players} | {bot.name} | {args.games} | {per_s:,.1f} | "
                  f"{1000 / per_s:.1f} | {mean:.1f} |", flush=True)
    if args.balance:
        per_s, _ = rate(game, 4, RandomBot, args.balance)
        print(f"balance run: {args.balance} four-player random games in "
              f"{args.balance / per_s:.1f} s")


if __name__ == "__main__":
    main()
