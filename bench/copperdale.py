"""Copperdale throughput: games per second for each bot and player count (not run by tests).

    .venv/bin/python bench/copperdale.py [--games N]

Plays seeded games with ``check="end"`` (invariants once per game, as a bulk run would)
and with ``check="step"`` (after every action, as ``copperplate simulate`` does). Rates
are per second of this process's CPU time, so a busy machine does not halve them.
"""

from __future__ import annotations

import argparse
import time

from generator.engine.bots import RandomBot
from generator.engine.playout import play
from generator.games.copperdale import SPEC
from generator.games.copperdale.bots import GreedyBot
from generator.games.copperdale.rules import CopperdaleGame
from generator.validate import validate_game


def rate(game: CopperdaleGame, players: int, bot: type, games: int, check: str) -> tuple[float, float]:
    started = time.process_time()
    medals = 0.0
    for i in range(games):
        record = play(game, players, [(bot.name, bot)] * players, f"bench/{i}", check=check)
        medals += record.scores[0]
    return games / (time.process_time() - started), medals / games


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    loaded = validate_game(SPEC)
    game = CopperdaleGame(loaded.data)
    print("| players | bot | check | games | games/s | mean medals |")
    print("|---:|---|---|---:|---:|---:|")
    for players in range(game.min_players, game.max_players + 1):
        for bot, share in ((RandomBot, 1), (GreedyBot, 20)):
            for check in ("end", "step"):
                n = max(args.games // share, 20)
                per_s, mean = rate(game, players, bot, n, check)
                print(f"| {players} | {bot.name} | {check} | {n} | {per_s:,.0f} | {mean:.2f} |")


if __name__ == "__main__":
    main()
