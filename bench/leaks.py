"""The leak test of one game, at more positions than the test suite's: does any bot's
decision depend on what its seat cannot see? (``generator.engine.information``)

    python bench/leaks.py GAME [--players P] [--positions N] [--every K] [--bots B,B,…]

At the game's smallest table unless ``--players`` says another. Prints how many decisions were looked at, how many redeals changed a hidden thing, and
every difference (exit 1 if any). A game with nothing hidden: one line, exit 2.
"""

from __future__ import annotations

import argparse
import sys

from generator.deck.validate import validate_game
from generator.engine.bots import RandomBot
from generator.engine.information import NoHiddenInformation, leak_test
from generator.engine.simulate import bot_named
from generator.games import GAMES


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--players", type=int, default=None,
                        help="the table (default: the game's smallest)")
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--every", type=int, default=7)
    parser.add_argument("--bots", default="random,greedy,mcts:4,mcts:2:greedy")
    args = parser.parse_args()
    spec = GAMES[args.game]
    data = validate_game(spec).data
    assert spec.make_game is not None and data is not None
    bots = {name: f for name in args.bots.split(",") if (f := bot_named(spec.bots, name))}
    unknown = set(args.bots.split(",")) - set(bots)
    if unknown:
        parser.error(f"unknown bot '{sorted(unknown)[0]}'")
    game = spec.make_game(data)
    players = args.players or game.min_players
    try:
        report = leak_test(game, players, bots,
                           guide=spec.bots.get("greedy", RandomBot), positions=args.positions,
                           every=args.every)
    except (NoHiddenInformation, ValueError) as error:
        print(f"leaks.py: error: {error}", file=sys.stderr)
        return 2
    print(f"{args.game}, {players} players: {report.positions} decisions, "
          f"{report.redealt} redeals changed a hidden thing, "
          f"{len(report.differences)} differences")
    for line in report.differences:
        print(f"  {line}")
    return 1 if report.differences else 0


if __name__ == "__main__":
    sys.exit(main())
