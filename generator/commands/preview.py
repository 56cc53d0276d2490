"""``copperplate preview``: an HTML gallery of every piece with its problems."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.commands.common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    UsageError,
    add_components,
    add_game,
    components_dir,
    games_named,
    out_folder,
)
from generator.data.components import LoadedGame
from generator.deck.validate import user_tree_problems, validate_game
from generator.files.problems import Problem, format_text, has_errors, printable
from generator.games import GAMES


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("preview", help="an HTML gallery of every piece with its problems",
                       description="Write OUT/GAME/preview/index.html: every piece, front and "
                       "back, with its count, size, source and problems; search by name.")
    add_game(p, "the game to show")
    add_components(p)
    p.add_argument("--out", default="output", metavar="DIR", type=out_folder,
                   help="writes OUT/GAME/preview/index.html")
    p.set_defaults(func=run)


def problems_of(loaded: LoadedGame, user_dir: Path | None) -> list[Problem]:
    """Validation's problems (schema, rules checks, templates), shown beside the piece
    whose YAML they point into. (``run`` adds the print lint's, tied to their piece; watch
    leaves the lint out to stay fast.)"""
    from generator.render.preflight import template_problems

    found = (user_tree_problems(user_dir) if user_dir else []) + list(loaded.problems)
    if loaded.data is not None:
        found += template_problems(loaded)
    return found


def load(game: str, user_dir: Path | None) -> tuple[LoadedGame, list[Problem]]:
    loaded = validate_game(GAMES[game], user_dir)
    return loaded, problems_of(loaded, user_dir)


def run(args: argparse.Namespace) -> int:
    from generator.export import ExportError
    from generator.export.gallery import write_preview

    user_dir = components_dir(args.components)
    games_named([args.game], user_dir)  # an unknown game: one line, exit 2
    loaded, problems = load(args.game, user_dir)
    if problems:
        print(format_text(problems), file=sys.stderr)
    from generator.lint import findings_by_piece

    by_piece = (findings_by_piece(loaded)  # each finding with its own severity
                if loaded.data is not None and not has_errors(problems) else {})
    try:
        page = write_preview(loaded, problems, Path(args.out), by_piece=by_piece)
    except ExportError as exc:
        raise UsageError(str(exc)) from None
    print(printable(f"{args.game}: preview -> {page}"))
    found = [p for piece in by_piece.values() for p in piece]
    return EXIT_PROBLEMS if has_errors(problems) or has_errors(found) else EXIT_OK
