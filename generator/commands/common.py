"""What the commands share: exit codes, the usage error and argument parsers."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path

from generator.games import GAMES

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """A mistake in the command line: one line on stderr, exit 2."""


def games_named(names: Sequence[str]) -> list[str]:
    """The games asked for, in order and once each; all of them when none is named."""
    for name in names:
        if name not in GAMES:
            raise UsageError(f"unknown game '{name}' (games: {', '.join(GAMES)})")
    return list(dict.fromkeys(names)) or list(GAMES)


def components_dir(value: str | None) -> Path | None:
    if value is None:
        return None
    path = Path(value)
    if not path.is_dir():
        raise UsageError(f"--components: '{value}' is not a folder")
    return path


def millimetres(low: float, high: float, what: str) -> Callable[[str], float]:
    """An argparse type: a number of millimetres from ``low`` to ``high``."""
    def parse(value: str) -> float:
        try:
            mm = float(value)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"'{value}' is not a number of millimetres") from None
        if not low <= mm <= high:  # also refuses nan
            raise argparse.ArgumentTypeError(f"{what} must be between {low:g} and {high:g} mm")
        return mm
    return parse
