"""``copperplate checks``: every named check of a game, what it proves, the rule it cites."""

from __future__ import annotations

import argparse

from generator.commands.common import (
    EXIT_OK,
    add_components,
    add_games,
    components_dir,
    games_named,
)
from generator.games import GAMES


def register(sub: argparse._SubParsersAction) -> None:
    c = sub.add_parser("checks", help="list the named rules checks of each game",
                       description="List every named check of each game, what it proves "
                       "and the rule it cites.")
    add_games(c, "the games whose checks to list")
    add_components(c)
    c.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from generator.checks.core import CORE

    for game_id in games_named(args.games, components_dir(args.components)):
        print(f"{game_id}:")
        for check in [*CORE, *GAMES[game_id].checks]:
            summary = " ".join(check.doc.split("\n\n")[0].split())
            print(f"  {check.id:28} {summary}  [{check.cite}]")
    return EXIT_OK
