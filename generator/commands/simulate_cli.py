"""``copperplate simulate``: argument checks, then the seeded runs or one logged game."""

from __future__ import annotations

import argparse
import json
import os
import struct
import sys
import zlib
from pathlib import Path
from typing import Any

from generator.commands.runs import (
    Bundled,
    lineup,
    playable,
    resolved_spec,
    run_numbers,
    run_plan,
)
from generator.deck.validate import validate_game
from generator.engine import simulate as sim
from generator.engine.playout import BotFactory, play, replay
from generator.engine.quality import quality_words
from generator.engine.record import RecordWriter
from generator.files.fileio import write_atomic
from generator.files.problems import format_text, printable
from generator.games.spec import GameSpec

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130
SVG_MARK = b"<!-- drawn by copperplate: simulate, picture -->"
PNG = b"\x89PNG\r\n\x1a\n"
PNG_MARK = b"Software\x00copperplate simulate --picture"


def _fail(message: str) -> int:
    print(f"copperplate: error: {message}", file=sys.stderr)
    return EXIT_USAGE


def simulate(args: argparse.Namespace, user_dir: Path | None) -> int:
    spec = playable(args.game, user_dir)
    numbers = run_numbers(args)
    if args.picture and not args.log:
        return _fail("--picture draws the game that --log prints: add --log")
    if args.log and args.json:
        return _fail("--log prints one game in words; --json summarises many: choose one")
    if args.picture and (problem := _picture_usage(args.picture)):
        return _fail(problem)
    plan = plan_for(spec, args, numbers, user_dir)
    if plan is None:
        return EXIT_PROBLEMS
    if args.log:
        return _log_one(args, spec.picture, plan)
    summary = sim.summarise(spec.id, plan, recorded_run(plan, numbers, args.cluster))
    print(json.dumps(summary) if args.json else human(summary))
    if summary["interrupted"]:
        print(f"copperplate: interrupted after {summary['games']} of "
              f"{summary['requested']} games (their summary is above)", file=sys.stderr)
        return EXIT_INTERRUPTED
    return EXIT_PROBLEMS if summary["violations"] else EXIT_OK


def plan_for(spec: GameSpec, args: argparse.Namespace, numbers: dict[str, Any],
             folder: Path | None) -> sim.Plan | None:
    """The run asked for on the deck in ``folder`` (None: the bundled one), its game built
    here; None after printing the deck's problems (located lines)."""
    made = plan_and_data(spec, args, numbers, folder)
    return None if made is None else made[0]


def plan_and_data(spec: GameSpec, args: argparse.Namespace, numbers: dict[str, Any],
                  folder: Path | None) -> tuple[sim.Plan, Any] | None:
    """``plan_for`` and the validated deck it plays."""
    if folder is not None:  # each deck's own rules (a rules.yaml is read from its folder)
        spec = resolved_spec(spec.id, folder)
    loaded = validate_game(spec, folder)
    if loaded.data is None:
        print(format_text(loaded.problems), file=sys.stderr)
        return None
    info = loaded.data.game
    names = lineup(args, spec, info.players.min, info.players.max)
    setup = Bundled(spec.id, str(folder.resolve()) if folder else None)
    plan = sim.Plan(setup, len(names), names, numbers["seed"], numbers["games"],
                    rotate=args.rotate, check=args.check, record=numbers["record"] is not None)
    assert spec.make_game is not None  # playable() said so
    sim.prime(plan, (spec.make_game(loaded.data), spec.bots))
    return plan, loaded.data


def recorded_run(plan: sim.Batch, numbers: dict[str, Any], cluster: str | None,
                 **how: Any) -> sim.Outcome:
    """Play the plan where asked, writing its --record file if asked (whole, or nothing
    when the run fails)."""
    writer = RecordWriter(numbers["record"]) if numbers["record"] else None
    try:
        outcome = run_plan(plan, numbers["jobs"], cluster,
                           on_chunk=(lambda chunk: writer.write(chunk[1])) if writer else None,
                           **how)
    except BaseException:
        if writer:
            writer.discard()
        raise
    if writer:
        writer.finish()
    return outcome


