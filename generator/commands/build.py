"""``copperplate build``: print-ready PDFs and their manifests."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from generator.commands.common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    UsageError,
    components_dir,
    games_named,
    millimetres,
)
from generator.components import LoadedGame
from generator.games import GAMES
from generator.problems import format_text, has_errors
from generator.validate import user_tree_problems, validate_game


def _back_offset(value: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError("expected X,Y in millimetres, e.g. 0.5,-0.3") from None
    if not (abs(x) <= 20 and abs(y) <= 20):  # also refuses nan and inf
        raise argparse.ArgumentTypeError("an offset above 20 mm is not a duplexer shift")
    return (x, y)


def _out_folder(value: str) -> str:
    if not value.strip():
        raise argparse.ArgumentTypeError("needs a folder name")
    return value


def register(sub: argparse._SubParsersAction) -> None:
    b = sub.add_parser("build", help="print-ready PDFs and manifests",
                       description="Build each game's print-and-play PDF and its manifest "
                       "into OUT/GAME/.")
    b.add_argument("games", nargs="*", metavar="GAME")
    b.add_argument("--paper", choices=["a4", "letter"], default="a4")
    b.add_argument("--duplex", choices=["long", "short", "none"], default="long")
    b.add_argument("--out", default="output", metavar="DIR", type=_out_folder)
    b.add_argument("--components", metavar="DIR")
    b.add_argument("--back-offset", type=_back_offset, default=(0.0, 0.0), metavar="X,Y",
                   help="shift backs by X,Y mm to match your printer's duplexer")
    b.add_argument("--layout", choices=["butted", "spaced"], default=None,
                   help="butted: neighbours share a cut; spaced: a gutter and full bleed "
                   "round every piece (default: per kind, see README)")
    b.add_argument("--bleed", type=millimetres(0, 10, "bleed"), default=3.0, metavar="MM", help="bleed (default 3)")
    b.add_argument("--quiet", "-q", action="store_true")
    b.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from generator.render.build import BuildOptions, build_game

    user_dir = components_dir(args.components)
    games = games_named(args.games)
    if Path(args.out).exists() and not Path(args.out).is_dir():
        raise UsageError(f"--out: '{args.out}' exists and is not a folder")
    problems = user_tree_problems(user_dir) if user_dir else []
    loaded = [validate_game(GAMES[g], user_dir) for g in games]
    for game in loaded:
        problems.extend(game.problems)
    if problems:
        print(format_text(problems), file=sys.stderr)
    if has_errors(problems):
        print("build stopped: fix the errors above (nothing was written)", file=sys.stderr)
        return EXIT_PROBLEMS
    options = BuildOptions(paper=args.paper, duplex=args.duplex, out=Path(args.out),
                           back_offset_mm=args.back_offset, bleed_mm=args.bleed,
                           layout=args.layout,
                           progress=sys.stderr.isatty() and not args.quiet)
    started = time.perf_counter()
    pieces = pages = 0
    for game in loaded:
        result = build_game(game, options)
        pieces += result.pieces
        pages += result.pages
        if not args.quiet:
            print(f"{game.game_id}: {result.pieces} pieces on {result.pages} pages -> "
                  f"{result.pdf}")
    print(f"built {len(loaded)} game(s): {pieces} pieces, {pages} pages in "
          f"{time.perf_counter() - started:.1f} s -> {options.out}/")
    _print_lint(loaded, args.paper, args.layout)
    return EXIT_OK


def _print_lint(loaded: list[LoadedGame], paper: str, layout: str | None) -> None:
    """What the print lint finds in what was just built, after the summary (never fatal)."""
    from generator.lint import lint_game

    found = [p for game in loaded for p in lint_game(game, [paper], layout=layout)]
    if found:
        print(format_text(found), file=sys.stderr)
        print(f"lint: {len(found)} finding(s) in what was printed (copperplate lint)",
              file=sys.stderr)
