"""How much ink each ``build --ink`` lays down, measured by Ghostscript, per game.

    .venv/bin/python bench/ink.py                 # every game, A4: a Markdown table
    .venv/bin/python bench/ink.py kings-of-copper --paper letter

Each game is built with ``--ink full``, ``saver`` and ``bw`` into a temporary folder, and
every page is rendered by Ghostscript's ``ink_cov`` device (the ink each page lays down,
C + M + Y + K, summed over the pages) and its ``inkcov`` device (the share of the page
each ink touches at all). The saving ink builds print only the backs that say something
(``--backs needed``, their default), so the figures are what a player really prints.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.games import GAMES  # noqa: E402

INKS = ("full", "saver", "bw")


def coverage(pdf: Path, device: str) -> float:
    gs = shutil.which("gs")
    if gs is None:
        raise SystemExit("bench/ink.py needs Ghostscript: sudo apt-get install ghostscript")
    run = subprocess.run([gs, "-q", "-dSAFER", "-dNOPAUSE", "-dBATCH", f"-sDEVICE={device}",
                          "-r50", "-o", "-", str(pdf)], capture_output=True, text=True,
                         check=True)
    return sum(sum(float(v) for v in line.split()[:4]) for line in run.stdout.splitlines()
               if line.strip().endswith("OK"))


def build(game: str, ink: str, paper: str, out: Path) -> Path:
    subprocess.run([sys.executable, "-m", "generator", "build", game, "--ink", ink,
                    "--paper", paper, "--out", str(out), "--quiet"], check=True, cwd=ROOT,
                   capture_output=True)
    return out / game / f"{game}-{paper}.pdf"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--paper", default="a4")
    args = parser.parse_args()
    print("| game | saver: ink (ink_cov) | bw: ink | saver: area inked (inkcov) | bw: area |")
    print("|---|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory(prefix="copperplate-ink-") as tmp:
        for game in args.games:
            pdfs = {ink: build(game, ink, args.paper, Path(tmp) / ink) for ink in INKS}
            ink = {k: coverage(p, "ink_cov") for k, p in pdfs.items()}
            area = {k: coverage(p, "inkcov") for k, p in pdfs.items()}
            print(f"| {game} | {ink['saver'] / ink['full']:.0%} | {ink['bw'] / ink['full']:.0%}"
                  f" | {area['saver'] / area['full']:.0%} | {area['bw'] / area['full']:.0%} |",
                  flush=True)


if __name__ == "__main__":
    main()
