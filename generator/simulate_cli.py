"""``copperplate simulate``: argument checks, then the seeded runs or one logged game."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from generator.components import game_folder
from generator.engine import simulate as sim
from generator.engine.playout import BotFactory, play, replay
from generator.fileio import write_atomic
from generator.games import GAMES
from generator.problems import format_text
from generator.validate import named_rules, own_games, validate_game

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2


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
    return None


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
    """SVG as drawn, or a PNG (150 dpi) when the file name asks for one."""
    if not name.lower().endswith(".png"):
        return svg.encode("utf-8")
    from generator.render import fonts
    from generator.render.cache import cache_root

    fonts.pin(cache_root())  # the same pinned fonts as the print files
    import cairosvg

    return bytes(cairosvg.svg2png(bytestring=svg.encode("utf-8"), dpi=150))


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
