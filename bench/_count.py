"""Instructions of a process, counted by cachegrind (``peer.py --count``,
``watch_count.py``): a figure the machine's load cannot move."""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
from pathlib import Path


def instructions_of(argv: list[str], env: dict[str, str] | None = None,
                    cwd: Path | None = None, keep: str = "") -> float:
    """Instructions of one process and of every process it started, summed, with
    ``PYTHONHASHSEED=0``; ``keep``: cachegrind's file kept there (one process)."""
    env = dict(os.environ if env is None else env, PYTHONHASHSEED="0")
    with tempfile.TemporaryDirectory(prefix="copperplate-count-") as tmp:
        out = keep or f"{tmp}/cg.%p.out"
        proc = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                               "--trace-children=yes", f"--cachegrind-out-file={out}", *argv],
                              env=env, cwd=cwd, check=True, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
    counts = re.findall(r"I\s+refs:\s+([0-9,]+)", proc.stderr)
    assert counts, proc.stderr[-2000:]
    return float(sum(int(c.replace(",", "")) for c in counts))
