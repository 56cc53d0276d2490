"""``copperplate simulate``: full games with the reference rules."""

from __future__ import annotations

import argparse

from generator.commands.common import add_components, bot_list, components_dir
from generator.games import GAMES


def _bots_by_game() -> str:
    """The bots each game offers, said once when every game offers the same."""
    offers = {game_id: ", ".join(spec.bots) for game_id, spec in GAMES.items()}
    if len(set(offers.values())) == 1:
        return f"{next(iter(offers.values()))} (every game)"
    return "; ".join(f"{game_id}: {bots}" for game_id, bots in offers.items())


def register(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser("simulate", help="play full games with the reference rules",
                       description="Play full seeded games with the reference rules, "
                       "checking every invariant.")
    s.add_argument("game", metavar="GAME", help=f"the game to play: {', '.join(GAMES)}")
    s.add_argument("--games", type=int, default=100, metavar="N", help="games to play")
    s.add_argument("--players", type=int, metavar="P",
                   help="players per game (default: 4 where the game allows, else the "
                   "nearest count; with --bots, one per bot)")
    s.add_argument("--seed", type=int, default=1, metavar="S",
                   help="the first game's seed; the same seed plays the same games")
    bots = s.add_mutually_exclusive_group()
    bots.add_argument("--bot", default=None, metavar="NAME",
                      help=f"the bot in every seat (default: random). Bots: {_bots_by_game()}")
    bots.add_argument("--bots", default=None, metavar="A,B,...", type=bot_list,
                      help="one bot per seat, e.g. \"greedy, random, random\"")
    s.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    s.add_argument("--log", action="store_true", help="print one game move by move")
    s.add_argument("--picture", metavar="FILE.svg",
                   help="with --log: write a picture of that game's final table (.svg or .png)")
    s.add_argument("--check", choices=["step", "end"], default="step",
                   help="test invariants after every action (default) or at the end")
    add_components(s)
    s.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from generator.simulate_cli import simulate

    return simulate(args, components_dir(args.components))
