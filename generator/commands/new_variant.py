"""``copperplate new-variant``: scaffold an overlay folder that changes a bundled game."""

from __future__ import annotations

import argparse
from pathlib import Path

import yaml

from generator.checks.rulebook import Stated
from generator.commands.common import EXIT_OK, UsageError, add_game
from generator.files.fileio import write_atomic
from generator.files.problems import printable
from generator.games import GAMES

HEADER = """\
# A variant of {name}: this folder holds only what it changes.
# Every file (and every key) it lacks comes from the bundled game. To change a number,
# add a file named like the bundled one (e.g. {example}) holding only the keys you
# change; a list (like `pieces`) replaces the bundled list whole. Then:
#   copperplate diff {game} --components {tree}      (your changes, against the rulebook)
#   copperplate validate {game} --components {tree}  (each change is a warning)
#   copperplate build {game} --components {tree}     (the set prints "Variant: ...")
"""


def register(sub: argparse._SubParsersAction) -> None:
    n = sub.add_parser("new-variant", help="scaffold a variant folder that extends a game",
                       description="Write DIR/GAME/game.yaml extending the bundled GAME with "
                       "a declared variant, ready for the files or keys you change.")
    add_game(n, "the game the variant changes")
    n.add_argument("dir", metavar="DIR", help="the components tree to hold the variant")
    n.add_argument("--name", default="House rules", help="the variant's name, as printed")
    n.add_argument("--notes", default="", help="a line about the variant, as printed")
    n.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    spec = GAMES.get(args.game)
    if spec is None and (Path(args.dir) / args.game / "game.yaml").is_file():
        raise UsageError(f"'{args.game}' is a game of your own: a variant extends a bundled "
                         "game; copy the game's folder into another components folder, change "
                         f"the copy, and `compare {args.game} --base OLD --variant NEW`")
    if spec is None:
        raise UsageError(f"unknown game '{args.game}' (games: {', '.join(GAMES)})")
    if not args.name.strip() or len(args.name) > 60:
        raise UsageError("--name needs 1 to 60 characters")
    folder = Path(args.dir) / spec.id
    if (folder / "game.yaml").exists():
        raise UsageError(f"'{folder / 'game.yaml'}' exists already: not overwritten")
    if Path(args.dir).exists() and not Path(args.dir).is_dir():
        raise UsageError(f"'{args.dir}' exists and is not a folder")
    body = yaml.safe_dump({"extends": spec.id, "variant": {"name": args.name,
                                                             "notes": args.notes}},
                          sort_keys=False, allow_unicode=True)
    stems = [str(e.path[0]) for e in (spec.baseline.entries if spec.baseline else ())
             if isinstance(e, Stated) and e.path[0] != "game"]
    example = f"{max(stems, key=stems.count, default='table').replace('_', '-')}.yaml"
    header = HEADER.format(name=spec.id, example=example, game=spec.id, tree=args.dir)
    folder.mkdir(parents=True, exist_ok=True)
    write_atomic(folder / "game.yaml", (header + body).encode("utf-8"))
    print(printable(f"wrote {folder / 'game.yaml'}: add the files you change next to it"))
    return EXIT_OK
