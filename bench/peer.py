"""The peer job, side by side in one run: 54 poker cards and one back, from nothing to an
A4 duplex print-and-play PDF, cold, by Copperplate, by cardimpose and by a minimal floor.

    .venv/bin/python bench/peer.py              # median of 3 runs of each side
    .venv/bin/python bench/peer.py --runs 5
    .venv/bin/python bench/peer.py --against c87000f   # and that revision's build too

The three sides, each timed in fresh processes (CPU seconds, user + system, imports
included; the sides take turns so a shared machine's load falls on all alike):

- **copperplate**: ``python -m generator build bench-deck --components TREE`` on the deck
  of ``bench/build.py`` with an empty cache folder: templates, the sandbox, the print lint
  before writing, font subsetting, crop marks, duplex backs.
- **cardimpose** (PyPI 0.2.2, end to end): the finished card SVGs (drawn by Copperplate
  beforehand, not timed) turned into a 55-page PDF with cairosvg + pikepdf, then
  ``cardimpose cards.pdf --bleed 3mm --margin 0.5mm --mode singles --backside last-page``
  (nine up, as the others: a poker card with its bleed is 69.5 mm wide);
  both processes counted.
- **floor**: the least a cairo pipeline can do for the same job: each SVG to PDF with
  cairosvg, then pikepdf places them nine to an A4 page, bleed to bleed, each fronts
  page followed by its mirrored backs page. No marks, no checks, no font subsetting.

cardimpose is AGPL and pulls in PyMuPDF, so it is never a dependency of this project: it
lives in its own virtualenv at ``.bench-venv`` (git-ignored), made once with

    python3 -m venv .bench-venv && .bench-venv/bin/pip install cardimpose==0.2.2

Without it, its row says so and the other two are still measured. ``--against REV`` also
times REV's ``copperplate build`` (checked out in a temporary worktree), taking turns with
the others: a change's effect on the peer job, measured under the same load.

``--count`` counts each side's instructions instead, once, under cachegrind (valgrind on
the PATH; every process of a side summed, ``PYTHONHASHSEED=0``): a figure the machine's
load cannot move, beside the seconds, which it does.

    .venv/bin/python bench/peer.py --count [--against REV]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
from _against import checkout  # noqa: E402
from _count import instructions_of  # noqa: E402
from build import deck_tree, load_deck  # noqa: E402

CARDIMPOSE = ROOT / ".bench-venv" / "bin" / "cardimpose"
MM = 72 / 25.4
A4 = (210 * MM, 297 * MM)


def write_svgs(game: Path, folder: Path) -> list[Path]:
    """The deck's 54 fronts and its back as finished SVG files (the peers' input)."""
    sys.path.insert(0, str(ROOT))
    from generator.render.faces import face_svg

    loaded = load_deck(game)
    folder.mkdir(parents=True, exist_ok=True)
    files = []
    for _, piece in loaded.data.pieces():
        for i, face in enumerate(piece.faces):
            files.append(folder / f"card_{i:02d}.svg")
            files[-1].write_text(face_svg(loaded, piece, face, side="front", copy=1, bleed=3.0),
                                 encoding="utf-8")
        back = folder / "back.svg"
        back.write_text(face_svg(loaded, piece, piece.faces[0], side="back", copy=1, bleed=3.0),
                        encoding="utf-8")
    return [*files, back]


def svgs_to_pdf(out: Path, svgs: list[Path]) -> None:
    """One PDF page per SVG (cairosvg each, pikepdf joins them): an imposer's input."""
    import cairosvg
    import pikepdf

    pdf = pikepdf.new()
    for svg in svgs:
        with pikepdf.open(_pdf_bytes(cairosvg, svg)) as one:
            pdf.pages.extend(one.pages)
    pdf.save(out)


def _pdf_bytes(cairosvg, svg: Path):  # noqa: ANN001, ANN202 - the two libraries, imported late
    import io

    return io.BytesIO(cairosvg.svg2pdf(bytestring=svg.read_bytes()))


def floor(out: Path, svgs: list[Path]) -> None:
    """The minimal cairosvg + pikepdf job: nine cards to an A4 page, bleed to bleed, and
    after each fronts page its backs, columns mirrored for a long-edge flip."""
    import cairosvg
    import pikepdf

    cards = [pikepdf.open(_pdf_bytes(cairosvg, svg)) for svg in svgs]
    *fronts, back = cards
    pdf = pikepdf.new()
    for start in range(0, len(fronts), 9):
        sheet = fronts[start:start + 9]
        for side in ("front", "back"):
            pdf.add_blank_page(page_size=A4)
            page = pdf.pages[-1]
            for n, card in enumerate(sheet):
                row, col = divmod(n, 3)
                if side == "back":
                    col = 2 - col
                source = (back if side == "back" else card).pages[0]
                w, h = float(source.mediabox[2]), float(source.mediabox[3])
                x = (A4[0] - 3 * w) / 2 + col * w
                y = A4[1] - (A4[1] - 3 * h) / 2 - (row + 1) * h
                page.add_overlay(source, pikepdf.Rectangle(x, y, x + w, y + h))
    pdf.save(out)


Measure = Callable[[list[str], dict[str, str] | None, Path | None], float]


