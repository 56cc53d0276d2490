"""``copperplate watch``: rebuild the preview and the PDF on every save, errors shown; the
preview served on 127.0.0.1, where an open page takes each rebuild in at once."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from generator.commands.common import (
    EXIT_OK,
    UsageError,
    add_game,
    components_dir,
    games_named,
    out_folder,
    ranged,
)
from generator.files.problems import format_text, printable

if TYPE_CHECKING:
    import socket

    from generator.export.live import Round, Watcher

DEFAULT_PORT = 8766  # beside the studio's 8765; taken (another watch): a free one


def register(sub: argparse._SubParsersAction) -> None:
    w = sub.add_parser("watch", help="rebuild preview and PDF on every save",
                       description="Watch a deck's YAML and templates; on every save validate, "
                       "redraw what changed and refresh OUT/GAME/preview and the PDF, in one "
                       "process. The preview is served on http://127.0.0.1:PORT/ (printed), "
                       "and an open page shows each save the moment it is drawn. Errors are "
                       "shown and the watch goes on; Ctrl-C stops it.")
    add_game(w, "the game to watch")
    w.add_argument("--components", metavar="DIR", required=True,
                   help="the components tree that holds the deck you edit")
    w.add_argument("--out", default="output", metavar="DIR", type=out_folder,
                   help="where the preview and the PDF are refreshed")
    w.add_argument("--paper", choices=["a4", "letter"], default="a4", help="paper of the PDF")
    w.add_argument("--interval", type=ranged(0.01, 3600, "the interval", unit=" s"),
                   default=0.1, metavar="S",
                   help="saves this close together (seconds) are one rebuild")
    w.add_argument("--rounds", type=ranged(1, 10**6, "the rounds", whole=True), default=None,
                   metavar="N",
                   help="stop after N rebuilds (default: None, watch until Ctrl-C)")
    w.add_argument("--port", type=ranged(0, 65535, "the port", whole=True), default=None,
                   metavar="N", help=f"serve the preview on 127.0.0.1:N (0: a free one; "
                   f"default: {DEFAULT_PORT}, or a free one if another watch has it)")
    w.add_argument("--no-serve", action="store_true",
                   help="serve nothing: only write OUT/GAME/preview and the PDF")
    w.set_defaults(func=run)


def deck_watcher(game: str, user_dir: Path | None, out: Path, paper: str = "a4") -> Watcher:
    """The watch of one game of ``user_dir``: its folder and the bundled templates it can
    use, validated and its problems found as ``preview`` finds them."""
    from generator.commands.preview import problems_of
    from generator.data.components import LoadedGame, game_folder
    from generator.deck.validate import validate_game
    from generator.export.live import Watcher
    from generator.games import GAMES

    folder = game_folder(game, user_dir)
    _, bundled, shared = LoadedGame(game, folder).template_dirs()
    return Watcher(lambda: validate_game(GAMES[game], user_dir),
                   [folder, bundled, shared / "_shared"], out, paper,
                   check=lambda loaded: problems_of(loaded, user_dir))


def preview_socket(port: int | None) -> socket.socket:
    """Where the preview is served: ``--port N`` or its error; by default DEFAULT_PORT, or
    a free port when another watch (or anything else) has it."""
    from generator.serve.server import PortRefused, listen

    try:
        return listen(DEFAULT_PORT if port is None else int(port), "watch")
    except PortRefused as exc:
        if port is not None:
            raise UsageError(str(exc)) from None
    return listen(0, "watch")


def report(done: Round) -> None:
    """One line per rebuild: what was written and how long it took, or the problems."""
    if done.problems:
        print(format_text(done.problems), file=sys.stderr, flush=True)
    if done.pdf is None:
        print(printable(f"not built: fix the errors above (preview shows them) -> "
                        f"{done.preview}"), file=sys.stderr, flush=True)
    else:
        print(printable(f"preview in {done.preview_s:.2f} s, PDF in {done.total_s:.2f} s "
                        f"({done.drawn} face(s) drawn) -> {done.preview}, {done.pdf}"),
              flush=True)


def run(args: argparse.Namespace) -> int:
    from generator.export.live import watch

    user_dir = components_dir(args.components)
    games_named([args.game], user_dir)  # an unknown game: one line, exit 2
    sock = None if args.no_serve else preview_socket(args.port)
    watcher = deck_watcher(args.game, user_dir, Path(args.out), args.paper)
    print(printable(f"watching {watcher.folders[0]} (Ctrl-C to stop)"), flush=True)
    if sock is None:
        watch(watcher, report, args.interval, args.rounds)
        return EXIT_OK
    from generator.serve.live import served

    with served(Path(args.out) / args.game / "preview", sock) as (address, beacon):
        print(f"preview at {address} (an open page shows every save)", flush=True)
        watcher.written = beacon.bump
        watch(watcher, report, args.interval, args.rounds)
    return EXIT_OK
