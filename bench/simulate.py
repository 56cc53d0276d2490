"""Simulation speed and bot strength for every game and player count (README figures).

For each game and player count:
- N all-random games, invariants checked once per game (as a balance run) and after every
  action (as ``copperplate simulate`` does by default): games per CPU second;
- N/4 all-greedy games: games per CPU second;
- M games with ``greedy`` in seat 1 against ``random`` elsewhere: greedy's win share
  against its fair share (mean medals in the solo game).
``--balance N`` also times N four-player random Copper Creek games (the 10,000-game run).
``--strength N --duel M`` instead measures the general ``mcts:N`` bot (or ``--strength
mcts:N:greedy``, its playouts played by greedy) against ``greedy``:
M games per game, seats rotated, at the game's smallest player count (the solo game: its
medals, and its gain over greedy game by game on the same M seeds).

    python bench/simulate.py [--games N] [--duel M] [--balance N] [GAME ...]
``--against REV`` (repeatable) instead plays the same seeded random and greedy games on
this checkout and on REV side by side, each in its own process: games per CPU second (the
best of ``--repeat`` runs, taken in turn), the ratio, and whether both played exactly the
same games (actions and scores).

    python bench/simulate.py --strength N [--duel M] [GAME ...]
    python bench/simulate.py --against bacd19f --against 7a1c0fb [--games N] [--repeat R] [GAME ...]
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Mapping
from typing import Any

from generator.deck.validate import validate_game
from generator.engine.api import Game
from generator.engine.playout import BotFactory, play
from generator.engine.simulate import bot_named, game_seed, run
from generator.engine.stats import t95
from generator.games import GAMES


def measure(game_id: str, bots: list[str], games: int, check: str = "end") -> tuple[float, Any]:
    """Games per CPU second of this process (a busy machine does not halve it), summary."""
    spec = GAMES[game_id]
    data = validate_game(spec).data
    assert spec.make_game is not None and data is not None
    table = [(name, spec.bots[name]) for name in bots]
    started = time.process_time()
    summary = run(spec.make_game(data), len(bots), games, 1, table, check=check)
    seconds = time.process_time() - started
    assert summary["completed"] == games and not summary["violations"], summary["violations"][:3]
    return games / seconds, summary


def strength(game_id: str, players: int, games: int) -> tuple[str, str]:
    _, duel = measure(game_id, ["greedy"] + ["random"] * (players - 1), games)
    if players == 1:
        _, alone = measure(game_id, ["random"], games)
        return f"{duel['score']['mean']:.1f} medals", f"random: {alone['score']['mean']:.1f}"
    return f"{duel['wins_by_seat'][0] / games:.0%}", f"{1 / players:.0%}"


def row(game_id: str, players: int, games: int, duel: int) -> str:
    scale = 10 if players == 1 else 1  # the solo game is short: more games, steadier figure
    randoms = ["random"] * players
    end, _ = measure(game_id, randoms, games * scale)
    step, _ = measure(game_id, randoms, games * scale // 4, check="step")
    greedy, _ = measure(game_id, ["greedy"] * players, max(games * scale // 4, 1))
    share, fair = strength(game_id, players, duel)
    return (f"| {game_id} | {players} | {end:,.0f} | {step:,.0f} | {greedy:,.1f} | {share} "
            f"| {fair} |")


def mcts_row(game_id: str, mcts: str, games: int) -> str:
    """``mcts`` (mcts:N or mcts:N:BOT) against greedy, seat-rotated: its win rate (or, in
    the solo game, medals and its gain over greedy) with the 95 % interval, and CPU
    seconds per game of the search."""
    spec = GAMES[game_id]
    data = validate_game(spec).data
    assert spec.make_game is not None and data is not None
    game = spec.make_game(data)
    if data.game.players.max == 1:
        return solo_row(game, spec.bots, mcts, games)
    players = max(data.game.players.min, 2)
    lineup = [mcts] + ["greedy"] * (players - 1)
    table = [(name, f) for name in lineup if (f := bot_named(spec.bots, name)) is not None]
    started = time.process_time()
    summary = run(game, players, games, 1, table, check="end", rotate=True)
    seconds = (time.process_time() - started) / games
    me = summary["lineup"][0]
    return (f"| {game_id} | {players} | {mcts} | {games} | wins {me['rate']:.0%} "
            f"[{me['ci95'][0]:.0%}, {me['ci95'][1]:.0%}] | fair share {1 / players:.0%} "
            f"| {seconds:.1f} |")


def solo_row(game: Game, bots: Mapping[str, BotFactory], mcts: str, games: int) -> str:
    """The solo game: ``mcts`` and greedy on the same seeds as ``run`` plays (game i of
    seed 1): the search's medals and its gain over greedy, game by game (paired), each
    with its 95 % interval (Student's t)."""
    search = bot_named(bots, mcts)
    assert search is not None, mcts
    mine, gains, seconds = [], [], 0.0
    for i in range(games):
        started = time.process_time()
        record = play(game, 1, [(mcts, search)], game_seed(1, i), check="end")
        seconds += time.process_time() - started
        greedy = play(game, 1, [("greedy", bots["greedy"])], game_seed(1, i), check="end")
        mine.append(record.scores[0])
        gains.append(record.scores[0] - greedy.scores[0])
    return (f"| {game.id} | 1 | {mcts} | {games} | {interval(mine)} medals "
            f"| {interval(gains, '+')} medals a game over greedy, same seeds "
            f"| {seconds / games:.1f} |")


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95 % interval (Student's t)."""
    mean = statistics.fmean(values)
    half = t95(len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def interval(values: list[float], sign: str = "") -> str:
    """``mean [low, high]`` with one decimal (``sign``: "+" to show it)."""
    mean, low, high = mean_interval(values)
    return f"{mean:{sign}.1f} [{low:{sign}.1f}, {high:{sign}.1f}]"


def against(revs: list[str], games: list[str], count: int, repeat: int) -> None:
    """Random games at the smallest and largest table, greedy at the largest (fewer); the
    best of ``repeat`` runs on each side."""
    from _against import compare  # bench/ is the script's folder, so on sys.path

    rows = []
    for game_id in games:
        info = validate_game(GAMES[game_id]).data.game  # type: ignore[union-attr]
        scale = 10 if info.players.max == 1 else 1  # the solo game is short
        for players in sorted({info.players.min, info.players.max}):
            rows.append((game_id, players, "random", count * scale))
        rows.append((game_id, info.players.max, "greedy", max(1, count * scale // 10)))
    compare(revs, rows, repeat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--games", dest="count", type=int, default=100)
    parser.add_argument("--duel", type=int, default=30)
    parser.add_argument("--balance", type=int, default=0)
    parser.add_argument("--strength", default="", metavar="N|mcts:N[:BOT]",
                        help="measure this mcts bot (N: mcts:N) against greedy")
    parser.add_argument("--against", action="append", default=[], metavar="REV")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if args.against:
        against(args.against, args.games, args.count, args.repeat)
        return
    if args.strength:
        print("| game | players | bot | games | mcts against greedy, seat-rotated (95 % interval) "
              "| for scale | CPU s a game |")
        print("|---|---:|---|---:|---|---|---:|")
        for game_id in args.games:
            bot = f"mcts:{args.strength}" if args.strength.isdigit() else args.strength
            print(mcts_row(game_id, bot, args.duel), flush=True)
        return
    print("| game | players | random games/s | random, checked every step | greedy games/s "
          "| greedy wins vs random | fair share |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for game_id in args.games:
        info = validate_game(GAMES[game_id]).data.game  # type: ignore[union-attr]
        for players in range(info.players.min, info.players.max + 1):
            print(row(game_id, players, args.count, args.duel), flush=True)
    if args.balance:
        rate, _ = measure("copper-creek", ["random"] * 4, args.balance)
        print(f"\ncopper-creek balance run: {args.balance} four-player random games in "
              f"{args.balance / rate:.1f} CPU s")


if __name__ == "__main__":
    main()
