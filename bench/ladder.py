"""The skill ladder: does each bot beat the one below it, in every game?

For each game and each pair of neighbouring rungs (``--ladder``, weakest first), the duels
of ``generator.engine.ladder`` (``copperplate report --ladder`` draws the same): the upper
rung in one seat against the lower one in the others, seats rotated, at the game's
smallest table. A rung *beats* the one below when the 95 % interval of its win share lies
wholly above the fair share (1 / players). The solo game plays both rungs on the same
seeds and tells the medals gained game by game (Student's t interval above 0). CPU
seconds a game of each duel (both rungs' games in the solo game) show what a rung costs.

    python bench/ladder.py [--ladder random,greedy,mcts:16,mcts:16:greedy] [--games N]
                           [--players P] [GAME ...]

``--against REV`` instead times a search bot (``--bot``, default ``mcts:32:greedy``) in
every seat of ``--games`` games at each game's smallest table, on this checkout and on
REV side by side, each in its own process: games per CPU second and the ratio.

    python bench/ladder.py --against 475cb04 [--bot mcts:32:greedy] [--games N] [GAME ...]
"""

from __future__ import annotations

import argparse
import time
from itertools import pairwise
from typing import Any

from generator.deck.validate import validate_game
from generator.engine.ladder import climb
from generator.engine.simulate import Plan, execute, summarise, unknown_bots
from generator.games import GAMES

LADDER = "random,greedy,mcts:16,mcts:16:greedy"


def rows(game_id: str, rungs: list[str], players: int, games: int) -> list[str]:
    """The ladder's duels in one game (``generator.engine.ladder``), one table row each,
    with the CPU seconds a game of each duel took in this process."""
    spec = GAMES[game_id]
    data = validate_game(spec).data
    assert spec.make_game is not None and data is not None
    made = (spec.make_game(data), spec.bots)
    missing = unknown_bots(spec.bots, rungs)
    if missing:
        raise SystemExit(f"ladder.py: error: {game_id} has no bot '{missing[0]}'")
    seconds: list[float] = []

    def runner(plan: Plan) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        lines: list[dict[str, Any]] = []
        started = time.process_time()
        outcome = execute(plan, on_chunk=lambda chunk: lines.extend(chunk[1]))
        seconds.append(time.process_time() - started)
        return summarise(game_id, plan, outcome), lines

    out = []
    for lower, upper in pairwise(rungs):
        seconds.clear()
        (found,) = climb(lambda: made, [lower, upper], players, games, 1, runner)
        low, high = found.ci95
        shown = (f"{found.value:+.1f} [{low:+.1f}, {high:+.1f}] medals a game, same seeds"
                 if players == 1 else f"{found.value:.0%} [{low:.0%}, {high:.0%}]")
        fair = "+0" if players == 1 else f"{found.fair:.0%}"
        out.append(f"| {game_id} | {players} | {upper} {found.verdict} {lower} | {found.games} "
                   f"| {shown} | {fair} | {sum(seconds) / games:.1f} |")
        print(out[-1], flush=True)
    return out


def smallest(game_id: str) -> int:
    """The smallest table of two or more the game allows (1 for a solo game)."""
    info = validate_game(GAMES[game_id]).data.game.players  # type: ignore[union-attr]
    return max(info.min, min(2, info.max))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--ladder", default=LADDER, help="bots, weakest first, comma-separated")
    parser.add_argument("--games", dest="count", type=int, default=20)
    parser.add_argument("--players", type=int, default=0, help="default: the smallest table "
                        "of two or more (1 for a solo game)")
    parser.add_argument("--against", action="append", default=[], metavar="REV")
    parser.add_argument("--bot", default="mcts:32:greedy", help="the bot --against times")
    parser.add_argument("--repeat", type=int, default=1, help="--against: best of R runs")
    args = parser.parse_args()
    if args.against:
        from _against import compare

        compare(args.against, [(game_id, smallest(game_id), args.bot, args.count)
                               for game_id in args.games], args.repeat)
        return
    rungs = args.ladder.split(",")
    print("| game | players | duel | games | upper rung's wins, seat-rotated (95 % interval) "
          "| fair share | CPU s a game |")
    print("|---|---:|---|---:|---|---:|---:|")
    for game_id in args.games:
        rows(game_id, rungs, args.players or smallest(game_id), args.count)


if __name__ == "__main__":
    main()
