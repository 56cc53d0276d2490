"""Copperplate: print-and-play components and rules checks for five Old-West board games."""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from types import FrameType, ModuleType

from generator import INTERRUPTED, __version__
from generator.commands import (
    build,
    checks,
    compare,
    convert,
    diff,
    export,
    fetch,
    lint,
    listing,
    new,
    new_variant,
    pieces,
    preview,
    replay,
    report,
    simulate,
    validate,
    watch,
)
from generator.commands.common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    EXIT_USAGE,
    UsageError,
    command_parser,
)
from generator.files.problems import printable
from generator.studio import command as studio

__all__ = ["EXIT_OK", "EXIT_PROBLEMS", "EXIT_USAGE", "UsageError", "main", "parser"]

COMMANDS: list[ModuleType] = [listing, checks, validate, build, simulate, new, export, preview,
                              watch, lint, diff, new_variant, replay, compare, report, pieces,
                              convert, studio, fetch]
"""Every subcommand, in the order ``--help`` lists them (the studio's is the studio's own:
the console and the browser are the two front ends over the commands)."""


def parser() -> argparse.ArgumentParser:
    return command_parser(COMMANDS, __version__, __doc__)


def _as_ctrl_c(number: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


@contextmanager
def sigterm_as_ctrl_c() -> Iterator[None]:
    """SIGTERM (a CI job cancelled, ``kill``, a container stopping) ends a command as
    Ctrl-C does: the games finished are summarised and recorded, nothing half-written
    is left. Only the main thread can own a signal; elsewhere nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _as_ctrl_c)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def main(argv: Sequence[str] | None = None) -> int:
    with sigterm_as_ctrl_c():
        return _run(argv)


def _run(argv: Sequence[str] | None) -> int:
    try:
        args = parser().parse_args(argv)
        return int(args.func(args))
    except UsageError as exc:
        print(printable(f"copperplate: error: {exc}"), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:  # Ctrl-C: say so in one line, not a traceback or nothing
        print(INTERRUPTED, file=sys.stderr)
        return 130
    except OSError as exc:  # a disk or permission problem: say what and where, no traceback
        if isinstance(exc, BrokenPipeError):  # `copperplate … | head`: the reader left
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return EXIT_OK
        where = f": {exc.filename}" if exc.filename else ""
        print(printable(f"copperplate: error: {exc.strerror or exc}{where}"), file=sys.stderr)
        return EXIT_PROBLEMS


if __name__ == "__main__":
    raise SystemExit(main())
