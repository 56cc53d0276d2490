"""``copperplate watch``: rebuild the preview and the PDF on every save, errors shown."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from generator.commands.common import (
    EXIT_OK,
    add_game,
    components_dir,
    games_named,
    out_folder,
    ranged,
)
from generator.files.problems import format_text, printable

if TYPE_CHECKING:
    from generator.export.live import Watcher


def register(sub: argparse._SubParsersAction) -> None:
    w = sub.add_parser("watch", help="rebuild preview and PDF on every save",
                       description="Watch a deck's YAML and templates; on every save validate, "
                       "redraw what changed and refresh OUT/GAME/preview and the PDF, in one "
                       "process. Errors are shown and the watch goes on; Ctrl-C stops it.")
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


def run(args: argparse.Namespace) -> int:
    from generator.export.live import Round, watch

    user_dir = components_dir(args.components)
    games_named([args.game], user_dir)  # an unknown game: one line, exit 2
    watcher = deck_watcher(args.game, user_dir, Path(args.out), args.paper)

    def report(done: Round) -> None:
        if done.problems:
            print(format_text(done.problems), file=sys.stderr, flush=True)
        if done.pdf is None:
            print(printable(f"not built: fix the errors above (preview shows them) -> "
                            f"{done.preview}"), file=sys.stderr, flush=True)
        else:
            print(printable(f"preview in {done.preview_s:.2f} s, PDF in {done.total_s:.2f} s "
                            f"({done.drawn} face(s) drawn) -> {done.preview}, {done.pdf}"),
                  flush=True)

    print(printable(f"watching {watcher.folders[0]} (Ctrl-C to stop)"), flush=True)
    watch(watcher, report, args.interval, args.rounds)
    return EXIT_OK
