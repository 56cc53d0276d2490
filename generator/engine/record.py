"""``--record FILE.jsonl``: one game per line (``GameRecord.to_line``), written as the games
finish, in game order. The file appears whole under its name only when the run ends (or
is stopped with Ctrl-C, keeping the games finished); a failed run leaves nothing."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from generator.engine.playout import GameRecord


class RecordWriter:
    def __init__(self, path: Path):
        self.path = path
        self._handle: IO[str] | None = None
        self._tmp = ""

    def write(self, lines: list[dict[str, Any]]) -> None:
        if self._handle is None:  # opened at the first game: a run that never starts
            fd, self._tmp = tempfile.mkstemp(dir=self.path.parent,  # writes nothing
                                             prefix=f".{self.path.name}.", suffix=".tmp")
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


class RecordError(ValueError):
    """A record line that cannot be read: ``located`` is ``PATH:LINE:COL: error: …``."""

    def __init__(self, path: Path, line: int, col: int, message: str):
        super().__init__(f"{path}:{line}:{col}: error: {message} (game-record)")
        self.located = str(self)


def read_records(path: Path) -> Iterator[tuple[int, GameRecord]]:
    """Every game of a record file with its number in the run."""
    with path.open(encoding="utf-8") as handle:
        for number, text in enumerate(handle, start=1):
            if not text.strip():
                continue
            try:
                line = json.loads(text)
            except json.JSONDecodeError as exc:
                raise RecordError(path, number, exc.colno, f"not JSON: {exc.msg}") from None
            try:
                index, record = int(line["index"]), GameRecord.from_line(line)
            except (KeyError, TypeError, ValueError) as exc:
                raise RecordError(path, number, 1,
                                  f"not a game record (missing or wrong {exc})") from None
            yield index, record
