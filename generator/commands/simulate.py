"""``copperplate simulate``: full games with the reference rules."""

from __future__ import annotations

import argparse

from generator.commands.common import components_dir


def register(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser("simulate", help="play full games with the reference rules",
                       description="Play full seeded games with the reference rules, "
                       "checking every invariant.")
    s.add_argument("game", metavar="GAME")
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--players", type=int)
    s.add_argument("--seed", type=int, default=1)
    bots = s.add_mutually_exclusive_group()
    bots.add_argument("--bot", default=None)
    bots.add_argument("--bots", default=None, metavar="A,B,...")
    s.add_argument("--json", action="store_true")
    s.add_argument("--log", action="store_true", help="print one game move by move")
    s.add_argument("--picture", metavar="FILE.svg",
                   help="with --log: write a picture of that game's final table (.svg or .png)")
    s.add_argument("--check", choices=["step", "end"], default="step",
                   help="test invariants after every action (default) or at the end")
    s.add_argument("--components", metavar="DIR")
    s.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from generator.simulate_cli import simulate

    return simulate(args, components_dir(args.components))
