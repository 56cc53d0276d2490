"""``copperplate diff``: a deck's changes against the rulebook and against the bundled deck."""

from __future__ import annotations

import argparse
import sys

from generator.commands.common import EXIT_OK, EXIT_PROBLEMS, UsageError, add_game, components_dir
from generator.files.problems import format_text
from generator.games import GAMES


def register(sub: argparse._SubParsersAction) -> None:
    d = sub.add_parser("diff", help="a deck's changes against the rulebook and the bundled deck",
                       description="List what a deck changes: each rulebook number or word "
                       "(against the game's baseline), and the pieces and faces added, "
                       "removed or changed against the bundled deck. Exit 0, 1 invalid "
                       "data, 2 usage.")
    add_game(d, "the game whose deck to compare with its rulebook")
    d.add_argument("--components", metavar="DIR", required=True,
                   help="the components tree holding the deck")
    d.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from generator.data.components import game_folder, load_game
    from generator.deck.deckdiff import report

    spec = GAMES.get(args.game)
    if spec is None:
        raise UsageError(f"unknown game '{args.game}' (games: {', '.join(GAMES)})")
    user_dir = components_dir(args.components)
    deck = load_game(spec.id, spec.model, game_folder(spec.id, user_dir))
    bundled = load_game(spec.id, spec.model, game_folder(spec.id, None))
    if deck.data is None or bundled.data is None:
        print(format_text(deck.problems + bundled.problems), file=sys.stderr)
        return EXIT_PROBLEMS
    deviations = spec.baseline.deviations(deck.data) if spec.baseline else []
    print(report(deck, bundled, deviations))
    return EXIT_OK
