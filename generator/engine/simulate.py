"""Many seeded games, streamed into a running tally (constant memory), on one core, on
local processes (``--jobs``) or on a cluster: the same summary in every case.

A run is a ``Plan``: plain, picklable data naming how to build the game in any process
(``setup``), the lineup of bots, the seed and the number of games. Game ``i`` has its own
seed (``game_seed``) and, with ``rotate``, its own seating, so any game can be played
anywhere, in any order, and replayed alone. Chunks of games come back in order; the
tallies are exact (``stats``), so the summary does not depend on how the run was split.
"""

from __future__ import annotations

import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Protocol

from generator.engine.api import Game
from generator.engine.mcts import mcts_factory
from generator.engine.playout import BotFactory, GameRecord, play
from generator.engine.tally import Tally

Setup = Callable[[], tuple[Game, Mapping[str, BotFactory]]]


def game_seed(seed: int, index: int) -> str:
    """Each game of a run has its own seed, derived from the run's seed and its number."""
    return f"{seed}/{index}"


@dataclass(frozen=True)
class Plan:
    setup: Setup  # builds the game and its bot table in whatever process plays
    players: int
    lineup: tuple[str, ...]  # one bot name per lineup position
    seed: int
    games: int
    rotate: bool = False  # game i seats lineup position p at seat (p + i) mod players
    check: str = "step"
    record: bool = False  # keep each game's record line (for --record)


def seating(players: int, index: int, rotate: bool) -> list[int]:
    """Seat -> lineup position for game ``index``: each bot sits in every seat equally
    often over any ``players`` consecutive games when rotating."""
    shift = index % players if rotate else 0
    return [(seat - shift) % players for seat in range(players)]


def bot_named(table: Mapping[str, BotFactory], name: str) -> BotFactory | None:
    """A game's own bot, or the general ones every game has (``mcts``, ``mcts:N``)."""
    return table.get(name) or mcts_factory(name, table)


def unknown_bots(table: Mapping[str, BotFactory], names: Iterable[str]) -> list[str]:
    return [name for name in names if bot_named(table, name) is None]


_built: dict[Setup, tuple[Game, Mapping[str, BotFactory]]] = {}
KEEP_BUILT = 2  # the two decks of a comparison


def _setup(plan: Plan) -> tuple[Game, Mapping[str, BotFactory]]:
    """Build the game once per process (loading and validating the data is slow)."""
    if plan.setup not in _built:
        prime(plan, plan.setup())
    return _built[plan.setup]


def built(plan: Plan) -> tuple[Game, Mapping[str, BotFactory]]:
    """The plan's game and bot table, built once per process."""
    return _setup(plan)


def prime(plan: Plan, built: tuple[Game, Mapping[str, BotFactory]]) -> None:
    """Hand over a game already built here (forked workers inherit it too)."""
    while len(_built) >= KEEP_BUILT:
        del _built[next(iter(_built))]
    _built[plan.setup] = built


def play_game(plan: Plan, index: int) -> GameRecord:
    game, table = _setup(plan)
    positions = seating(plan.players, index, plan.rotate)
    bots: list[tuple[str, BotFactory]] = []
    for p in positions:
        factory = bot_named(table, plan.lineup[p])
        if factory is None:
            raise ValueError(f"unknown bot '{plan.lineup[p]}'")
        bots.append((plan.lineup[p], factory))
    return play(game, plan.players, bots, game_seed(plan.seed, index), check=plan.check,
                positions=positions)


class Counts(Protocol):
    """A chunk's running figures: a ``Tally``, or the paired tallies of a comparison."""

    games: int

    def merge(self, other: Any) -> None: ...


class Batch(Protocol):
    """What a worker plays: a ``Plan``, or the two plans of a comparison."""

    @property
    def players(self) -> int: ...

    @property
    def games(self) -> int: ...


Chunk = tuple[Counts, list[dict[str, Any]]]


