"""``--record FILE.jsonl``: one game per line (``GameRecord.to_line``), written as the games
finish, in game order. The file appears whole under its name only when the run ends (or
is stopped with Ctrl-C or SIGTERM, keeping the games finished); a failed run leaves
nothing. A run killed outright (``kill -9``) leaves its hidden ``.FILE.jsonl.….tmp``: the
next run recording under that name removes it, once no live run holds it."""

from __future__ import annotations

import contextlib
import glob
import json
import os
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Annotated, Any, Literal, NamedTuple

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    model_validator,
)

from generator.engine.playout import GameRecord, from_json_action
from generator.files.problems import display_path, printable


class RecordWriter:
    def __init__(self, path: Path):
        self.path = path
        self._handle: IO[str] | None = None
        self._tmp = ""

    def write(self, lines: list[dict[str, Any]]) -> None:
        if self._handle is None:  # opened at the first game: a run that never starts
            _sweep_dead(self.path)  # writes nothing
            fd, self._tmp = tempfile.mkstemp(dir=self.path.parent,
                                             prefix=f".{self.path.name}.", suffix=".tmp")
            _hold(fd)
            self._handle = os.fdopen(fd, "w", encoding="utf-8")
        for line in lines:
            self._handle.write(json.dumps(line, separators=(",", ":")) + "\n")

    def finish(self) -> None:
        if self._handle is not None:
            self._handle.close()
            os.chmod(self._tmp, 0o644)
            os.replace(self._tmp, self.path)

    def discard(self) -> None:
        if self._handle is not None:
            self._handle.close()
            Path(self._tmp).unlink(missing_ok=True)


STALE_SECONDS = 60  # a hidden record file untouched this long and held by no run is dead


def _hold(fd: int) -> None:
    """A lock that lives as long as this run (the system drops it when the run dies)."""
    with contextlib.suppress(ImportError, OSError):
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _sweep_dead(path: Path) -> None:
    """Remove the hidden files of runs killed before they could (no lock held on them, not
    touched for ``STALE_SECONDS``: a live run's file is locked from its first moments)."""
    try:
        import fcntl
    except ImportError:
        return
    for left in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
        try:
            fd = os.open(left, os.O_RDONLY)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            if time.time() - os.fstat(fd).st_mtime > STALE_SECONDS:
                left.unlink(missing_ok=True)
        except OSError:  # held: a live run's
            pass
        finally:
            os.close(fd)


class RecordError(ValueError):
    """A record line that cannot be read: ``located`` is ``PATH:LINE:COL: error: …``."""

    def __init__(self, path: Path, line: int, col: int, message: str,
                 rule: str = "game-record"):
        super().__init__(printable(f"{display_path(path)}:{line}:{col}: error: {message} "
                                   f"({rule})"))
        self.located = str(self)


# A record is read like every other input: every size bounded, far past any real run
MAX_LINE_BYTES = 4 << 20  # a 4-player Kings of Copper game is ~40 kB
MAX_LINES = 20_000_000  # simulate plays at most 10 million games; compare writes 2 a game
MAX_PLAYERS = 16  # past every game's own limit, which replay checks too
MAX_EVENT_NAMES = 64  # a game declares a handful
EventName = Annotated[str, StringConstraints(min_length=1, max_length=80)]
Short = Annotated[str, StringConstraints(max_length=200)]
Seat = Annotated[int, Field(ge=0, lt=MAX_PLAYERS)]


