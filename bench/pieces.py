"""The planted-piece benchmark of ``copperplate pieces`` (README figures).

For each game, ``--plants`` times: one piece is made a step stronger as a declared variant
(a Boomtown Builders building or a Copper Creek building card scores 2 more points,
Boomtown's up to its Scoring Track's top; a Copperdale skill's number a step up; a Kings
of Copper chip is worth half as much again), each time another piece of the game, and
``pieces`` ranks the variant's pieces; the benchmark counts how
often the planted piece ranks in the top 3 and how often it is flagged. Then the untouched
deck is ranked ``--plants`` times on other seeds: how often anything at all is flagged
(the false alarms the false-discovery control is there to hold down). Restricted play is
left out (``--suspects 0``): this measures the ranking.

    python bench/pieces.py [--plants 20] [--games N] [--players P] [--bot B] [--jobs J] [GAME ...]

GAME defaults to Boomtown Builders, Copper Creek and Copperdale (a skill's number a step
up, solo); Kings of Copper (chips) is planted when named. Cold Comfort has no plant yet
(a hotel's worth is its size, which its character's set fixes).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import re
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from generator.cli import main

ROOT = Path(__file__).resolve().parents[1]
STEP_POINTS = 2
STEP_VALUE = 1.5


TRACK_TOP = 8  # Boomtown's Scoring Track ends at 8 before the bonus (check points-fit)


def _points_up(match: re.Match[str]) -> str:
    values = [min(TRACK_TOP, int(v) + STEP_POINTS) for v in match.group(1).split(",")]
    return f"points: [{', '.join(map(str, values))}]"


def boomtown(text: str, face: str) -> str | None:
    """Every distance of the building's points list 2 points higher (up to the track's
    top; a building already at the top everywhere is left out)."""
    line = re.search(rf"^.*\{{id: {re.escape(face)},.*$", text, re.M)
    if line is None:
        return None
    stronger = re.sub(r"points: \[([\d, ]+)\]", _points_up, line.group(0))
    if stronger == line.group(0):
        return None
    return text[:line.start()] + stronger + text[line.end():]


def creek(text: str, face: str) -> str | None:
    """Every building of the card 2 points higher."""
    block = re.search(rf"^(\s*)- id: {re.escape(face)}\n(?:\1  .*\n|\s*\n)*", text, re.M)
    if block is None:
        return None
    stronger = re.sub(r"points: (\d+)", lambda m: f"points: {int(m.group(1)) + STEP_POINTS}",
                      block.group(0))
    return text[:block.start()] + stronger + text[block.end():]


def chip(text: str, face: str) -> str | None:
    """The chip worth half as much again (a worthless chip stays out)."""
    line = re.search(rf"^.*\{{id: {re.escape(face)},.*value: (\d+).*$", text, re.M)
    if line is None or int(line.group(1)) == 0:
        return None
    value = int(line.group(1))
    stronger = line.group(0).replace(f"value: {value}", f"value: {round(value * STEP_VALUE)}")
    return text[:line.start()] + stronger + text[line.end():]


SKILL_STEPS = {"prosperity_bonus": 10, "redraws_per_month": 1, "border_spaces": 1,
               "medals": 1, "population_spaces": 1, "monument_spaces": -1}


def skill(text: str, face: str) -> str | None:
    """A Copperdale skill a step stronger: its number one step up (the Merchants' bonus
    by 10, the Artisans' Monuments one space shorter); the Diplomats' yes/no is left out."""
    line = re.search(rf"^  {re.escape(face)}: \{{(\w+): (\d+)\}}$", text, re.M)
    if line is None or line.group(1) not in SKILL_STEPS:
        return None
    value = int(line.group(2)) + SKILL_STEPS[line.group(1)]
    return (text[:line.start()] + f"  {face}: {{{line.group(1)}: {value}}}"
            + text[line.end():])


Plant = Callable[[str, str], "str | None"]
PLANTS: dict[str, list[tuple[str, Plant]]] = {
    "boomtown-builders": [("buildings.yaml", boomtown)],
    "copper-creek": [("buildings.yaml", creek)],
    "kings-of-copper": [("mining-chips.yaml", chip), ("prospecting-chips.yaml", chip)],
    "copperdale": [("board.yaml", skill)],
}
SOLO = {"copperdale"}  # played by one player whatever --players says

# by default; a Kings of Copper game costs ten
QUICK = ("boomtown-builders", "copper-creek", "copperdale")


def planted(game: str, face: str, tree: Path) -> bool:
    """Write a variant of ``game`` in ``tree`` with ``face`` a step stronger."""
    for name, plant in PLANTS[game]:
        stronger = plant((ROOT / "components" / game / name).read_text(), face)
        if stronger is not None:
            folder = tree / game
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
            (folder / "game.yaml").write_text(
                f"extends: {game}\nvariant: {{name: {face} a step stronger}}\n")
            (folder / name).write_text(stronger)
            return True
    return False


def pieces(argv: list[str]) -> dict[str, Any] | None:
    """The run's ``--json``; None when the deck is invalid (a plant the game's checks
    refuse, such as a sapphire worth more than the bank can pay)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main(["pieces", *argv, "--json", "--suspects", "0", "--check", "end"])
    if code == 1 and not out.getvalue():
        return None
    assert code == 0, f"pieces {argv} exited {code}"
    return json.loads(out.getvalue())  # type: ignore[no-any-return]


