"""``copperplate convert``: a game's component files as XLSX workbooks, CSV tables or YAML."""

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
from generator.files.problems import format_text, has_errors
from generator.games import GAMES


def register(sub: argparse._SubParsersAction) -> None:
    from generator.data.convert import FORMATS

    p = sub.add_parser("convert", help="a game's component files as spreadsheets or YAML",
                       description="Write OUT/GAME/: the game's folder with every component "
                       "file converted (xlsx: one workbook a file; csv: NAME.csv for the "
                       "pieces, NAME.SHEET.csv for each other sheet; yaml). The other "
                       "commands read the result as they read YAML. Exit 0, 1 invalid data, "
                       "2 usage.")
    add_game(p, "the game to convert")
    p.add_argument("--to", required=True, choices=FORMATS, help="the format to write")
    add_components(p)
    p.add_argument("--out", required=True, metavar="DIR", type=out_folder,
                   help="writes OUT/GAME/ (which must not exist yet, or be empty)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from generator.data.convert import ConvertError, convert
    from generator.deck.validate import validate_game
    from generator.files.fileio import replace_together

    user_dir = components_dir(args.components)
    games_named([args.game], user_dir)  # an unknown game: one line, exit 2
    target = Path(args.out) / args.game
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise UsageError(f"--out: '{target}' already holds files: choose another folder")
    loaded = validate_game(GAMES[args.game], user_dir)
    if loaded.problems:
        print(format_text(loaded.problems), file=sys.stderr)
    if has_errors(loaded.problems) or loaded.data is None:
        print("convert stopped: fix the errors above (nothing was written)", file=sys.stderr)
        return EXIT_PROBLEMS
    try:
        files = convert(loaded, args.to)
    except ConvertError as exc:
        print(f"copperplate: error: {exc} (nothing was written)", file=sys.stderr)
        return EXIT_PROBLEMS
    replace_together(target, files)
    print(f"{args.game}: {len(files)} file(s) -> {target}/")
    return EXIT_OK
