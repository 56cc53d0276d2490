"""``copperplate lint``: the print lint of every rendered face and page, located."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.commands.common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    components_dir,
    games_named,
    millimetres,
)
from generator.games import GAMES
from generator.problems import ERROR, Problem, format_json, format_text
from generator.validate import user_tree_problems, validate_game


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("lint", help="print lint of the rendered faces and pages",
                       description="Measure what every face and page draws: overlapping or "
                       "cut text, text under 6/7 pt, missing glyphs, low contrast, marks in "
                       "the printer's margin, low-dpi images, text on tile seams. Exit 0 "
                       "clean (warnings allowed without --strict), 1 problems, 2 usage.")
    p.add_argument("games", nargs="*", metavar="GAME")
    p.add_argument("--components", metavar="DIR", help="a components tree to use instead")
    p.add_argument("--json", action="store_true", help="findings as JSON")
    p.add_argument("--strict", action="store_true", help="warnings fail too")
    p.add_argument("--paper", choices=["a4", "letter"], action="append",
                   help="lint the pages of this paper only (default: A4 and Letter)")
    p.add_argument("--printer-margin", type=millimetres(0, 25, "a printer margin"), default=5.0, metavar="MM",
                   help="what the printer cannot reach at each edge (default 5)")
    p.set_defaults(func=run)


def findings(games: list[str], user_dir: Path | None, papers: list[str], margin: float
             ) -> list[Problem]:
    """Data problems, else the lint's findings, of every game asked for."""
    from generator.lint import lint_game

    problems = user_tree_problems(user_dir) if user_dir else []
    for game_id in games:
        loaded = validate_game(GAMES[game_id], user_dir)
        problems.extend(loaded.problems)
        if loaded.data is not None:
            problems.extend(lint_game(loaded, papers, margin))
    return problems


def run(args: argparse.Namespace) -> int:
    games = games_named(args.games)
    problems = findings(games, components_dir(args.components),
                        args.paper or ["a4", "letter"], args.printer_margin)
    if args.json:
        print(format_json(problems))
    elif problems:
        print(format_text(problems))
    errors = sum(p.severity == ERROR for p in problems)
    if not args.json:
        print(f"{len(games)} game(s) linted: {errors} error(s), {len(problems) - errors} "
              "warning(s)", file=sys.stderr)
    failing = errors or (args.strict and problems)
    return EXIT_PROBLEMS if failing else EXIT_OK
