"""The command line: list, validate, build, simulate. Thin: the work lives elsewhere."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from generator.games import GAMES
from generator.problems import format_json, format_text, has_errors
from generator.validate import user_tree_problems, validate_game

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    pass


def _games(names: Sequence[str]) -> list[str]:
    for name in names:
        if name not in GAMES:
            raise UsageError(f"unknown game '{name}' (games: {', '.join(GAMES)})")
    return list(dict.fromkeys(names)) or list(GAMES)


def _components(value: str | None) -> Path | None:
    if value is None:
        return None
    path = Path(value)
    if not path.is_dir():
        raise UsageError(f"--components: '{value}' is not a folder")
    return path


def cmd_list(args: argparse.Namespace) -> int:
    for game_id, spec in GAMES.items():
        loaded = validate_game(spec)
        if loaded.data is None:
            print(f"{game_id}\t(invalid data: run 'copperplate validate {game_id}')")
            continue
        info = loaded.data.game
        count = sum(piece.total() for _, piece in loaded.data.pieces())
        players = (f"{info.players.min} player" if info.players.min == info.players.max == 1
                   else f"{info.players.min} players" if info.players.min == info.players.max
                   else f"{info.players.min}-{info.players.max} players")
        print(f"{game_id}\t{info.name}\t{players}\t{count} components")
    return EXIT_OK


def cmd_checks(args: argparse.Namespace) -> int:
    from generator.checks.core import CORE

    for game_id in _games(args.games):
        print(f"{game_id}:")
        for check in [*CORE, *GAMES[game_id].checks]:
            summary = " ".join(check.doc.split("\n\n")[0].split())
            print(f"  {check.id:28} {summary}  [{check.cite}]")
    return EXIT_OK


def cmd_validate(args: argparse.Namespace) -> int:
    user_dir = _components(args.components)
    problems = user_tree_problems(user_dir) if user_dir else []
    from generator.render.preflight import template_problems

    for game_id in _games(args.games):
        loaded = validate_game(GAMES[game_id], user_dir)
        problems.extend(loaded.problems)
        if loaded.data is not None:  # the data is sound: now draw every face once
            problems.extend(template_problems(loaded))
    if args.json:
        print(format_json(problems))
    elif problems:
        print(format_text(problems))
    errors = sum(p.severity == "error" for p in problems)
    if not args.json:
        print(f"{len(_games(args.games))} game(s) checked: {errors} error(s), "
              f"{len(problems) - errors} warning(s)", file=sys.stderr)
    return EXIT_PROBLEMS if has_errors(problems) else EXIT_OK


def _back_offset(value: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError("expected X,Y in millimetres, e.g. 0.5,-0.3") from None
    if not (abs(x) <= 20 and abs(y) <= 20):  # also refuses nan and inf
        raise argparse.ArgumentTypeError("an offset above 20 mm is not a duplexer shift")
    return (x, y)


def _bleed(value: str) -> float:
    try:
        bleed = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{value}' is not a number of millimetres") from None
    if not 0 <= bleed <= 10:  # also refuses nan
        raise argparse.ArgumentTypeError("bleed must be between 0 and 10 mm")
    return bleed


def _out_folder(value: str) -> str:
    if not value.strip():
        raise argparse.ArgumentTypeError("needs a folder name")
    return value


def cmd_build(args: argparse.Namespace) -> int:
    from generator.render.build import BuildOptions, build_game

    user_dir = _components(args.components)
    games = _games(args.games)
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
    return EXIT_OK


def cmd_simulate(args: argparse.Namespace) -> int:
    from generator.simulate_cli import simulate

    return simulate(args, _components(args.components))


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="copperplate", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)

    sub.add_parser("list", help="one line per game").set_defaults(func=cmd_list)

    c = sub.add_parser("checks", help="list the named rules checks of each game")
    c.add_argument("games", nargs="*", metavar="GAME")
    c.set_defaults(func=cmd_checks)

    v = sub.add_parser("validate", help="schema and rules checks")
    v.add_argument("games", nargs="*", metavar="GAME")
    v.add_argument("--components", metavar="DIR", help="a components tree to use instead")
    v.add_argument("--json", action="store_true", help="problems as JSON")
    v.set_defaults(func=cmd_validate)

    b = sub.add_parser("build", help="print-ready PDFs and manifests")
    b.add_argument("games", nargs="*", metavar="GAME")
    b.add_argument("--paper", choices=["a4", "letter"], default="a4")
    b.add_argument("--duplex", choices=["long", "short", "none"], default="long")
    b.add_argument("--out", default="output", metavar="DIR", type=_out_folder)
    b.add_argument("--components", metavar="DIR")
    b.add_argument("--back-offset", type=_back_offset, default=(0.0, 0.0), metavar="X,Y",
                   help="shift backs by X,Y mm to match your printer's duplexer")
    b.add_argument("--bleed", type=_bleed, default=3.0, metavar="MM", help="bleed (default 3)")
    b.add_argument("--quiet", "-q", action="store_true")
    b.set_defaults(func=cmd_build)

    s = sub.add_parser("simulate", help="play full games with the reference rules")
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
    s.set_defaults(func=cmd_simulate)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return int(args.func(args))
    except UsageError as exc:
        print(f"copperplate: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except OSError as exc:  # a disk or permission problem: say what and where, no traceback
        if isinstance(exc, BrokenPipeError):  # `copperplate … | head`: the reader left
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return EXIT_OK
        where = f": {exc.filename}" if exc.filename else ""
        print(f"copperplate: error: {exc.strerror or exc}{where}", file=sys.stderr)
        return EXIT_PROBLEMS


if __name__ == "__main__":
    raise SystemExit(main())
