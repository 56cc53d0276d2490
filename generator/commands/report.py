"""``copperplate report GAME … --html FILE``: the balance report of a live run (optionally
a variant against its base) or of ``--record`` files, as one self-contained HTML page."""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.commands.common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    UsageError,
    add_game,
    bot_list,
    components_dir,
)
from generator.files.problems import printable

if TYPE_CHECKING:
    from generator.engine.playout import GameRecord


def register(sub: argparse._SubParsersAction) -> None:
    from generator.commands.runs import add_run_options

    s = sub.add_parser("report", help="an HTML balance report with plots",
                       description="Plots and figures of a live run, a variant against its "
                       "base, or recorded runs, in one self-contained HTML file.")
    add_game(s, "the game to report on")
    s.add_argument("--html", required=True, metavar="FILE.html", help="the report to write")
    s.add_argument("--record", action="append", default=[], dest="records",
                   metavar="FILE.jsonl",
                   help="report these recorded runs (simulate/compare --record) instead "
                   "of playing; may be repeated")
    s.add_argument("--variant", metavar="DIR", help="play this deck against --base too")
    s.add_argument("--base", default="rulebook", metavar="DIR|rulebook",
                   help="with --variant: the deck it is compared with")
    s.add_argument("--ladder", default=None, metavar="A,B,...", type=bot_list,
                   help="bots, weakest first: play each against the one below (--games "
                   "each, seats rotated, at the smallest table unless --players) and draw "
                   "the skill curve")
    add_run_options(s, record=False)
    s.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from generator.commands.runs import playable, run_numbers
    from generator.files.fileio import write_atomic

    tree = args.variant or args.components  # where a game of one's own is
    spec = playable(args.game, components_dir(tree) if tree else None)
    numbers = run_numbers(args)
    if args.ladder:
        made = _ladder(spec, args, numbers)
    elif args.records:
        made = _from_records(spec.id, [Path(p) for p in args.records])
    elif args.variant:
        made = _live_comparison(spec, args, numbers)
    else:
        made = _live(spec, args, numbers)
    if made is None:
        return EXIT_PROBLEMS
    write_atomic(Path(args.html), made.encode("utf-8"))
    print(printable(f"report: {args.html}"))
    return EXIT_OK


def _page(game_id: str, intro: str, parts: list[tuple[str, Any, Any]],
          differences: dict[str, Any] | None = None) -> str:
    """``parts``: (label, summary, tally) of each deck."""
    from generator.engine.compare import notes, verdict
    from generator.lab.balance_report import difference_section, page, run_sections

    sections: list[tuple[str, str]] = []
    if differences is not None:  # the answer first: did the change help?
        told = notes(differences, parts[0][1]["games"])
        sections.append(("Variant against base", difference_section(differences, verdict, told)))
    for label, summary, tally in parts:
        sections += [(f"{label}{name}", body) for name, body in run_sections(summary, tally)]
    return page(f"{game_id}: balance report", intro, sections)


def _live(spec: Any, args: argparse.Namespace, numbers: dict[str, Any]) -> str | None:
    from generator.commands.simulate_cli import plan_for, recorded_run
    from generator.engine import simulate as sim

    plan = plan_for(spec, args, numbers, components_dir(args.components))
    if plan is None:
        return None
    outcome = recorded_run(plan, numbers, args.cluster)
    summary = sim.summarise(spec.id, plan, outcome)
    return _page(spec.id, _intro(summary), [("", summary, outcome.tally)])


def _live_comparison(spec: Any, args: argparse.Namespace,
                     numbers: dict[str, Any]) -> str | None:
    from generator.commands.compare import compared

    if args.components:
        raise UsageError("with --variant, name the base deck with --base, not --components")
    ran = compared(spec, args, numbers)
    if ran is None:
        return None
    report, outcome = ran
    parts = [(f"Base ({args.base}): ", report["base"], outcome.tally.base),
             (f"Variant ({args.variant}): ", report["variant"], outcome.tally.variant)]
    intro = (f"{_intro(report['base'])}; the same seeds on the base deck ({args.base}) and "
             f"the variant ({args.variant})")
    return _page(spec.id, intro, parts, report["differences"])


def _ladder(spec: Any, args: argparse.Namespace, numbers: dict[str, Any]) -> str | None:
    """Every rung of ``--ladder`` against the one below it, and the skill curve."""
    from generator.commands.runs import Bundled, lineup, run_plan
    from generator.deck.validate import validate_game
    from generator.engine import simulate as sim
    from generator.engine.ladder import climb
    from generator.lab.balance_report import ladder_section, page

    if args.records or args.variant or args.bot or args.bots or args.rotate:
        raise UsageError("--ladder names the bots and rotates the seats itself: not with "
                         "--record, --variant, --bot, --bots or --rotate")
    rungs = args.ladder.split(",")
    if len(rungs) < 2:
        raise UsageError("--ladder needs two bots or more, weakest first")
    folder = components_dir(args.components) if args.components else None
    loaded = validate_game(spec, folder)
    if loaded.data is None:
        from generator.files.problems import format_text

        print(format_text(loaded.problems), file=sys.stderr)
        return None
    low, high = loaded.data.game.players.min, loaded.data.game.players.max
    asked = argparse.Namespace(players=args.players or str(max(low, min(2, high))),
                               bots=None, bot=None)
    # each rung a known bot, the table one the game allows (a one-line usage error)
    players = {len(lineup(argparse.Namespace(**{**vars(asked), "bot": rung}), spec, low,
                          high)) for rung in rungs}.pop()

    def runner(plan: sim.Plan) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        lines: list[dict[str, Any]] = []
        outcome = run_plan(plan, numbers["jobs"], args.cluster,
                           on_chunk=lambda chunk: lines.extend(chunk[1]))
        return sim.summarise(spec.id, plan, outcome), lines

    setup = Bundled(spec.id, str(folder.resolve()) if folder else None)
    duels = climb(setup, rungs, players, numbers["games"], numbers["seed"], runner,
                  check=args.check)
    intro = (f"{numbers['games']} games a duel, {players} player{'s' * (players > 1)}, "
             f"seed {numbers['seed']}, seats rotated: each rung against the one below it")
    return page(f"{spec.id}: skill ladder", intro, [("Skill ladder", ladder_section(duels))])


