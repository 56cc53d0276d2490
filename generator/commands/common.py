"""What the commands share: exit codes, the usage error and argument parsers."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from generator.components import tree_mistake
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
    mistake = tree_mistake(path)
    if mistake:
        raise UsageError(f"--components: {mistake}")
    return path
