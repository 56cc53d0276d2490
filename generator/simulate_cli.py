"""``copperplate simulate``: argument checks, then the seeded runs or one logged game."""

from __future__ import annotations

import argparse
import json
import os
import struct
import sys
import zlib
from pathlib import Path

from generator.components import game_folder
from generator.engine import simulate as sim
from generator.engine.playout import BotFactory, play, replay
from generator.fileio import write_atomic
from generator.games import GAMES
from generator.problems import format_text
from generator.validate import named_rules, own_games, validate_game

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2
SVG_MARK = b"<!-- drawn by copperplate: simulate, picture -->"
PNG = b"\x89PNG\r\n\x1a\n"
PNG_MARK = b"Software\x00copperplate simulate --picture"


def _fail(message: str) -> int:
    print(f"copperplate: error: {message}", file=sys.stderr)
    return EXIT_USAGE


def _bots(args: argparse.Namespace, players: int,
          table: dict[str, BotFactory]) -> list[tuple[str, BotFactory]] | str:
    names = (args.bots.split(",") if args.bots is not None
             else [args.bot or "random"] * players)
    if len(names) != players:
        return f"--bots names {len(names)} bots for {players} players"
    for name in names:
        if name not in table:
            return f"unknown bot '{name}' (bots: {', '.join(table)})"
    return [(name, table[name]) for name in names]


def _players(args: argparse.Namespace, low: int, high: int) -> int:
    """--players, else one per bot named by --bots, else 4 where the game allows."""
    if args.players is not None:
        return int(args.players)
    if args.bots is not None:
        return len(args.bots.split(","))
    return min(max(low, 4), high)


def _usage(args: argparse.Namespace) -> str | None:
    if not 1 <= args.games <= 10_000_000:
        return "--games must be between 1 and 10000000"
    if args.picture and not args.log:
        return "--picture draws the game that --log prints: add --log"
    if args.log and args.json:
        return "--log prints one game in words; --json summarises many: choose one"
    return _picture_usage(args.picture) if args.picture else None


def _picture_usage(name: str) -> str | None:
    """A picture goes only where a picture belongs: a .svg or .png name, in a folder that
    exists, never over a file this command did not write (a typo must not eat a YAML)."""
    path = Path(name)
    if path.suffix.lower() not in (".svg", ".png"):
        return f"--picture: '{name}' must end in .svg or .png"
    if not path.parent.is_dir():
        return f"--picture: folder '{path.parent}' does not exist"
    if os.path.lexists(path) and not _our_picture(path):
        return f"--picture: '{name}' exists and is not a picture copperplate drew: not replaced"
    return None


def _our_picture(path: Path) -> bool:
    if not path.is_file():
        return False
    with path.open("rb") as handle:
        head = handle.read(128)
        handle.seek(max(0, path.stat().st_size - 128))
        tail = handle.read()
    return (head.startswith(PNG) and PNG_MARK in head) or SVG_MARK in tail


def simulate(args: argparse.Namespace, user_dir: Path | None) -> int:
    spec = GAMES.get(args.game)
    if spec is None and args.game in own_games(user_dir):  # rules named in its game.yaml?
        spec = named_rules(GAMES[args.game], game_folder(args.game, user_dir))[0]
        if spec.make_game is None:
            return _fail(f"'{args.game}' names no registered rules in its game.yaml: "
                         "there is nothing to simulate")
    if spec is None:
        return _fail(f"unknown game '{args.game}' (games: {', '.join(GAMES)})")
    if spec.make_game is None:
        return _fail(f"{args.game} has no reference implementation yet")
    problem = _usage(args)
    if problem:
        return _fail(problem)
    loaded = validate_game(spec, user_dir)
    if loaded.data is None:
        print(format_text(loaded.problems), file=sys.stderr)
        return EXIT_PROBLEMS
    info = loaded.data.game
    players = _players(args, info.players.min, info.players.max)
    if not info.players.min <= players <= info.players.max:
        allowed = (f"{info.players.min}-{info.players.max} players"
                   if info.players.min < info.players.max else f"{info.players.min} player"
                   + "s" * (info.players.min > 1))
        return _fail(f"{args.game} is for {allowed}, not {players}")
    bots = _bots(args, players, dict(spec.bots))
    if isinstance(bots, str):
        return _fail(bots)
    game = spec.make_game(loaded.data)
    if args.log:
        record = play(game, players, bots, sim.game_seed(args.seed, 0), log=True)
        print("\n".join(record.log))
        if args.picture:
            if spec.picture is None:
                return _fail(f"{args.game} cannot draw its table yet")
            final = replay(game, players, record.actions)
            write_atomic(Path(args.picture), _picture_bytes(spec.picture(final), args.picture))
            print(f"picture of the final table: {args.picture}")
        print(f"final scores: {record.scores}; winners: "
              f"{', '.join(f'P{s + 1}' for s in record.winners)}")
        for v in record.violations:
            print(f"violation: {v}")
        return EXIT_PROBLEMS if record.violations else EXIT_OK
    summary = sim.run(game, players, args.games, args.seed, bots, check=args.check)
    if args.json:
        print(json.dumps(summary))
    else:
        print(_human(summary))
    return EXIT_PROBLEMS if summary["violations"] else EXIT_OK


def _picture_bytes(svg: str, name: str) -> bytes:
    """SVG as drawn, or a PNG (150 dpi) when the file name asks for one; each marked as
    ours, so a later run may replace it."""
    if not name.lower().endswith(".png"):
        return svg.rstrip("\n").encode("utf-8") + b"\n" + SVG_MARK + b"\n"
    from generator.render import fonts
    from generator.render.cache import cache_root

    fonts.pin(cache_root())  # the same pinned fonts as the print files
    import cairosvg

    png = bytes(cairosvg.svg2png(bytestring=svg.encode("utf-8"), dpi=150))
    return png[:33] + _png_chunk(b"tEXt", PNG_MARK) + png[33:]  # after the IHDR chunk


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def _human(s: dict) -> str:
    lines = [
        f"{s['game']}: {s['games']} games, {s['players']} player{'s' * (s['players'] > 1)}, "
        f"seed {s['seed']}, "
        f"bots {','.join(s['bots'])}",
        f"completed {s['completed']}/{s['games']}; turns min {s['turns']['min']} mean "
        f"{s['turns']['mean']} max {s['turns']['max']}",
        f"wins by seat {s['wins_by_seat']}; score min {s['score']['min']} mean "
        f"{s['score']['mean']} max {s['score']['max']}",
        f"{s['seconds']} s ({s['games'] / max(s['seconds'], 1e-9):.0f} games/s)",
    ]
    lines += [f"violation: {v}" for v in s["violations"][:20]]
    return "\n".join(lines)
