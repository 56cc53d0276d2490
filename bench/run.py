"""Run every benchmark under bench/ in turn (``make bench``); each prints its own table.

Benchmarks are not tests: they take minutes and their figures go into the README.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
BY_HAND = ("run.py", "mutation.py")  # this runner, and the hours-long mutation run


def main() -> int:
    failed = 0
    for script in sorted(HERE.glob("*.py")):
        if script.name in BY_HAND or script.name.startswith("_"):
            continue
        print(f"== {script.name}", flush=True)
        failed += subprocess.run([sys.executable, str(script)], check=False).returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
