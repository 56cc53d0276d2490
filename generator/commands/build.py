"""``copperplate build``: print-ready PDFs and their manifests."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from generator.commands.common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    PAPER_CHOICES,
    UsageError,
    add_components,
    add_games,
    add_printer_margin,
    components_dir,
    fewer_collections,
    games_named,
    millimetres,
    out_folder,
)
from generator.data.components import LoadedGame
from generator.deck.validate import user_tree_problems, validate_game
from generator.files.problems import Problem, format_text, has_errors, printable
from generator.games import GAMES

if TYPE_CHECKING:
    from generator.render.build import BuildOptions


def _back_offset(value: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError("expected X,Y in millimetres, e.g. 0.5,-0.3") from None
    if not (abs(x) <= 20 and abs(y) <= 20):  # also refuses nan and inf
        raise argparse.ArgumentTypeError("an offset above 20 mm is not a duplexer shift")
    return (x, y)


def register(sub: argparse._SubParsersAction) -> None:
    b = sub.add_parser("build", help="print-ready PDFs and manifests",
                       description="Build each game's print-and-play PDF and its manifest "
                       "into OUT/GAME/.")
    add_games(b, "the games to build")
    b.add_argument("--paper", choices=PAPER_CHOICES, default="a4",
                   help="paper size: a4, letter, a3 or tabloid")
    add_printer_margin(b)
    b.add_argument("--duplex", choices=["long", "short", "none"], default="long",
                   help="double-sided printing flipped on the long or short edge, or none "
                   "(backs on their own sheets, to glue)")
    b.add_argument("--out", default="output", metavar="DIR", type=out_folder,
                   help="where OUT/GAME/GAME-PAPER.pdf and its manifest go")
    add_components(b)
    b.add_argument("--back-offset", type=_back_offset, default="0,0", metavar="X,Y",
                   help="shift backs by X,Y mm to match your printer's duplexer")
    b.add_argument("--layout", choices=["butted", "spaced", "fold"], default=None,
                   help="butted: neighbours share a cut; spaced: a gutter and full bleed "
                   "round every piece; fold: each front beside its back, to fold and glue "
                   "(printed single-sided) (default: per kind, see README)")
    b.add_argument("--ink", choices=["full", "saver", "bw"], default="full",
                   help="full colour; saver: pale fills, dark text, about a third of the "
                   "ink; bw: the same in greys, for a black-and-white printer")
    b.add_argument("--backs", choices=["all", "needed", "none"], default=None,
                   help="print every back, only backs that say something (not money's, "
                   "not a back that repeats its front), or none (default: all; needed with "
                   "--duplex none or --ink saver/bw)")
    b.add_argument("--cut-file", action="store_true",
                   help="registration marks on every page of pieces and, beside the PDF, "
                   "an SVG of each page's cuts for a cutting machine (print and cut)")
    b.add_argument("--stamp", action="store_true",
                   help="a small version stamp on every face with room for it: the piece, "
                   "the variant and a hash of the face (always with --changed-since)")
    b.add_argument("--changed-since", metavar="REV|DIR", default=None,
                   help="print only the pieces changed since a git revision or a build "
                   "folder, with their backs, as GAME-PAPER-reprint.pdf and a reprint list")
    b.add_argument("--bleed", type=millimetres(0, 10, "bleed"), default=3.0, metavar="MM",
                   help="bleed around every piece, 0 to 10 mm")
    b.add_argument("--max-pages", type=_max_pages, default=2000, metavar="N",
                   help="stop when a game would need more pages")
    b.add_argument("--quiet", "-q", action="store_true",
                   help="print only the final summary line")
    b.set_defaults(func=run)


def _max_pages(value: str) -> int:
    try:
        pages = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{value}' is not a whole number of pages") from None
    if pages < 1:
        raise argparse.ArgumentTypeError("needs at least 1 page")
    return pages


def run(args: argparse.Namespace) -> int:
    with fewer_collections():
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    from generator.render.build import BuildOptions

    user_dir = components_dir(args.components)
    games = games_named(args.games, user_dir)
    if Path(args.out).exists() and not Path(args.out).is_dir():
        raise UsageError(f"--out: '{args.out}' exists and is not a folder")
    problems = user_tree_problems(user_dir) if user_dir else []
    loaded = [validate_game(GAMES[g], user_dir) for g in games]
    for game in loaded:
        problems.extend(game.problems)
    if problems:
        print(format_text(problems), file=sys.stderr)
    if has_errors(problems) or any(game.data is None for game in loaded):
        print("build stopped: fix the errors above (nothing was written)", file=sys.stderr)
        return EXIT_PROBLEMS
    duplex = "none" if args.layout == "fold" else args.duplex  # folding needs no duplexer
    options = BuildOptions(paper=args.paper, duplex=duplex, out=Path(args.out),
                           back_offset_mm=args.back_offset, bleed_mm=args.bleed,
                           progress=sys.stderr.isatty() and not args.quiet,
                           max_pages=args.max_pages, layout=args.layout,
                           printer_margin=args.printer_margin, ink=args.ink,
                           backs=args.backs, cut_file=args.cut_file, stamp=args.stamp)
    plans = [(game, options) for game in loaded]
    if args.changed_since is not None:
        plans = _changed_only(plans, args.changed_since, user_dir)
    return _build_all(plans, options, args.quiet, user_dir)


def _changed_only(plans: list[tuple[LoadedGame, BuildOptions]], since: str,
                  user_dir: Path | None) -> list[tuple[LoadedGame, BuildOptions]]:
    """Each game with only its changed copies to print; games where nothing changed say so
    and are left out. A folder or revision that cannot be compared is a usage error."""
    from dataclasses import replace
    from functools import partial

    from generator.render.errors import BuildError
    from generator.render.reprint import (
        changed,
        copy_hashes,
        hashes_at_revision,
        hashes_in_folder,
    )

    out = []
    for game, options in plans:
        try:
            if Path(since).is_dir():
                before = hashes_in_folder(Path(since), game.game_id, options.paper)
            else:
                before = hashes_at_revision(game, since, partial(_old_game, game),
                                            options.bleed_mm)
        except BuildError as exc:
            raise UsageError(f"--changed-since: {exc}") from None
        keys = changed(copy_hashes(game, options.bleed_mm), before)
        if keys:
            out.append((game, replace(options, only=frozenset(keys), since=since)))
        else:
            print(f"{game.game_id}: nothing changed since {since}")
    return out


def _old_game(game: LoadedGame, tree: Path) -> LoadedGame:
    old = validate_game(GAMES[game.game_id], tree)
    if old.data is None:  # that revision does not load today: compare with nothing
        return game.__class__(game.game_id, tree)
    return old


def _build_all(plans: list[tuple[LoadedGame, BuildOptions]], options: BuildOptions,
               quiet: bool, user_dir: Path | None) -> int:
    """Every game is drawn before any is written: all of them land, or none."""
    from generator.render.build import prepare_game, write_game
    from generator.render.errors import BuildError

    started = time.perf_counter()
    prepared = []
    loaded = [game for game, _ in plans]
    for game, game_options in plans:
        try:
            prepared.append(prepare_game(game, game_options))
        except BuildError as exc:
            print(_build_failure(game, exc), file=sys.stderr)
            print("build stopped: fix the errors above (nothing was written)", file=sys.stderr)
            return EXIT_PROBLEMS
    found = _lint(loaded, options, user_dir)
    if has_errors(found):  # a lint error is an error here too: nothing is written
        print(format_text(found), file=sys.stderr)
        print("build stopped: the print lint found the errors above (nothing was written; "
              "copperplate lint)", file=sys.stderr)
        return EXIT_PROBLEMS
    pieces = pages = 0
    for ready in prepared:
        result = write_game(ready, options)
        pieces += result.pieces
        pages += result.pages
        if not quiet:
            print(printable(f"{ready.loaded.game_id}: {result.pieces} pieces on "
                            f"{result.pages} pages -> {result.pdf}"))
    print(printable(f"built {len(loaded)} game(s): {pieces} pieces, {pages} pages in "
                    f"{time.perf_counter() - started:.1f} s -> {options.out}/"))
    if found:  # warnings only: after the summary
        print(format_text(found), file=sys.stderr)
        print(f"lint: {len(found)} warning(s) in what was printed (copperplate lint)",
              file=sys.stderr)
    return EXIT_OK


def _build_failure(game: LoadedGame, exc: BaseException) -> str:
    """A template mistake (also SVG that cairo cannot draw) is reported the way
    ``validate`` reports it: every template line once, with the number of faces it spoils;
    any other failure as its own line."""
    from generator.render.preflight import template_problems

    found = template_problems(game)  # cheap next to a failed build: each face once
    return format_text(found) if found else str(exc)


def _lint(loaded: list[LoadedGame], options: BuildOptions,
          user_dir: Path | None) -> list[Problem]:
    """What the print lint finds in what is about to be printed (on this paper, for this
    printer's margin and ink), each finding with the severity ``lint`` gives it; an
    unchanged tree's findings are remembered (``checks.memo``), as ``lint`` does."""
    from functools import partial

    from generator.checks.memo import ResultMemo
    from generator.lint import lint_game
    from generator.render.cachedir import cache_root

    memo = ResultMemo.for_run(cache_root(), user_dir)
    stamped = options.stamp or options.only is not None  # a stamped face is linted stamped
    found: list[Problem] = []
    for game in loaded:
        question = (f"build lint {game.game_id} {options.paper} {options.printer_margin!r} "
                    f"{options.layout} {options.ink} {stamped}")
        found += memo.remembered(question, partial(
            lint_game, game, [options.paper], options.printer_margin, options.layout,
            options.ink, stamped))
    return found