def _intro(summary: dict[str, Any]) -> str:
    return (f"{summary['games']} games, {summary['players']} player"
            f"{'s' * (summary['players'] > 1)}, bots {', '.join(summary['bots'])}, seed "
            f"{summary['seed']}" + (", seats rotated" if summary["rotate"] else "")
            + _few(summary["games"]))


def _few(games: int) -> str:
    """The note of a run too short to say anything, for an introduction."""
    from generator.commands.simulate_cli import too_few

    return "".join(f". Note: {n}" for n in too_few(games))


MAX_WAITING = 10_000  # a comparison's base games read before their variant (adjacent)
MAX_VIOLATIONS = 10_000  # listed in the report, each up to 2,000 characters


@dataclass
class _Recorded:
    """The games of ``--record`` files, tallied as they are read, so memory stays constant
    whatever the files hold: all of one game and player count, at most
    ``MAX_EVENT_NAMES`` event names between them (each is a row of a plot) and at most
    ``MAX_VIOLATIONS`` violations (each is listed)."""

    game_id: str
    first: GameRecord | None = None
    tally: Any = None  # a Tally, or a PairTally for a comparison's records
    waiting: dict[int, GameRecord] = field(default_factory=dict)  # bases, by game number
    names: set[str] = field(default_factory=set)
    violations: int = 0

    def add(self, path: Path, line: int, index: int, record: GameRecord) -> None:
        from generator.engine.compare import PairTally
        from generator.engine.tally import Tally

        self.first = self.first or record
        self._check(path, line, record)
        if self.tally is None:
            self.tally = PairTally(record.players) if record.side else Tally(record.players)
        if not record.side:
            self.tally.add(index, record)
        elif record.side == "base":
            self.waiting[index] = record
        elif index in self.waiting:
            self.tally.add(index, self.waiting.pop(index), record)

    def _check(self, path: Path, line: int, record: GameRecord) -> None:
        from generator.engine.record import MAX_EVENT_NAMES, RecordError

        first = self.first
        assert first is not None
        if record.game != self.game_id:
            raise RecordError(path, line, 1, f"a {record.game} game, not {self.game_id}")
        if record.players != first.players:
            raise RecordError(path, line, 1, f"a game of {record.players} players among "
                              f"games of {first.players}")
        if bool(record.side) != bool(first.side):
            raise RecordError(path, line, 1, "a comparison's game and a simulation's game "
                              "in one report")
        self.names.update(record.events)
        if len(self.names) > MAX_EVENT_NAMES:
            raise RecordError(path, line, 1, f"more than {MAX_EVENT_NAMES} event names "
                              "in the records")
        self.violations += len(record.violations)
        if self.violations > MAX_VIOLATIONS:
            raise RecordError(path, line, 1, f"more than {MAX_VIOLATIONS} invariant "
                              "violations in the records: report a smaller run")
        if len(self.waiting) >= MAX_WAITING:
            raise RecordError(path, line, 1, f"more than {MAX_WAITING} base games without "
                              "their variant")


def _from_records(game_id: str, paths: list[Path]) -> str | None:
    from generator.engine.record import RecordError, read_records
    from generator.lab.balance_report import lineup_of, summary_of

    for path in paths:
        if not path.is_file():
            raise UsageError(f"--record: '{path}' is not a file")
    run = _Recorded(game_id)
    try:
        for path in paths:
            for line, index, record in read_records(path, actions=False):
                run.add(path, line, index, record)
    except RecordError as exc:
        print(exc.located, file=sys.stderr)
        return None
    if run.first is None:
        raise UsageError("the --record files hold no games")
    lineup, players, paired = lineup_of([run.first]), run.first.players, bool(run.first.side)
    intro = (f"{run.tally.games} recorded games {'on each deck, ' * paired}{players} "
             f"player{'s' * (players > 1)}, bots {', '.join(lineup)}, from "
             f"{', '.join(str(p) for p in paths)}"
             + _few(run.tally.games))
    if paired:
        pairs = run.tally
        parts = [("Base: ", summary_of(game_id, pairs.base, lineup), pairs.base),
                 ("Variant: ", summary_of(game_id, pairs.variant, lineup), pairs.variant)]
        return _page(game_id, intro, parts, pairs.differences())
    return _page(game_id, intro, [("", summary_of(game_id, run.tally, lineup), run.tally)])
