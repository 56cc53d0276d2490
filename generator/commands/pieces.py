"""``copperplate pieces GAME``: which piece is out of line. Every piece a player can take,
play or hold, ranked by the result of its holders against the other seats, with 95 %
intervals and a false-discovery control; the strongest suspects played again with the
bots forbidden them; with ``--variant``, which pieces moved."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from generator.commands.common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    UsageError,
    add_game,
    components_dir,
    deck_side,
)

EXIT_INTERRUPTED = 130
DEFAULT_BOT = "greedy"  # random players take pieces blind: their effects say little


def register(sub: argparse._SubParsersAction) -> None:
    from generator.commands.runs import add_run_options

    s = sub.add_parser("pieces", help="every piece ranked by its effect on its holder",
                       description="Play seeded games and rank every piece a player can "
                       "take, play or hold by its holder's result against the other seats "
                       "(95 % intervals, Benjamini-Hochberg flags), then play the strongest "
                       "suspects again with the bots forbidden them (same seeds).")
    add_game(s, "the game to play")
    add_run_options(s, record=False, default_bot=DEFAULT_BOT)
    s.set_defaults(games="200")
    s.add_argument("--piece", action="append", default=[], dest="named", metavar="ID",
                   help="play this piece restricted (its id as in the build manifest); "
                   "may be repeated (default: the strongest suspects)")
    s.add_argument("--suspects", default="3", metavar="K",
                   help="how many of the top of the ranking are played restricted (0: none)")
    s.add_argument("--variant", metavar="DIR",
                   help="rank the pieces of this deck too and say which moved")
    s.add_argument("--base", default="rulebook", metavar="DIR|rulebook",
                   help="with --variant: the deck it is compared with")
    s.add_argument("--html", metavar="FILE.html", help="also write the report as one HTML page")
    s.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from generator.commands.runs import playable, run_numbers, whole

    user_dir = components_dir(args.components)
    spec = playable(args.game, user_dir)
    if spec.pieces is None:
        raise UsageError(f"{spec.id} does not say what its seats hold: there are no pieces "
                         "to rank")
    if args.bot is None and args.bots is None:
        args.bot = DEFAULT_BOT
    numbers = run_numbers(args)
    if numbers["games"] < 2:
        raise UsageError(f"--games {numbers['games']} is too few: a piece's holders are "
                         "compared with the other seats over 2 games or more")
    suspects = whole(args.suspects, "--suspects", 0, 100)
    if args.html and not Path(args.html).parent.is_dir():
        raise UsageError(f"--html: folder '{Path(args.html).parent}' does not exist")
    made = _played(spec, args, numbers, user_dir, suspects)
    if made is None:
        return EXIT_PROBLEMS
    return _show(made, args)


def _played(spec: Any, args: argparse.Namespace, numbers: dict[str, Any],
            user_dir: Path | None, suspects: int) -> dict[str, Any] | None:
    from generator.commands import pieces_run as pr

    if args.variant and args.components:
        raise UsageError("with --variant, name the base deck with --base, not --components")
    folders = [user_dir] if not args.variant else [deck_side(args.base, "--base"),
                                                    deck_side(args.variant, "--variant")]
    decks = [pr.prepared(spec, args, numbers, folder) for folder in folders]
    if any(d is None for d in decks):
        return None
    ready = [d for d in decks if d is not None]
    pr.check_pieces(args.named, ready, spec, args.variant)
    for deck in ready:
        pr.play_deck(spec, deck, numbers, args.cluster)
    pr.restrict(spec, ready[-1], args.named, numbers, args.cluster, suspects)
    out = pr.result(spec.id, ready[-1])
    if args.variant:
        base = pr.result(spec.id, ready[0])
        out["moved"], out["removed"] = pr.moved(ready[0], ready[-1])
        out["base"] = {k: base[k] for k in ("completed", "violations", "notes", "pieces")}
        out["violations"] = base["violations"] + out["violations"]
        out["interrupted"] |= base["interrupted"]
    return out


def _show(out: dict[str, Any], args: argparse.Namespace) -> int:
    from generator.commands.piece_report import html_page, text
    from generator.files.fileio import write_atomic

    print(json.dumps(out) if args.json else text(out, args))
    if args.html:
        write_atomic(Path(args.html), html_page(out, args).encode("utf-8"))
        print(f"report: {args.html}", file=sys.stderr)
    if out["interrupted"]:
        return EXIT_INTERRUPTED
    return EXIT_PROBLEMS if out["violations"] else EXIT_OK
