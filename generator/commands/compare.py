"""``copperplate compare GAME --base DIR|rulebook --variant DIR``: the same seeds on two
decks (common random numbers), each measure's difference with its 95 % interval and a
plain verdict."""

from __future__ import annotations

import argparse
import json
from typing import Any

from generator.commands.common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    UsageError,
    add_game,
    deck_side,
)

EXIT_INTERRUPTED = 130


def register(sub: argparse._SubParsersAction) -> None:
    from generator.commands.runs import add_run_options

    s = sub.add_parser("compare", help="the same seeded games on two decks, differences "
                       "with 95%% intervals",
                       description="Play the same seeded games on two decks and report "
                       "each measure's difference with its 95 % interval.")
    add_game(s, "the game to play")
    s.add_argument("--base", required=True, metavar="DIR|rulebook",
                   help="a components tree, or 'rulebook' for the bundled decks")
    s.add_argument("--variant", required=True, metavar="DIR", help="a components tree")
    add_run_options(s, components=False)
    s.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from generator.commands.runs import playable, run_numbers

    spec = playable(args.game, deck_side(args.variant, "--variant"))  # a game of one's own too
    numbers = run_numbers(args)
    ran = compared(spec, args, numbers)
    if ran is None:
        return EXIT_PROBLEMS
    report, outcome = ran
    print(json.dumps(report) if args.json else human(report, args))
    if outcome.interrupted:
        return EXIT_INTERRUPTED
    broken = report["base"]["violations"] or report["variant"]["violations"]
    return EXIT_PROBLEMS if broken else EXIT_OK


def compared(spec: Any, args: argparse.Namespace,
             numbers: dict[str, Any]) -> tuple[dict[str, Any], Any] | None:
    """Both decks played on the same seeds: the CONTRACT.md object and the run's outcome
    (its tallies); None after printing a deck's problems."""
    from generator.commands.simulate_cli import plan_for, recorded_run
    from generator.engine.compare import Pairing, PairTally, play_pair_chunk

    if numbers["games"] < 2:
        raise UsageError(f"--games {numbers['games']} is too few to compare: a difference's "
                         "95 % interval needs 2 games or more on each deck")
    sides = [deck_side(args.base, "--base"), deck_side(args.variant, "--variant")]
    plans = [plan_for(spec, args, numbers, folder) for folder in sides]
    if plans[0] is None or plans[1] is None:
        return None
    pairing = Pairing(plans[0], plans[1])
    outcome = recorded_run(pairing, numbers, args.cluster, worker=play_pair_chunk,
                           empty=PairTally)
    return comparison(spec.id, pairing, outcome), outcome


def comparison(game_id: str, pairing: Any, outcome: Any) -> dict[str, Any]:
    """CONTRACT.md's comparison object."""
    from generator.engine import simulate as sim
    from generator.engine.compare import notes

    tally = outcome.tally
    differences = tally.differences()

    def side(plan: sim.Plan, part: Any) -> dict[str, Any]:
        return sim.summarise(game_id, plan, sim.Outcome(part, outcome.interrupted,
                                                        outcome.seconds))

    return {"game": game_id, "players": pairing.players, "games": tally.games,
            "seed": pairing.base.seed, "base": side(pairing.base, tally.base),
            "variant": side(pairing.variant, tally.variant),
            "differences": differences, "notes": notes(differences, tally.games)}


def human(report: dict[str, Any], args: argparse.Namespace) -> str:
    """The differences, each in a sentence; the quality of the game on each deck; notes."""
    from generator.engine.compare import difference_lines
    from generator.engine.quality import quality_words

    lines = [f"{report['game']}: {report['games']} games on each deck, same seeds "
             f"(seed {report['seed']}), {report['players']} player"
             f"{'s' * (report['players'] > 1)}, bots {','.join(report['base']['bots'])}",
             f"base {args.base}, variant {args.variant}"]
    lines += [f"  {line}" for line in difference_lines(report["differences"])]
    for which in ("base", "variant"):
        lines.append(f"quality of the game, {which}:")
        lines += [f"  {line}" for line in quality_words(report[which]["quality"])]
    lines += [f"note: {n}" for n in report["notes"]]
    if report["base"]["interrupted"]:
        lines.append(f"stopped by Ctrl-C after {report['games']} games")
    for which in ("base", "variant"):
        lines += [f"violation ({which}): {v}" for v in report[which]["violations"][:10]]
    return "\n".join(lines)
