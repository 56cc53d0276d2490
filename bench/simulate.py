"""Simulation speed and bot strength for every game and player count (README figures).

For each game and player count: N all-random games (games per second, invariants checked
once at the end as in a balance run), then M games with `greedy` in seat 1 against
`random` elsewhere (games per second and greedy's win share against its fair share).

    python bench/simulate.py [--random N] [--greedy M] [GAME ...]
"""

from __future__ import annotations

import argparse
import time

from generator.engine.simulate import run
from generator.games import GAMES
from generator.validate import validate_game


def measure(game_id: str, players: int, bots: list[str], games: int) -> tuple[float, dict]:  # type: ignore[type-arg]
    spec = GAMES[game_id]
    data = validate_game(spec).data
    assert spec.make_game is not None and data is not None
    game = spec.make_game(data)
    table = [(name, spec.bots[name]) for name in bots]
    started = time.process_time()
    summary = run(game, players, games, 1, table, check="end")
    seconds = time.process_time() - started
    assert summary["completed"] == games and not summary["violations"], summary["violations"][:3]
    return games / seconds, summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--random", type=int, default=100)
    parser.add_argument("--greedy", type=int, default=30)
    args = parser.parse_args()
    print("| game | players | random games/s | greedy + random games/s | greedy wins | fair share |")
    print("|---|---:|---:|---:|---:|---:|")
    for game_id in args.games:
        info = validate_game(GAMES[game_id]).data.game  # type: ignore[union-attr]
        for players in range(info.players.min, info.players.max + 1):
            fast, _ = measure(game_id, players, ["random"] * players,
                              args.random * (10 if players == 1 else 1))
            bots = ["greedy"] + ["random"] * (players - 1)
            mixed, summary = measure(game_id, players, bots, args.greedy)
            if players == 1:
                share = f"{summary['score']['mean']:.1f} medals"
                fair = "random: " + f"{measure(game_id, 1, ['random'], 200)[1]['score']['mean']:.1f}"
            else:
                share = f"{summary['wins_by_seat'][0] / args.greedy:.0%}"
                fair = f"{1 / players:.0%}"
            print(f"| {game_id} | {players} | {fast:,.0f} | {mixed:,.1f} | {share} | {fair} |",
                  flush=True)


if __name__ == "__main__":
    main()
