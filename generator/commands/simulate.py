"""``copperplate simulate``: full games with the reference rules."""

from __future__ import annotations

import argparse

from generator.commands.common import add_game, components_dir


def register(sub: argparse._SubParsersAction) -> None:
    from generator.commands.runs import add_run_options

    s = sub.add_parser("simulate", help="play full games with the reference rules",
                       description="Play full seeded games with the reference rules, "
                       "checking every invariant.")
    add_game(s, "the game to play")
    add_run_options(s)
    s.add_argument("--log", action="store_true", help="print one game move by move")
    s.add_argument("--picture", metavar="FILE.svg",
                   help="with --log: write a picture of that game's final table (.svg or .png)")
    s.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from generator.commands.simulate_cli import simulate

    return simulate(args, components_dir(args.components))
