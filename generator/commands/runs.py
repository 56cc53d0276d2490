"""What ``simulate`` and ``compare`` share: their run options, the checks on them, the
game built the way ``--components`` loads it, and where the games are played (this
process, ``--jobs`` local processes, or a ``--cluster``), with a progress bar on a
terminal only."""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.commands.common import UsageError
from generator.engine.api import Game
from generator.engine.playout import BotFactory
from generator.engine.simulate import Batch, Chunk, Outcome, Pool, execute, unknown_bots
from generator.games import GAMES
from generator.games.spec import GameSpec

MAX_GAMES = 10_000_000


def add_run_options(s: argparse.ArgumentParser, components: bool = True,
                    record: bool = True, default_bot: str = "random") -> None:
    """The options of a batch of seeded games (numbers are read by ``whole`` so a bad
    one is a one-line usage error, not argparse's usage block)."""
    from generator.commands.common import add_components, bot_list

    s.add_argument("--games", default="100", metavar="N", help="games to play")
    s.add_argument("--players", default=None, metavar="P",
                   help="players per game (default: 4 where the game allows, else the "
                   "nearest count; with --bots, one per bot)")
    s.add_argument("--seed", default="1", metavar="S",
                   help="the run's seed; each game's seed is derived from it and its number")
    bots = s.add_mutually_exclusive_group()
    every_seat = bots.add_argument("--bot", default=None, metavar="NAME",
                                   help=f"the bot in every seat (default: {default_bot}). Bots: {{bots}}")
    every_seat.help_fields = {"bots": bots_by_game}  # type: ignore[attr-defined]  # asked only by --help: it imports every game
    bots.add_argument("--bots", default=None, metavar="A,B,...", type=bot_list,
                      help="one bot per seat, e.g. \"greedy, random, random\"")
    s.add_argument("--rotate", action="store_true",
                   help="seat each bot of the lineup in every seat equally often")
    s.add_argument("--jobs", default=None, metavar="N",
                   help="local processes (default: every core); same results as --jobs 1")
    s.add_argument("--cluster", default=None, metavar="ADDRESS",
                   help="a Dask scheduler (tcp://host:8786): needs pip install '.[cluster]'")
    if record:  # report reads --record files instead
        s.add_argument("--record", default=None, metavar="FILE.jsonl",
                       help="write every game (seed, bots, actions, result) for replay/report")
    s.add_argument("--check", choices=["step", "end"], default="step",
                   help="test invariants after every action, or once at the end of a game")
    s.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    if components:  # compare names its two trees with --base and --variant instead
        add_components(s)


def bots_by_game() -> str:
    """The bots each game offers, said once when every game offers the same."""
    offers = {game_id: ", ".join([*spec.bots, "mcts", "mcts:N", "mcts:Xs", "mcts:N:BOT"])
              for game_id, spec in GAMES.items()}
    if len(set(offers.values())) == 1:
        return f"{next(iter(offers.values()))} (every game)"
    return "; ".join(f"{game_id}: {bots}" for game_id, bots in offers.items())


def whole(value: str, flag: str, low: int, high: int | None = None) -> int:
    try:
        number = int(value)
    except ValueError:
        raise UsageError(f"{flag} must be a whole number, not '{value}'") from None
    if high is None and number < low:
        raise UsageError(f"{flag} must be {low} or more, not {number}")
    if high is not None and not low <= number <= high:
        raise UsageError(f"{flag} must be between {low} and {high}, not {number}")
    return number


def cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (
        os.cpu_count() or 1)


@dataclass(frozen=True)
class Bundled:
    """Builds a game from its components tree in whatever process plays it (picklable,
    so local processes and cluster workers rebuild the same game)."""

    game_id: str
    components: str | None  # an absolute folder, or None for the bundled components

    def __call__(self) -> tuple[Game, Mapping[str, BotFactory]]:
        from generator.deck.validate import validate_game

        folder = Path(self.components) if self.components else None
        spec = resolved_spec(self.game_id, folder)
        loaded = validate_game(spec, folder)
        if loaded.data is None or spec.make_game is None:
            raise RuntimeError(f"{self.game_id}: the components no longer validate here")
        return spec.make_game(loaded.data), spec.bots


def resolved_spec(game_id: str, user_dir: Path | None) -> GameSpec:
    """The registered game, or a game of one's own read as the rules its game.yaml names
    (``rules: copperdale``, as ``new --from`` writes)."""
    from generator.data.components import game_folder
    from generator.deck.validate import named_rules, own_games

    if game_id in GAMES:
        return GAMES[game_id]
    if game_id in own_games(user_dir):
        return named_rules(GAMES[game_id], game_folder(game_id, user_dir))[0]
    hint = "" if user_dir else "; a game of your own: add --components, the folder that " \
        "holds its folder"
    raise UsageError(f"unknown game '{game_id}' (games: {', '.join(GAMES)}){hint}")


