"""``copperplate diff``: a deck's changes against the rulebook and against the bundled deck,
or against another copy of it (``--base DIR``: the one way for a game of one's own)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from generator.commands.common import EXIT_OK, EXIT_PROBLEMS, UsageError, add_game, components_dir
from generator.deck.validate import own_games
from generator.files.problems import format_text
from generator.games import GAMES


def register(sub: argparse._SubParsersAction) -> None:
    d = sub.add_parser("diff", help="a deck's changes against the rulebook and the bundled deck",
                       description="List what a deck changes: each rulebook number or word "
                       "(against the game's baseline), and the pieces and faces added, "
                       "removed or changed against the bundled deck, or against the deck "
                       "in --base DIR (a game of your own has no bundled deck: give it "
                       "one). Exit 0, 1 invalid data, 2 usage.")
    add_game(d, "the game whose deck to compare with its rulebook")
    d.add_argument("--components", metavar="DIR", required=True,
                   help="the components tree holding the deck")
    d.add_argument("--base", metavar="DIR",
                   help="the components tree holding the deck to compare with (default: "
                   "the bundled deck and its rulebook numbers)")
    d.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from generator.data.components import game_folder, load_game
    from generator.deck.deckdiff import report

    tree = Path(args.components)
    own = own_games(tree) if tree.is_dir() else []
    if args.game not in GAMES and args.game not in own:
        raise UsageError(f"unknown game '{args.game}' (games: {', '.join([*GAMES, *own])})")
    user_dir = components_dir(args.components)
    base_dir = _base(args.base)
    if args.game not in GAMES and base_dir is None:
        raise UsageError(f"'{args.game}' is a game of your own: no bundled deck to compare "
                         "with; give the copy to compare with as --base DIR")
    spec = GAMES[args.game]
    deck = load_game(spec.id, spec.model, game_folder(spec.id, user_dir))
    base = load_game(spec.id, spec.model, game_folder(spec.id, base_dir))
    if deck.data is None or base.data is None:
        print(format_text(deck.problems + base.problems), file=sys.stderr)
        return EXIT_PROBLEMS
    print(report(deck, base, _deviations(spec, deck),
                 "the bundled deck" if base_dir is None else f"the deck in {args.base}"))
    return EXIT_OK


def _deviations(spec: Any, deck: Any) -> list[Any] | None:
    """The deck's rulebook numbers it changes; None for a game of one's own (no rulebook)."""
    if spec.id not in GAMES:
        return None
    return spec.baseline.deviations(deck.data) if spec.baseline else []


def _base(value: str | None) -> Path | None:
    try:
        return components_dir(value)
    except UsageError as exc:
        raise UsageError(str(exc).replace("--components", "--base")) from None
