"""``copperplate diff``: a deck's changes against the rulebook and against the bundled deck,
or against another copy of it (``--base DIR``: the one way for a game of one's own)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator.commands.common import EXIT_OK, EXIT_PROBLEMS, UsageError, add_game, components_dir
from generator.deck.validate import own_games
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
    from generator.deck.deckdiff import deck_diff

    tree = Path(args.components)
    own = own_games(tree) if tree.is_dir() else []
    if args.game not in GAMES and args.game not in own:
        raise UsageError(f"unknown game '{args.game}' (games: {', '.join([*GAMES, *own])})")
    user_dir = components_dir(args.components)
    base_dir = components_dir(args.base, "--base")
    if args.game not in GAMES and base_dir is None:
        raise UsageError(f"'{args.game}' is a game of your own: no bundled deck to compare "
                         "with; give the copy to compare with as --base DIR")
    against = "the bundled deck" if base_dir is None else f"the deck in {args.base}"
    sound, text = deck_diff(args.game, user_dir, base_dir, against)
    print(text, file=sys.stdout if sound else sys.stderr)
    return EXIT_OK if sound else EXIT_PROBLEMS