def playable(game_id: str, user_dir: Path | None = None) -> GameSpec:
    spec = resolved_spec(game_id, user_dir)
    if spec.make_game is None:
        if game_id not in GAMES:
            raise UsageError(f"'{game_id}' has no rules.yaml and its game.yaml names no "
                             "bundled rules: there is nothing to play (a rules.yaml makes "
                             "it playable)")
        raise UsageError(f"{game_id} has no reference implementation yet")
    return spec


def lineup(args: argparse.Namespace, spec: GameSpec, low: int, high: int) -> tuple[str, ...]:
    """The bots by lineup position; --players, else one per bot of --bots, else 4 where
    the game allows."""
    named = args.bots.split(",") if args.bots is not None else None
    if args.players is not None:
        players = whole(args.players, "--players", 1)
    else:
        players = len(named) if named else min(max(low, 4), high)
    if not low <= players <= high:
        allowed = f"{low}-{high} players" if low < high else f"{low} player" + "s" * (low > 1)
        raise UsageError(f"{spec.id} is for {allowed}, not {players}")
    names = named or [args.bot or "random"] * players
    if len(names) != players:
        raise UsageError(f"--bots names {len(names)} bots for {players} players")
    unknown = unknown_bots(spec.bots, names)
    if unknown:
        raise UsageError(f"unknown bot '{unknown[0]}' (bots: {', '.join(spec.bots)}, mcts, "
                         f"mcts:N, mcts:Xs, mcts:N:BOT)")
    return tuple(names)


def record_path(value: str | None) -> Path | None:
    """A new file in an existing folder: a record is never written over."""
    if value is None:
        return None
    path = Path(value)
    if path.exists():
        raise UsageError(f"--record: '{value}' already exists (a record is never replaced)")
    if not path.parent.is_dir():
        raise UsageError(f"--record: folder '{path.parent}' does not exist")
    return path


def _quiet_interrupts() -> None:
    """Workers leave Ctrl-C to the main process, which stops handing out games; a
    SIGTERM sent to a worker itself ends it (not the parent's Ctrl-C handling)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


@contextmanager
def pool_for(jobs: int, cluster: str | None, games: int) -> Iterator[tuple[Pool | None, int]]:
    """Where the chunks run: (None, 1) in this process, else the pool and its width."""
    if cluster is not None:
        from generator.lab.cluster import ClusterError, connect

        try:
            client = connect(cluster)
        except ClusterError as exc:
            raise UsageError(str(exc)) from None
        try:
            yield client, max(1, client.workers())
        except ClusterError as exc:  # the cluster went away during the run
            raise UsageError(str(exc)) from None
        finally:
            client.close()
        return
    width = min(jobs, games)
    if width <= 1:
        yield None, 1
        return
    executor = ProcessPoolExecutor(width, initializer=_quiet_interrupts)
    try:
        yield executor, width
    finally:  # after Ctrl-C: games not started are dropped, the running chunks end
        executor.shutdown(wait=True, cancel_futures=True)


def run_plan(plan: Batch, jobs: int, cluster: str | None,
             on_chunk: Callable[[Chunk], None] | None = None, **how: Any) -> Outcome:
    """Play the plan where asked, with a progress bar when stderr is a terminal; ``how``
    names the worker and its empty tally for a comparison (see ``execute``)."""
    with pool_for(jobs, cluster, plan.games) as (pool, width), progress(plan.games) as tick:
        def seen(chunk: Chunk) -> None:
            tick(chunk[0].games)
            if on_chunk:
                on_chunk(chunk)

        return execute(plan, pool=pool, workers=width, on_chunk=seen, **how)


@contextmanager
def progress(total: int) -> Iterator[Callable[[int], None]]:
    """A progress bar on stderr when it is a terminal; nothing when piped or captured."""
    if not sys.stderr.isatty():
        yield lambda _games: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    with Progress("games", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("games", total=total)
        yield lambda games: bar.advance(task, games)


def run_numbers(args: argparse.Namespace) -> dict[str, Any]:
    """The checks every run makes before anything is played or written."""
    return {"games": whole(args.games, "--games", 1, MAX_GAMES),
            "seed": whole(args.seed, "--seed", -(2**63), 2**63 - 1),
            "jobs": cores() if args.jobs is None else whole(args.jobs, "--jobs", 1, 1024),
            "record": record_path(getattr(args, "record", None))}
