"""``copperplate lint``: the print lint of every rendered face and page, located."""

from __future__ import annotations

import argparse
from functools import partial
from pathlib import Path

from generator.checks.memo import ResultMemo
from generator.commands.common import (
    PAPER_CHOICES,
    add_components,
    add_games,
    add_printer_margin,
    add_report_options,
    components_dir,
    fewer_collections,
    games_named,
    report,
)
from generator.deck.validate import user_tree_problems, validate_game
from generator.files.problems import Problem
from generator.games import GAMES
from generator.render.cachedir import cache_root


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("lint", help="print lint of the rendered faces and pages",
                       description="Measure what every face and page draws: overlapping or "
                       "cut text, text under 6/7 pt, missing glyphs, low contrast, marks in "
                       "the printer's margin, low-dpi images, text on tile seams. Exit 0 "
                       "clean (warnings allowed without --strict), 1 problems, 2 usage.")
    add_games(p, "the games to lint")
    add_components(p)
    add_report_options(p)
    p.add_argument("--paper", choices=PAPER_CHOICES, action="append",
                   help="lint the pages of this paper only (default: A4 and Letter)")
    add_printer_margin(p)
    p.add_argument("--ink", choices=["full", "saver", "bw"], default="full",
                   help="lint the faces as build --ink prints them")
    p.set_defaults(func=run)


def findings(games: list[str], user_dir: Path | None, papers: list[str], margin: float,
             ink: str = "full") -> list[Problem]:
    """Data problems, else the lint's findings, of every game asked for."""
    problems = user_tree_problems(user_dir) if user_dir else []
    memo = ResultMemo.for_run(cache_root(), user_dir)
    for game_id in games:
        question = f"lint {game_id} {','.join(papers)} {margin!r} {ink}"
        problems += memo.remembered(question,  # an unchanged tree: the same findings
                                    partial(game_findings, game_id, user_dir, papers, margin,
                                            ink))
    return problems


def game_findings(game_id: str, user_dir: Path | None, papers: list[str], margin: float,
                  ink: str = "full") -> list[Problem]:
    from generator.lint import lint_game

    loaded = validate_game(GAMES[game_id], user_dir)
    if loaded.data is None:
        return list(loaded.problems)
    return [*loaded.problems, *lint_game(loaded, papers, margin, ink=ink)]


def run(args: argparse.Namespace) -> int:
    user_dir = components_dir(args.components)
    games = games_named(args.games, user_dir)
    with fewer_collections():  # every face and page drawn and measured
        problems = findings(games, user_dir, args.paper or ["a4", "letter"],
                            args.printer_margin, args.ink)
    return report(problems, args, f"{len(games)} game(s) linted")
