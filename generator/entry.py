"""The console script's entry point: loads the command line inside a Ctrl-C guard, so an
interrupt while the games are still loading is one line too, not a traceback."""

from __future__ import annotations

import gc
import os
import sys

from generator import INTERRUPTED

PYDANTIC_PLUGINS = "PYDANTIC_DISABLE_PLUGINS"


def main() -> int:
    """The console script. Once the command has run, every object is frozen: the
    process ends here, and the interpreter's last collection would walk every object
    still tracked (a command's ``fewer_collections`` hands back what it set aside) and
    free each cycle of the command's leftovers (face trees, fonts, PDF objects) only for
    the process to give back all its memory at once. Frozen, that collection skips them;
    modules are still torn down and the exit handlers (temporary folders, pools) still
    run, as ever."""
    # pydantic's observability plug-ins stay out of the deck's checks unless asked for
    # (set the variable empty): finding them reads every installed distribution's entry
    # points (about 13 M instructions of a cold ``validate``), and what they could change
    # is no part of any cache key
    os.environ.setdefault(PYDANTIC_PLUGINS, "__all__")
    try:
        with quiet_start():
            from generator.cli import main as run
    except KeyboardInterrupt:
        print(INTERRUPTED, file=sys.stderr)
        return 130
    code = run()
    gc.freeze()
    return code


class quiet_start:
    """The cyclic collector off while the command line's modules load: they make some
    50,000 objects that live as long as the process and leave about 600 in cycles, and
    Python's default thresholds walked the growing heap again and again (about 45 M
    instructions of a cold ``validate``'s 4.7 G). Then what was loaded is set aside for
    good (``gc.freeze``: later collections never walk it again; those few cycles stay)
    and the collector is on as before."""

    def __enter__(self) -> None:
        self.was_enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        gc.freeze()
        if self.was_enabled:
            gc.enable()
