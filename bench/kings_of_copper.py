"""Kings of Copper throughput: games per second for each player count, all-random and
all-greedy tables, invariants checked at the end of each game.

    .venv/bin/python bench/kings_of_copper.py [GAMES_PER_ROW]   (default 50; not a test)
"""

from __future__ import annotations

import sys

from generator.engine.bots import RandomBot
from generator.engine.simulate import run
from generator.games.kings_of_copper import SPEC
from generator.games.kings_of_copper.bots import GreedyBot
from generator.games.kings_of_copper.rules import KingsOfCopperGame
from generator.validate import validate_game

TABLES = (("random", RandomBot), ("greedy", GreedyBot))


def row(game: KingsOfCopperGame, players: int, name: str, bot, games: int) -> str:  # type: ignore[no-untyped-def]
    summary = run(game, players, games, seed=2026, bots=[(name, bot)] * players, check="end")
    rate = games / max(summary["seconds"], 1e-9)
    return (f"| {players} | {name} | {rate:.1f} | {summary['turns']['mean']:.0f} | "
            f"{summary['completed']}/{games} |")


def main(games: int) -> None:
    loaded = validate_game(SPEC)
    if loaded.data is None:
        sys.exit("kings-of-copper data does not validate; run: copperplate validate kings-of-copper")
    game = KingsOfCopperGame(loaded.data)
    print(f"kings-of-copper, {games} games per row, one core")
    print("| players | bots | games/s | mean turns | completed |")
    print("|---|---|---|---|---|")
    for players in range(game.min_players, game.max_players + 1):
        for name, bot in TABLES:
            print(row(game, players, name, bot, games), flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50)
