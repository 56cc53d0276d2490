"""Copperplate: print-and-play components and rules checks for five Old-West board games."""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from importlib import import_module
from types import FrameType, ModuleType

from generator import INTERRUPTED, __version__
from generator.commands.common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    EXIT_USAGE,
    UsageError,
    command_parser,
)
from generator.files.problems import printable

__all__ = ["EXIT_OK", "EXIT_PROBLEMS", "EXIT_USAGE", "UsageError", "main", "parser"]

COMMANDS: dict[str, str] = {
    "list": "generator.commands.listing", "checks": "generator.commands.checks",
    "validate": "generator.commands.validate", "build": "generator.commands.build",
    "simulate": "generator.commands.simulate", "new": "generator.commands.new",
    "export": "generator.commands.export", "preview": "generator.commands.preview",
    "watch": "generator.commands.watch", "lint": "generator.commands.lint",
    "diff": "generator.commands.diff", "new-variant": "generator.commands.new_variant",
    "replay": "generator.commands.replay", "compare": "generator.commands.compare",
    "report": "generator.commands.report", "pieces": "generator.commands.pieces",
    "convert": "generator.commands.convert", "studio": "generator.studio.command",
    "fetch": "generator.commands.fetch"}
"""Every subcommand and the module that registers and runs it, in the order ``--help``
lists them (the studio's is the studio's own: the console and the browser are the two
front ends over the commands). A command's module is imported only when it runs (or for
the list of them all): ``export``'s print profiles cost a build nothing."""


def command_modules(argv: Sequence[str]) -> list[ModuleType]:
    """The module of the command ``argv`` names; every command's when it names none
    (``--help``, ``--version``, a mistake: the messages list them all)."""
    named = next((word for word in argv if not word.startswith("-")), None)
    chosen = [COMMANDS[named]] if named in COMMANDS else list(COMMANDS.values())
    return [import_module(name) for name in chosen]


def parser(argv: Sequence[str] = ()) -> argparse.ArgumentParser:
    """The parser of ``argv``'s command (every command's when ``argv`` names none)."""
    return command_parser(command_modules(argv), __version__, __doc__)


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
        words = sys.argv[1:] if argv is None else list(argv)
        args = parser(words).parse_args(words)
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
