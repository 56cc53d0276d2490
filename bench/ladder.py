"""The skill ladder: does each bot beat the one below it, in every game?

For each game and each pair of neighbouring rungs (``--ladder``, weakest first): the upper
rung in one seat against the lower one in the others, seats rotated, at the game's
smallest table. A rung *beats* the one below when the 95 % interval of its win share lies
wholly above the fair share (1 / players). The solo game plays both rungs on the same
seeds and tells the medals gained game by game (Student's t interval above 0). CPU
seconds a game of each duel show what a rung costs.

    python bench/ladder.py [--ladder random,greedy,mcts:16,mcts:16:greedy] [--games N]
                           [--players P] [GAME ...]
"""

from __future__ import annotations

import argparse
import time
from itertools import pairwise

from simulate import interval, mean_interval  # bench/ is the script's folder: on sys.path

from generator.deck.validate import validate_game
from generator.engine.api import Game
from generator.engine.playout import BotFactory, play
from generator.engine.simulate import bot_named, game_seed, run
from generator.games import GAMES

LADDER = "random,greedy,mcts:16,mcts:16:greedy"


def duel(game: Game, bots: dict[str, BotFactory], players: int, lower: str, upper: str,
         games: int) -> str:
    """One row: ``upper`` in one seat, ``lower`` in the others, seats rotated."""
    lineup = [(upper, bots[upper])] + [(lower, bots[lower])] * (players - 1)
    started = time.process_time()
    summary = run(game, players, games, 1, lineup, check="end", rotate=True)
    seconds = (time.process_time() - started) / games
    me, fair = summary["lineup"][0], 1 / players
    low, high = me["ci95"]
    verdict = "beats" if low > fair else "loses to" if high < fair else "not told from"
    return (f"| {game.id} | {players} | {upper} {verdict} {lower} | {games} "
            f"| {me['rate']:.0%} [{low:.0%}, {high:.0%}] | {fair:.0%} | {seconds:.1f} |")


def solo_duel(game: Game, bots: dict[str, BotFactory], lower: str, upper: str,
              games: int) -> str:
    """The solo game: both rungs on the same seeds; the medals ``upper`` gains a game."""
    gains, seconds = [], 0.0
    for i in range(games):
        started = time.process_time()
        up = play(game, 1, [(upper, bots[upper])], game_seed(1, i), check="end")
        down = play(game, 1, [(lower, bots[lower])], game_seed(1, i), check="end")
        seconds += time.process_time() - started
        gains.append(up.scores[0] - down.scores[0])
    _, low, high = mean_interval(gains)
    verdict = "beats" if low > 0 else "loses to" if high < 0 else "not told from"
    return (f"| {game.id} | 1 | {upper} {verdict} {lower} | {games} "
            f"| {interval(gains, '+')} medals a game, same seeds | +0 | {seconds / games:.1f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--ladder", default=LADDER, help="bots, weakest first, comma-separated")
    parser.add_argument("--games", dest="count", type=int, default=20)
    parser.add_argument("--players", type=int, default=0, help="default: the smallest table "
                        "of two or more (1 for a solo game)")
    args = parser.parse_args()
    rungs = args.ladder.split(",")
    print("| game | players | duel | games | upper rung's wins, seat-rotated (95 % interval) "
          "| fair share | CPU s a game |")
    print("|---|---:|---|---:|---|---:|---:|")
    for game_id in args.games:
        spec = GAMES[game_id]
        data = validate_game(spec).data
        assert spec.make_game is not None and data is not None
        game = spec.make_game(data)
        bots = {name: f for name in rungs if (f := bot_named(spec.bots, name)) is not None}
        missing = [name for name in rungs if name not in bots]
        if missing:
            raise SystemExit(f"ladder.py: error: {game_id} has no bot '{missing[0]}'")
        info = data.game.players
        players = args.players or max(info.min, min(2, info.max))
        for lower, upper in pairwise(rungs):
            print(duel(game, bots, players, lower, upper, args.count) if players > 1 else
                  solo_duel(game, bots, lower, upper, args.count), flush=True)


if __name__ == "__main__":
    main()
