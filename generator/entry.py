"""The console script's entry point: loads the command line inside a Ctrl-C guard, so an
interrupt while the games are still loading is one line too, not a traceback."""

from __future__ import annotations

import sys

INTERRUPTED = "copperplate: interrupted"
STOP = {"by": "Ctrl-C"}  # what stopped the run, for its summary: Ctrl-C, or SIGTERM


def stopped_by() -> str:
    """``Ctrl-C``, or ``SIGTERM`` when the run was stopped by that signal (``cli``)."""
    return STOP["by"]


def main() -> int:
    try:
        from generator.cli import main as run
    except KeyboardInterrupt:
        print(INTERRUPTED, file=sys.stderr)
        return 130
    return run()