class GameQuality(BaseModel):
    """A game's own quality summary (``quality.Watch.quality``)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    leaders: list[Seat | None] = Field(max_length=10)
    lead_changes: Annotated[int, Field(ge=0, le=10**9)]
    stalls: Annotated[int, Field(ge=0, le=10**9)]
    turns: Annotated[int, Field(ge=0, le=10**9)]


class RecordLine(BaseModel):
    """The schema of one line of a ``--record`` file (``GameRecord.to_line``)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    index: Annotated[int, Field(ge=0, le=10**12)]
    game: Annotated[str, StringConstraints(min_length=1, max_length=64)]
    players: Annotated[int, Field(ge=1, le=MAX_PLAYERS)]
    seed: Annotated[int, Field(ge=-(2**63), lt=2**63)] | Short
    bots: list[Annotated[str, StringConstraints(min_length=1, max_length=100)]]
    actions: list[Any] = Field(max_length=1_000_000)
    positions: list[Seat]
    completed: bool
    violations: list[Annotated[str, StringConstraints(max_length=2000)]] = Field(
        max_length=1000)
    turns: Annotated[int, Field(ge=0, le=10**9)]
    scores: list[int | float] = Field(max_length=MAX_PLAYERS)
    winners: list[Seat] = Field(max_length=MAX_PLAYERS)
    first_player: Seat
    events: dict[EventName, Annotated[int, Field(ge=0, le=10**9)]] = Field(
        max_length=MAX_EVENT_NAMES)
    side: Literal["", "base", "variant"] = ""
    quality: GameQuality | None = None

    @model_validator(mode="after")
    def _seats(self) -> RecordLine:
        """Every seat number names a seat of this game: one bot each, positions a
        permutation, winners and the first player among the seats."""
        seats = range(self.players)
        if len(self.bots) != self.players:
            raise ValueError(f"{self.players} players but {len(self.bots)} bots")
        if sorted(self.positions) != list(seats):
            raise ValueError(f"positions must order the {self.players} seats")
        if self.scores and len(self.scores) != self.players:
            raise ValueError(f"{self.players} players but {len(self.scores)} scores")
        if any(seat not in seats for seat in [*self.winners, self.first_player]):
            raise ValueError(f"a winner or the first player is not one of the "
                             f"{self.players} seats")
        return self


class Recorded(NamedTuple):
    line: int  # in the file, for located errors
    number: int  # the game's number in its run (its "index")
    record: GameRecord


def read_records(path: Path, *, actions: bool = True) -> Iterator[Recorded]:
    """Every game of a record file with its line and its number in the run, each line
    checked against ``RecordLine`` (without ``actions``, the records keep none: a report
    needs only the results)."""
    with path.open("rb") as handle:
        for lineno in range(1, MAX_LINES + 2):
            raw = handle.readline(MAX_LINE_BYTES + 1)
            if not raw:
                return
            if lineno > MAX_LINES:
                raise RecordError(path, lineno, 1, f"more than {MAX_LINES} lines in one file")
            if raw.strip():
                fields = _parsed(path, lineno, raw)
                yield Recorded(lineno, fields.index, _record(fields, actions))


def _parsed(path: Path, lineno: int, raw: bytes) -> RecordLine:
    """One line, checked: UTF-8, JSON, then the schema; the first fault is the error."""
    if len(raw) > MAX_LINE_BYTES:
        raise RecordError(path, lineno, 1, f"a line longer than {MAX_LINE_BYTES} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(path, lineno, exc.start + 1, "not UTF-8 text") from None
    try:
        fields = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:  # ValueError: also a 5,000-digit number
        col, why = (exc.colno, exc.msg) if isinstance(exc, json.JSONDecodeError) else (
            1, "nested too deeply" if isinstance(exc, RecursionError) else str(exc)[:80])
        raise RecordError(path, lineno, col, f"not JSON: {why}") from None
    try:
        return RecordLine.model_validate(fields)
    except ValidationError as exc:
        first = exc.errors()[0]
        why = str(first.get("ctx", {}).get("error") or first["msg"])  # ours, or pydantic's
        where = ".".join(map(str, first["loc"]))
        raise RecordError(path, lineno, 1, "not a game record: "
                          f"{where + ': ' if where else ''}{why}") from None


def _no_constant(name: str) -> Any:
    """NaN and the infinities are Python's extension of JSON, never in a record."""
    raise ValueError(f"{name} is not a JSON number")


def _record(line: RecordLine, actions: bool) -> GameRecord:
    return GameRecord(
        game=line.game, players=line.players, seed=line.seed, bots=line.bots,
        actions=[from_json_action(a) for a in line.actions] if actions else [],
        positions=line.positions, completed=line.completed, violations=line.violations,
        turns=line.turns, scores=line.scores, winners=line.winners,
        first_player=line.first_player, events=line.events, side=line.side,
        quality=line.quality.model_dump() if line.quality else {})
