"""``copperplate export``: files for screens, Tabletop Simulator and print shops."""

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
from generator.deck.validate import user_tree_problems, validate_game
from generator.export import PRESETS, TARGETS
from generator.export.profiles import NO_FOGRA
from generator.files.problems import format_text, has_errors, printable
from generator.games import GAMES


def register(sub: argparse._SubParsersAction) -> None:
    e = sub.add_parser("export", help="PNGs, Tabletop Simulator decks, print-shop files",
                       description="Export a game's pieces into OUT/GAME/export-T[-P]/: "
                       "png (one image per face), tts (Tabletop Simulator deck sheets and a "
                       "saved object), pod (a print shop's sizes: --preset), tuck (a tuck box for "
                       "every deck of cards, to print on A4 or Letter and fold).")
    add_game(e, "the game to export")
    e.add_argument("--to", required=True, metavar="|".join(TARGETS),
                   help=f"what to make: {', '.join(TARGETS)}")
    e.add_argument("--preset", metavar="|".join(PRESETS),
                   help=f"with --to pod, the print shop: {', '.join(PRESETS)}")
    e.add_argument("--out", default="output", metavar="DIR", type=out_folder,
                   help="writes OUT/GAME/export-TARGET[-PRESET]/")
    add_components(e)
    e.add_argument("--base-url", metavar="URL",
                   help="tts: name the images under URL (http(s):// or file:///) in GAME.json; "
                   "without it, paths relative to GAME.json")
    e.add_argument("--pdfx", default="x1a", metavar="x1a|x4",
                   help="pod with a PDF shop: PDF/X-1a (default, everything flattened) or "
                   "PDF/X-4 (PDF 1.6, gradients and transparency kept)")
    e.add_argument("--press-profile", metavar="swop|fogra39|gracol|FILE.icc",
                   help="pod with a PDF shop: the CMYK press profile. swop (default): "
                   "Ghostscript's (CGATS TR 001); fogra39, gracol: built once from Debian's "
                   "icc-profiles-free measurement data with argyll (no such profile is free "
                   "to install); or your shop's ICC file")
    e.add_argument("--dpi", type=int, default=300, help="png and tts resolution (300)")
    e.add_argument("--bleed", action=argparse.BooleanOptionalAction, default=True,
                   help="png: draw each face with its bleed (default) or cut at the trim")
    e.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from generator.export import ExportError, ExportOptions, check_options, export_game
    from generator.export.staging import check_destination
    from generator.render.errors import BuildError

    user_dir = components_dir(args.components)
    games_named([args.game], user_dir)  # an unknown game: one line, exit 2
    options = ExportOptions(to=args.to, preset=args.preset, out=Path(args.out), dpi=args.dpi,
                            bleed=args.bleed, base_url=args.base_url,
                            pdfx=args.pdfx, press_profile=args.press_profile)
    try:
        check_options(options)
        check_destination(options.folder(args.game))
    except ExportError as exc:
        raise UsageError(str(exc)) from None
    problems = user_tree_problems(user_dir) if user_dir else []
    loaded = validate_game(GAMES[args.game], user_dir)
    problems += loaded.problems
    if problems:
        print(format_text(problems), file=sys.stderr)
    if has_errors(problems) or loaded.data is None:
        print("export stopped: fix the errors above (nothing was written)", file=sys.stderr)
        return EXIT_PROBLEMS
    try:
        work = export_game(loaded, options)
    except ExportError as exc:
        raise UsageError(str(exc)) from None
    except BuildError as exc:  # a face that cannot be drawn: its line, nothing written
        print(printable(str(exc) if ": error: " in str(exc) else
                        f"copperplate: error: {exc}"), file=sys.stderr)
        print("export stopped: fix the error above (nothing was written)", file=sys.stderr)
        return EXIT_PROBLEMS
    for skipped in work.skipped:
        source = f"{skipped['where']}: " if "where" in skipped else "copperplate: "
        print(printable(f"{source}warning: '{skipped['piece']}' left out: "
                        f"{skipped['reason']}"), file=sys.stderr)
    if options.preset is not None and options.press_profile in (None, "swop") and \
            PRESETS[options.preset].output == "pdfx":
        print(f"copperplate: note: press profile SWOP (CGATS TR 001): {NO_FOGRA}",
              file=sys.stderr)
    written = len({entry["path"] for entry in work.files})  # a tuck box PDF holds many
    print(printable(f"{args.game}: {written} file(s) -> {work.final}/"))
    return EXIT_OK