def cpu_of(argv: list[str], env: dict[str, str] | None = None, cwd: Path | None = None) -> float:
    """CPU seconds of one process (and of the processes it waited for), run in ``cwd``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, env=env, cwd=cwd, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def copperplate(tree: Path, svgs: list[Path], work: Path, measure: Measure,
                root: Path = ROOT) -> float:
    """The build of the checkout at ``root`` (this one unless told), from an empty cache,
    run in ``root``: ``python -m`` puts the working folder first on the path, so run from
    here it would build with this checkout's code whatever ``PYTHONPATH`` says."""
    env = dict(os.environ, PYTHONPATH=str(root), COPPERPLATE_CACHE=str(work / root.name))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return measure([sys.executable, "-m", "generator", "build", "bench-deck", "--components",
                   str(tree), "--out", str(work / f"out-{root.name}"), "--quiet"],
                   env, root)  # svgs: it draws its own


def cardimpose(tree: Path, svgs: list[Path], work: Path, measure: Measure) -> float:
    cards = work / "cards.pdf"
    return (measure([sys.executable, __file__, "--to-pdf", str(cards), *map(str, svgs)], None,
                    None)
            + measure([str(CARDIMPOSE), str(cards), "-o", str(work / "imposed.pdf"),
                      "--bleed", "3mm", "--margin", "0.5mm", "--mode", "singles",
                      "--backside", "last-page"], None, None))


def floor_cpu(tree: Path, svgs: list[Path], work: Path, measure: Measure) -> float:
    return measure([sys.executable, __file__, "--floor", str(work / "floor.pdf"),
                    *map(str, svgs)], None, None)


Side = Callable[[Path, list[Path], Path, Measure], float]
SIDES: dict[str, Side] = {"copperplate": copperplate, "cardimpose": cardimpose,
                         "floor": floor_cpu}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of each side")
    parser.add_argument("--against", metavar="REV", help="also time REV's copperplate build")
    parser.add_argument("--count", action="store_true",
                        help="count each side's instructions once (cachegrind), not seconds")
    parser.add_argument("--to-pdf", nargs="+", help=argparse.SUPPRESS)
    parser.add_argument("--floor", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.to_pdf or args.floor:  # a side's own process
        out, *svgs = args.to_pdf or args.floor
        (svgs_to_pdf if args.to_pdf else floor)(Path(out), [Path(s) for s in svgs])
        return 0
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if args.count and shutil.which("valgrind") is None:
        parser.error("--count needs valgrind (apt-get install valgrind)")
    runs = 1 if args.count else args.runs
    if not args.count:
        print(f"load average before: {os.getloadavg()[0]:.1f}")
    with checkout(args.against) if args.against else contextlib.nullcontext() as old:
        sides: dict[str, Side] = dict(SIDES)
        if old is not None:
            sides[f"copperplate {args.against}"] = (
                lambda tree, svgs, work, measure: copperplate(tree, svgs, work, measure, old))
        times = timed(sides, runs, instructions_of if args.count else cpu_of)
    if args.count:
        counts(times)
    else:
        report(times, runs)
        print(f"\nload average after: {os.getloadavg()[0]:.1f}")
    return 0


def timed(sides: dict[str, Side], runs: int, measure: Measure) -> dict[str, list[float]]:
    """What ``measure`` gives for each side's runs (CPU seconds, or instructions), the
    sides taking turns."""
    times: dict[str, list[float]] = {name: [] for name in sides}
    with tempfile.TemporaryDirectory(prefix="copperplate-peer-") as tmp:
        base = Path(tmp)
        tree = base / "tree"
        game = deck_tree(tree)
        svgs = write_svgs(game, base / "svgs")
        for run in range(runs + 1):  # the first round writes bytecode: not counted
            work = base / f"run-{run}"
            work.mkdir()
            for name, side in sides.items():
                if name == "cardimpose" and not CARDIMPOSE.exists():
                    continue
                if run:
                    times[name].append(side(tree, svgs, work, measure))
                else:
                    side(tree, svgs, work, cpu_of)
    return times


def report(times: dict[str, list[float]], runs: int) -> None:
    """Each side's median, and copperplate's ratio to it two ways: of the medians, and
    the median of the ratios turn by turn (a turn's sides ran one after the other, so a
    load that comes and goes falls on both; its range shows how much the load moved)."""
    mine = statistics.median(times["copperplate"])
    print(f"54 poker cards + 1 back, A4 duplex, cold; CPU s, median of {runs}\n")
    print("| side | CPU s | copperplate ÷ side | turn by turn: median (range) |")
    print("|---|---:|---:|---:|")
    print(f"| copperplate build | {mine:.2f} | 1.00× | |")
    names = {n: f"{n} build" for n in times if n.startswith("copperplate ")}
    names["cardimpose"] = "cardimpose 0.2.2 (cairosvg + pikepdf to PDF, then impose)"
    names["floor"] = "floor (cairosvg + pikepdf, nine up, no checks)"
    for name, label in names.items():
        if not times[name]:
            print(f"| cardimpose 0.2.2 | not installed: make {CARDIMPOSE.parent.parent.name} "
                  "(see this script's docstring) | — | — |")
            continue
        other = statistics.median(times[name])
        turns = [a / b for a, b in zip(times["copperplate"], times[name], strict=True)]
        print(f"| {label} | {other:.2f} | {mine / other:.2f}× | {statistics.median(turns):.2f}× "
              f"({min(turns):.2f}–{max(turns):.2f}) |")


def counts(found: dict[str, list[float]]) -> None:
    mine = found["copperplate"][0]
    print("54 poker cards + 1 back, A4 duplex, cold; instructions (cachegrind), once\n")
    print("| side | instructions | copperplate ÷ side |")
    print("|---|---:|---:|")
    for name, values in found.items():
        if values:
            print(f"| {name} | {values[0] / 1e9:.3f} G | {mine / values[0]:.3f}× |")


if __name__ == "__main__":
    raise SystemExit(main())
