"""CPU cost of ``validate`` (all five games), ``lint GAME`` and ``build`` (all five games),
this checkout beside an older revision, in one run.

    .venv/bin/python bench/commands.py                    # against bacd19f
    .venv/bin/python bench/commands.py --against 5eb8c83 --repeat 7 --only validate

Each figure is the CPU time (user + system) of a fresh ``python -m generator`` process,
imports included, the median of ``--repeat`` runs, the two trees taking turns so a shared
machine's load falls on both alike (each going first in every other turn). "cold" starts
from an empty cache folder; "warm" runs again on the same folder with nothing changed
(the pre-commit case). Bytecode is written
(``PYTHONDONTWRITEBYTECODE`` unset), as on a user's machine after the first run: Python's
for the ``.py`` files, and the bundled templates' compiled code that this package keeps
beside itself the same way (``generator/__pycache__/templates``, written by the first run
or by ``make``); a warm-up ``validate`` in each tree, untimed, writes both. So "cold" is
a user's first run in a new cache folder, not a first run after installing. Font metrics
are kept nowhere: every run looks them up in the font files as its texts ask. The
targets (issue 22): validate ≤ 0.5 s warm and ≤ 1.5 s cold, lint ≤ 1 s warm, a cold build
≤ 1.0× bacd19f. A build writes into a fresh temporary folder each run.
"""

from __future__ import annotations

import argparse
import math
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _against import HERE, checkout  # noqa: E402

CASES = {"validate": ["validate"], "lint copper-creek": ["lint", "copper-creek"],
         "build": ["build", "--out", "{out}"]}


def cpu_of(tree: Path, argv: list[str], cache: Path) -> float:
    """CPU seconds of one ``python -m generator ARGV`` run in ``tree`` with ``cache``; NaN
    when that revision has no such command (a usage error)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPATH=str(tree), COPPERPLATE_CACHE=str(cache))
    with tempfile.TemporaryDirectory(prefix="copperplate-bench-out-") as out:
        argv = [word.replace("{out}", out) for word in argv]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run([sys.executable, "-m", "generator", *argv], cwd=tree, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode == 2:
        return math.nan
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def cell(seconds: float) -> str:
    return "no such command" if math.isnan(seconds) else f"{seconds:.2f} s"


def ratio(mine: float, theirs: float) -> str:
    return "—" if math.isnan(theirs) else f"{mine / theirs:.2f}×"


def measure(trees: list[Path], argv: list[str], repeat: int) -> list[dict[str, float]]:
    """Per tree: median cold and warm CPU seconds, the trees taking turns, and taking
    turns at going first (a machine whose load drifts favours neither)."""
    runs: list[dict[str, list[float]]] = [{"cold": [], "warm": []} for _ in trees]
    for turn in range(repeat):
        order = list(enumerate(trees))
        for i, tree in order[::-1] if turn % 2 else order:
            with tempfile.TemporaryDirectory(prefix="copperplate-bench-cache-") as cache:
                runs[i]["cold"].append(cpu_of(tree, argv, Path(cache)))
                runs[i]["warm"].append(cpu_of(tree, argv, Path(cache)))
    return [{k: statistics.median(v) for k, v in r.items()} for r in runs]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", default="bacd19f", help="the revision to compare with")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each case per tree")
    parser.add_argument("--only", choices=list(CASES), action="append",
                        help="time this command only (again for more)")
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    with checkout(args.against) as old:
        for tree in (HERE, old):  # bytecode written once, before anything is timed
            with tempfile.TemporaryDirectory(prefix="copperplate-bench-warmup-") as cache:
                cpu_of(tree, ["validate"], Path(cache))
        print(f"| command | this cold | {args.against} cold | ratio | this warm | "
              f"{args.against} warm | ratio |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for name, argv in CASES.items():
            if args.only and name not in args.only:
                continue
            mine, theirs = measure([HERE, old], argv, args.repeat)
            print(f"| `{name}` | {cell(mine['cold'])} | {cell(theirs['cold'])} | "
                  f"{ratio(mine['cold'], theirs['cold'])} | {cell(mine['warm'])} | "
                  f"{cell(theirs['warm'])} | {ratio(mine['warm'], theirs['warm'])} |",
                  flush=True)
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