def _log_one(args: argparse.Namespace, picture: Any, plan: sim.Plan) -> int:
    """Game 0 of the plan, move by move (and its final table with --picture)."""
    game, table = plan.setup()
    positions = sim.seating(plan.players, 0, plan.rotate)
    bots: list[tuple[str, BotFactory]] = []
    for p in positions:
        factory = sim.bot_named(table, plan.lineup[p])
        assert factory is not None  # the lineup was checked
        bots.append((plan.lineup[p], factory))
    record = play(game, plan.players, bots, sim.game_seed(plan.seed, 0), log=True,
                  positions=positions)
    print("\n".join(record.log))
    if args.picture:
        if picture is None:
            return _fail(f"{args.game} cannot draw its table yet")
        final = replay(game, plan.players, record.actions)
        write_atomic(Path(args.picture), _picture_bytes(picture(final), args.picture))
        print(printable(f"picture of the final table: {args.picture}"))
    print(f"final scores: {record.scores}; winners: "
          f"{', '.join(f'P{s + 1}' for s in record.winners)}")
    for v in record.violations:
        print(f"violation: {v}")
    return EXIT_PROBLEMS if record.violations else EXIT_OK


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


def _picture_bytes(svg: str, name: str) -> bytes:
    """SVG as drawn, or a PNG (150 dpi) when the file name asks for one; each marked as
    ours, so a later run may replace it."""
    if not name.lower().endswith(".png"):
        return svg.rstrip("\n").encode("utf-8") + b"\n" + SVG_MARK + b"\n"
    from generator.render import fonts
    from generator.render.cachedir import cache_root

    fonts.pin(cache_root())  # the same pinned fonts as the print files
    import cairosvg

    png = bytes(cairosvg.svg2png(bytestring=svg.encode("utf-8"), dpi=150))
    return png[:33] + _png_chunk(b"tEXt", PNG_MARK) + png[33:]  # after the IHDR chunk


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def _interval(figure: dict[str, Any], percent: bool = False) -> str:
    lo, hi = figure["ci95"]
    if percent:
        return f"{figure['rate']:.1%} [{lo:.1%}, {hi:.1%}]"
    return f"{figure['mean']} [{lo}, {hi}]"


def human(s: dict[str, Any]) -> str:
    """The summary in words: every rate and mean with its 95 % interval in brackets."""
    played = s["games"]
    lines = [
        f"{s['game']}: {played} games, {s['players']} player{'s' * (s['players'] > 1)}, "
        f"seed {s['seed']}, bots {','.join(s['bots'])}" + (", rotated" if s["rotate"] else ""),
        f"completed {s['completed']}/{played}; ties {s['ties']}",
        f"turns: mean {_interval({**s['turns'], **s['lengths']})}, min {s['turns']['min']}, "
        f"p10 {s['lengths']['p10']}, median {s['lengths']['p50']}, "
        f"p90 {s['lengths']['p90']}, max {s['turns']['max']}",
        f"score: mean {_interval({**s['score'], 'ci95': s['score_ci95']})}, "
        f"min {s['score']['min']}, max {s['score']['max']}",
    ]
    if s["players"] > 1:
        lines += [f"  seat {x['seat']}: wins {_interval(x, True)}, score "
                  f"{_interval(x['score'])}" for x in s["seats"]]
        lines += [f"  bot {x['position']} ({x['bot']}): wins {_interval(x, True)}, score "
                  f"{_interval(x['score'])}" for x in s["lineup"]]
        lines.append("wins by turn order: " + ", ".join(
            f"{_ordinal(x['order'])} {_interval(x, True)}" for x in s["wins_by_turn_order"]))
    lines += quality_words(s["quality"])
    if s["events"]:
        lines.append("events:")
    for name, e in s["events"].items():
        lines.append(f"  {name}: {e['mean']} a game [{e['ci95'][0]}, {e['ci95'][1]}], "
                     f"{e['total']} in all" + ("  <- never happened" if not e["total"] else ""))
    lines += [f"note: {n}" for n in too_few(played)]
    lines.append(f"{s['seconds']} s ({played / max(s['seconds'], 1e-9):.0f} games/s)")
    if s["interrupted"]:
        lines.append(f"stopped by Ctrl-C after {played} of {s['requested']} games")
    lines += [f"violation: {v}" for v in s["violations"][:20]]
    return "\n".join(lines)


def too_few(games: int) -> list[str]:
    """What one game cannot say: its means' intervals are points, not certainty."""
    if games != 1:
        return []
    from generator.engine.stats import rate

    lo, hi = rate(1, 1)["ci95"]
    return ["1 game is too few to say anything: a mean's 95 % interval needs 2 games or "
            "more (those above are the game's own figures), and a rate's spans most of "
            f"0-100 % (a win in 1 game: [{lo:.1%}, {hi:.1%}]); play more with --games"]


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")
