"""The console script's entry point: loads the command line inside a Ctrl-C guard, so an
interrupt while the games are still loading is one line too, not a traceback."""

from __future__ import annotations

import sys

from generator import INTERRUPTED, WHOLE_PROCESS


def main() -> int:
    WHOLE_PROCESS[:] = [True]  # a command may rely on it (``build``: never any pixels)
    try:
        from generator.cli import main as run
    except KeyboardInterrupt:
        print(INTERRUPTED, file=sys.stderr)
        return 130
    return run()