def play_chunk(plan: Plan, start: int, stop: int) -> tuple[Tally, list[dict[str, Any]]]:
    """Games ``start``..``stop - 1``: their tally, and their record lines if asked."""
    tally, lines = Tally(plan.players), []
    for index in range(start, stop):
        record = play_game(plan, index)
        tally.add(index, record)
        if plan.record:
            lines.append(record.to_line(index))
    return tally, lines


class Pool(Protocol):
    """What runs chunks elsewhere: a process pool or a cluster client."""

    def submit(self, fn: Callable[..., Chunk], /, *args: Any) -> Any: ...


def spans(games: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, games, size):
        yield start, min(start + size, games)


def chunk_size(games: int, workers: int) -> int:
    """Small enough to keep every worker busy and the progress bar moving, large
    enough that sending a chunk costs little next to playing it."""
    return max(1, min(20, games // (workers * 16) or 1))


Worker = Callable[[Any, int, int], Chunk]


def _ordered(pool: Pool, worker: Worker, plan: Batch, workers: int) -> Iterator[Chunk]:
    """Chunks in game order, at most a few per worker in flight (constant memory)."""
    pending: deque[Any] = deque()
    try:
        for start, stop in spans(plan.games, chunk_size(plan.games, workers)):
            pending.append(pool.submit(worker, plan, start, stop))
            if len(pending) >= 3 * workers:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for future in pending:
            future.cancel()


@contextmanager
def _shielded() -> Iterator[None]:
    """Hold a Ctrl-C (or a SIGTERM, which the command line turns into one) that arrives
    in here until the block is done."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    held = (signal.SIGINT, signal.SIGTERM)
    previous = [signal.signal(n, lambda number, _frame: caught.append(number)) for n in held]
    try:
        yield
    finally:
        for number, handler in zip(held, previous, strict=True):
            signal.signal(number, handler)
    if caught:
        raise KeyboardInterrupt


@dataclass
class Outcome:
    tally: Any  # what ``empty`` made, every finished chunk merged in
    interrupted: bool
    seconds: float


def execute(plan: Batch, *, pool: Pool | None = None, workers: int = 1,
            on_chunk: Callable[[Chunk], None] | None = None,
            worker: Worker = play_chunk, empty: Callable[[int], Counts] = Tally) -> Outcome:
    """Play the plan with ``worker``; Ctrl-C stops it and keeps every game finished."""
    started = time.perf_counter()
    tally = empty(plan.players)
    chunks: Iterable[Chunk] = (
        (worker(plan, i, i + 1) for i in range(plan.games)) if pool is None
        else _ordered(pool, worker, plan, workers))
    interrupted = False
    try:
        for chunk in chunks:
            with _shielded():  # a chunk is counted (and recorded) whole or not at all
                tally.merge(chunk[0])
                if on_chunk:
                    on_chunk(chunk)
    except KeyboardInterrupt:
        interrupted = True
    return Outcome(tally, interrupted, time.perf_counter() - started)


def summarise(game_id: str, plan: Plan, outcome: Outcome) -> dict[str, Any]:
    """The CONTRACT.md summary, then the balance figures; equal for equal plans but
    ``seconds``."""
    tally = outcome.tally
    return {"game": game_id, "players": plan.players, "games": tally.games,
            "seed": plan.seed, "bots": list(plan.lineup), "rotate": plan.rotate,
            "requested": plan.games, "interrupted": outcome.interrupted,
            **tally.summary(list(plan.lineup)), "seconds": round(outcome.seconds, 3)}


def run(game: Game, players: int, games: int, seed: int,
        bots: Sequence[tuple[str, BotFactory]], *, check: str = "step",
        rotate: bool = False) -> dict[str, Any]:
    """In this process, with these bot factories (tests and benchmarks)."""
    table = dict(bots)
    plan = Plan(lambda: (game, table), players, tuple(name for name, _ in bots), seed,
                games, rotate=rotate, check=check)
    return summarise(game.id, plan, execute(plan))

