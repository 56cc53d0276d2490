"""Instructions a ``watch`` save costs, counted by cachegrind (load-independent): the
watch command's own watcher on ``build.py``'s poker deck, no page open, one card's text
edited per save; a run of N saves less a run of one, divided by N - 1.

    .venv/bin/python bench/watch_count.py             # 6 saves against 1
    .venv/bin/python bench/watch_count.py --saves 11
    .venv/bin/python bench/watch_count.py --shifting  # every face's glyph ids moved
    .venv/bin/python bench/watch_count.py --keep /tmp/w   # /tmp/w-1.out, /tmp/w-6.out
    .venv/bin/python bench/watch_count.py --inner 5   # just 5 rounds, uncounted (profile it)

Needs valgrind on the PATH; the per-face CPU budget is lifted. Both runs start from an empty cache folder after one
uncounted run that wrote the bytecode, with ``PYTHONHASHSEED=0``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from _count import instructions_of  # noqa: E402


def saves(count: int, shifting: bool = False) -> None:
    """The first (cold) build and ``count - 1`` saves after it, in this process; each
    save's text brings a character the deck did not show (a digit), ``shifting``: and
    every other save an exclamation mark too, which sorts before every letter in the
    font, so the glyph ids of every face's text move and all of them are recoded."""
    from build import deck_tree

    from generator.commands.watch import deck_watcher
    from generator.render import sandbox

    sandbox.FACE_SECONDS = 10**6  # under valgrind a face takes fifty times its CPU
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        os.environ["COPPERPLATE_CACHE"] = str(base / "cache")
        deck_tree(base)
        watcher = deck_watcher("bench-deck", base, base / "out")
        done = watcher.rebuild()
        assert done.pdf is not None, done.problems
        for run in range(count - 1):
            deck_tree(base, changed=f"edit {run}" + ("!" if shifting and run % 2 else ""))
            time.sleep(0.02)  # a new mtime even on a coarse clock
            done = watcher.poll()
            assert done is not None and done.pdf is not None, done


def counted(count: int, keep: str = "", shifting: bool = False) -> int:
    """Instructions of a run of ``count`` rounds; ``keep``: cachegrind's file kept there."""
    return int(instructions_of([sys.executable, __file__, "--inner", str(count)]
                               + ["--shifting"] * shifting,
                               dict(os.environ, PYTHONPATH=str(ROOT)), ROOT, keep))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--saves", type=int, default=6, help="the longer run's rounds")
    parser.add_argument("--keep", default="", metavar="PREFIX",
                        help="keep cachegrind's files as PREFIX-1.out and PREFIX-N.out "
                        "(then: cg_diff PREFIX-1.out PREFIX-N.out > d; cg_annotate d)")
    parser.add_argument("--shifting", action="store_true",
                        help="every other save also brings a character sorting first")
    parser.add_argument("--inner", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner is not None:
        saves(args.inner, args.shifting)
        return
    subprocess.run([sys.executable, __file__, "--inner", "2"], check=True,
                   env=dict(os.environ, PYTHONPATH=str(ROOT)))  # the bytecode, uncounted
    keep = (f"{args.keep}-1.out", f"{args.keep}-{args.saves}.out") if args.keep else ("", "")
    one, many = counted(1, keep[0], args.shifting), counted(args.saves, keep[1], args.shifting)
    print(f"1 round: {one:,} instructions; {args.saves} rounds: {many:,}; "
          f"a save: {(many - one) / (args.saves - 1) / 1e6:.1f} M instructions")


if __name__ == "__main__":
    main()
