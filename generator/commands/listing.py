"""``copperplate list``: one line per game."""

from __future__ import annotations

import argparse

from generator.commands.common import EXIT_OK, add_components, components_dir, games_named
from generator.deck.validate import validate_game
from generator.files.problems import printable
from generator.games import GAMES


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("list", help="one line per game: id, name, players, component count",
                       description="One line per game: id, name, players, component count.")
    add_components(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    user_dir = components_dir(args.components)
    for game_id in games_named([], user_dir):
        loaded = validate_game(GAMES[game_id], user_dir)
        if loaded.data is None:
            tree = f" --components {args.components}" if args.components else ""
            print(f"{game_id}\t(invalid data: run 'copperplate validate {game_id}{tree}')")
            continue
        info = loaded.data.game
        count = sum(piece.total() for _, piece in loaded.data.pieces())
        players = (f"{info.players.min} player" if info.players.min == info.players.max == 1
                   else f"{info.players.min} players" if info.players.min == info.players.max
                   else f"{info.players.min}-{info.players.max} players")
        print(f"{game_id}\t{printable(info.name)}\t{players}\t{count} components")
    return EXIT_OK