def ranking(argv: list[str]) -> list[dict[str, Any]]:
    """The pieces of a run that must be valid (the untouched deck)."""
    out = pieces(argv)
    assert out is not None, f"pieces {argv}: the deck is invalid"
    return out["pieces"]  # type: ignore[no-any-return]


def plantable(game: str, face: str) -> bool:
    return any(plant((ROOT / "components" / game / name).read_text(), face) is not None
               for name, plant in PLANTS[game])


def bench_game(game: str, args: argparse.Namespace) -> dict[str, Any]:
    """``--plants`` runs, each with one piece a step stronger (the plantable pieces in
    turn, again on new seeds when there are fewer), then as many runs of the untouched
    deck."""
    players = 1 if game in SOLO else args.players
    run = ["--games", str(args.games), "--players", str(players), "--bot", args.bot,
           "--jobs", str(args.jobs)]
    ids = [row["id"] for row in ranking([game, *run, "--games", "2"])]
    faces = [face for face in ids if plantable(game, face)]
    top3 = flagged = plants = 0
    started = time.process_time()
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(args.plants * 3):  # a plant the checks refuse is passed over
            if plants == args.plants:
                break
            face = faces[k % len(faces)]
            planted(game, face, Path(tmp))
            rows = pieces([game, *run, "--components", tmp, "--seed", str(plants + 1)])
            if rows is None:
                continue
            row = next(r for r in rows["pieces"] if r["id"] == face)
            plants += 1
            top3 += row["rank"] <= 3
            flagged += row["flagged"]
    alarms = sum(any(r["flagged"] for r in ranking([game, *run, "--seed", str(100 + k)]))
                 for k in range(args.plants))
    return {"game": game, "players": players, "pieces": len(ids), "plants": plants,
            "top3": top3, "flagged": flagged, "null_runs": args.plants,
            "null_runs_flagging": alarms, "games": args.games,
            "cpu_s": round(time.process_time() - started, 1)}


def main_bench() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plants", type=int, default=20)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("games_", nargs="*", metavar="GAME", default=list(QUICK))
    args = parser.parse_args()
    print("| game | players | pieces | games a run | planted | planted in the top 3 "
          "| planted flagged | untouched runs flagging anything | CPU s |")
    print("|---|---:|---:|---:|---:|---|---|---|---:|")
    for game in args.games_:
        r = bench_game(game, args)
        print(f"| {game} | {r['players']} | {r['pieces']} | {r['games']} | {r['plants']} | "
              f"{r['top3']} ({r['top3'] / max(1, r['plants']):.0%}) | {r['flagged']} | "
              f"{r['null_runs_flagging']} of {r['null_runs']} | {r['cpu_s']} |", flush=True)


if __name__ == "__main__":
    main_bench()
