"""``copperplate new``: scaffold a game folder of your own (a generic game)."""

from __future__ import annotations

import argparse
import json
import re
import shutil
from importlib import resources
from pathlib import Path

from generator.commands.common import EXIT_OK, UsageError
from generator.files.bundled import BUNDLED_COMPONENTS, BUNDLED_TEMPLATES
from generator.files.problems import display_path
from generator.games import GAMES
from generator.schema.base import SLUG_RE

# games written in the rules language (scaffold/starters/), each with its rulebook
STARTERS = ("claim-jumper", "trading-post", "high-noon", "auction-house", "land-rush",
            "gold-camp", "homestead", "boomtown")
PIECES = {  # what --pieces can ask for: its component file and its templates
    "cards": ("cards.yaml", ["card.svg.j2", "card-back.svg.j2", "back-art.svg.j2"]),
    "tiles": ("tiles.yaml", ["tile.svg.j2", "tile-back.svg.j2"]),
    "chips": ("chips.yaml", ["chip.svg.j2"]),
}


def _pieces(value: str) -> list[str]:
    names = [n.strip() for n in value.split(",") if n.strip()]
    unknown = [n for n in names if n not in PIECES]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"expected some of {', '.join(PIECES)}, "
                                         f"e.g. cards,chips (got '{value}')")
    return list(dict.fromkeys(names))


def register(sub: argparse._SubParsersAction) -> None:
    n = sub.add_parser("new", help="scaffold a game folder of your own",
                       description="Create DIR as a game of your own (its id is DIR's name): "
                       "game.yaml, component files, templates to edit and a README. The other "
                       "commands take it with --components and the folder that holds DIR.")
    n.add_argument("folder", metavar="DIR", help="the game folder to create (must not exist "
                   "or be empty)")
    n.add_argument("--name", required=True, help="the game's name, as printed")
    n.add_argument("--from", dest="start", default="blank",
                   choices=["blank", *STARTERS, *GAMES], metavar="GAME",
                   help=f"start from a blank game, a playable starter (its rules.yaml and "
                   f"rulebook: {', '.join(STARTERS)}) or a copy of a bundled one: "
                   f"{', '.join(GAMES)}")
    n.add_argument("--pieces", type=_pieces, default="cards", metavar="LIST",
                   help=f"with --from blank: any of {', '.join(PIECES)}, comma-separated")
    n.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    folder = Path(args.folder)
    game_id = folder.resolve().name
    _check_target(folder, game_id, args.start)
    if not args.name.strip() or "\n" in args.name:
        raise UsageError("--name: give the game's name on one line")
    tree = display_path(folder.parent) if folder.parent != Path("") else "."
    words = {"__ID__": game_id, "__NAME__": args.name.strip(), "__TREE__": tree,
             "__NAME_YAML__": json.dumps(args.name.strip())}  # a JSON string is valid YAML
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "templates").mkdir(exist_ok=True)
    if args.start == "blank":
        _blank(folder, args.pieces, words)
    elif args.start in STARTERS:
        _starter(folder, args.start, words)
    else:
        _copy_of(folder, args.start, words)
    print(f"created {display_path(folder)}/ ({args.name.strip()}, id '{game_id}'); next:\n"
          f"  copperplate validate {game_id} --components {tree}\n"
          f"  copperplate build {game_id} --components {tree}")
    if args.start in STARTERS:
        print(f"  copperplate simulate {game_id} --components {tree} --bots greedy,random")
    return EXIT_OK


def _check_target(folder: Path, game_id: str, start: str) -> None:
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise UsageError(f"'{folder}' already exists and is not an empty folder")
    if not re.match(SLUG_RE, game_id) or len(game_id) > 64:
        raise UsageError(f"the folder name '{game_id}' is the game's id: use lower-case "
                         "letters, digits and dashes, e.g. my-game")
    if game_id in GAMES and start != game_id:
        raise UsageError(f"'{game_id}' is a bundled game's id: name your folder otherwise "
                         f"(or use --from {game_id} to customize that game)")


def _fill(text: str, words: dict[str, str]) -> str:
    """Placeholders (``__ID__``) replaced in one pass: a name may hold anything."""
    return re.sub(r"__[A-Z_]+?__", lambda m: words.get(m.group(0), m.group(0)), text)


def _blank(folder: Path, pieces: list[str], words: dict[str, str]) -> None:
    scaffold = resources.files("generator") / "scaffold" / "blank"
    listed = "\n".join(f"  - {PIECES[p][0]}" for p in pieces)
    files = ["game.yaml", "README.md"] + [PIECES[p][0] for p in pieces]
    files += [f"templates/{t}" for p in pieces for t in PIECES[p][1]]
    for name in files:
        text = _fill(scaffold.joinpath(name).read_text(encoding="utf-8"),
                     {**words, "__COMPONENTS__": listed})
        (folder / name).write_text(text, encoding="utf-8")


def _copy_of(folder: Path, game_id: str, words: dict[str, str]) -> None:
    """The bundled game's component files and its own templates (the shared ones stay
    bundled), renamed: id and name in game.yaml, and ``rules:`` naming the game it copies
    so that game's model and checks still apply."""
    for path in sorted((BUNDLED_COMPONENTS / game_id).glob("*.yaml")):
        shutil.copy(path, folder / path.name)
    for path in sorted((BUNDLED_TEMPLATES / game_id).glob("*.j2")):
        shutil.copy(path, folder / "templates" / path.name)
    game = folder / "game.yaml"
    text = re.sub(r"(?m)^id: .*$", f"id: {words['__ID__']}\nrules: {game_id}",
                  game.read_text(encoding="utf-8"))
    text = re.sub(r"(?m)^name: .*$", f"name: {words['__NAME_YAML__']}", text)
    game.write_text(text, encoding="utf-8")
    readme = resources.files("generator") / "scaffold" / "blank" / "README.md"
    first = readme.read_text(encoding="utf-8").split("\n- ")[0]
    (folder / "README.md").write_text(_fill(first, words) + f"\nStarted from a copy of the "
                                      f"bundled game `{game_id}`.\n", encoding="utf-8")


def _starter(folder: Path, starter: str, words: dict[str, str]) -> None:
    """A starter's files (rules.yaml, RULEBOOK.md, its component files) with the blank
    game's card templates and README."""
    scaffold = resources.files("generator") / "scaffold"
    for item in (scaffold / "starters" / starter).iterdir():
        if item.is_file():
            (folder / item.name).write_text(_fill(item.read_text(encoding="utf-8"), words),
                                            encoding="utf-8")
    for name in PIECES["cards"][1]:
        text = (scaffold / "blank" / "templates" / name).read_text(encoding="utf-8")
        (folder / "templates" / name).write_text(text, encoding="utf-8")
    first = (scaffold / "blank" / "README.md").read_text(encoding="utf-8").split("\n- ")[0]
    (folder / "README.md").write_text(
        _fill(first, words) + f"\nStarted from the playable starter `{starter}`: "
        "`RULEBOOK.md` says how to play, `rules.yaml` says the same to `copperplate "
        "simulate`.\n", encoding="utf-8")
