"""``copperplate validate``: schema and rules checks, every problem located."""

from __future__ import annotations

import argparse
import sys

from generator.commands.common import EXIT_OK, EXIT_PROBLEMS, components_dir, games_named
from generator.games import GAMES
from generator.problems import format_json, format_text, has_errors
from generator.validate import user_tree_problems, validate_game


def register(sub: argparse._SubParsersAction) -> None:
    v = sub.add_parser("validate", help="schema and rules checks",
                       description="Check a game's component data: schema, rules checks "
                       "and templates. Exit 0 clean, 1 problems, 2 usage.")
    v.add_argument("games", nargs="*", metavar="GAME")
    v.add_argument("--components", metavar="DIR", help="a components tree to use instead")
    v.add_argument("--json", action="store_true", help="problems as JSON")
    v.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    user_dir = components_dir(args.components)
    problems = user_tree_problems(user_dir) if user_dir else []
    from generator.lint import as_warnings, lint_game
    from generator.render.preflight import template_problems

    for game_id in games_named(args.games):
        loaded = validate_game(GAMES[game_id], user_dir)
        problems.extend(loaded.problems)
        if loaded.data is not None:  # the data is sound: now draw every face once
            drawn = template_problems(loaded)
            problems.extend(drawn)
            if not drawn:  # and measure what the faces draw (papers are build's business):
                problems.extend(as_warnings(lint_game(loaded, papers=())))  # warn, never fail
    if args.json:
        print(format_json(problems))
    elif problems:
        print(format_text(problems))
    errors = sum(p.severity == "error" for p in problems)
    if not args.json:
        print(f"{len(games_named(args.games))} game(s) checked: {errors} error(s), "
              f"{len(problems) - errors} warning(s)", file=sys.stderr)
    return EXIT_PROBLEMS if has_errors(problems) else EXIT_OK
