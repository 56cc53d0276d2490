"""Cold Comfort: games per second per player count (random and greedy bots), and the win
share of one greedy bot among random ones.

Plain script (not run by the tests):  .venv/bin/python bench/cold_comfort.py [GAMES]
Invariants are checked once at the end of each game ("end"), as a plain playout would.
"""

from __future__ import annotations

import sys
import time

from generator.engine.bots import RandomBot
from generator.engine.playout import BotFactory, play
from generator.games.cold_comfort import SPEC
from generator.games.cold_comfort.bots import GreedyBot
from generator.validate import validate_game

BOTS: dict[str, BotFactory] = {"random": RandomBot, "greedy": GreedyBot}


def speed(game, players: int, name: str, games: int) -> tuple[float, int]:  # type: ignore[no-untyped-def]
    started = time.perf_counter()
    done = sum(play(game, players, [(name, BOTS[name])] * players, f"bench/{seed}",
                    check="end").completed for seed in range(games))
    return games / (time.perf_counter() - started), done


def greedy_share(game, players: int, games: int) -> float:  # type: ignore[no-untyped-def]
    """Games won outright by one greedy seat (rotating) among random seats."""
    wins = 0
    for i in range(games):
        seat = i % players
        bots = [("random", BOTS["random"])] * players
        bots[seat] = ("greedy", BOTS["greedy"])
        wins += play(game, players, bots, f"share/{i}", check="end").winners == [seat]
    return wins / games


def main(games: int) -> None:
    loaded = validate_game(SPEC)
    if loaded.data is None:
        sys.exit("cold-comfort data is invalid: run copperplate validate")
    game = SPEC.make_game(loaded.data)  # type: ignore[misc]
    print(f"cold-comfort, {games} games per row")
    print(f"{'players':>7} {'random g/s':>11} {'greedy g/s':>11} {'greedy wins':>12} {'fair':>6}")
    for players in range(game.min_players, game.max_players + 1):
        rate_random, _ = speed(game, players, "random", games)
        rate_greedy, _ = speed(game, players, "greedy", max(games // 4, 1))
        share = greedy_share(game, players, games)
        print(f"{players:>7} {rate_random:>11.1f} {rate_greedy:>11.1f} {share:>12.0%} "
              f"{1 / players:>6.0%}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
