"""Time the print pipeline: a 54-card poker deck (54 faces + one back, A4, long-edge
duplex) cold, warm, and with one card changed; then every game that validates.

    .venv/bin/python bench/build.py            # prints a Markdown table for the README
    .venv/bin/python bench/build.py --runs 5
    .venv/bin/python bench/build.py --only watch   # the watch row alone
    .venv/bin/python bench/build.py --only watch --runs 15 --against 82099c3 --turns 3

Each deck figure is the wall time of a fresh process (imports included), median of runs;
"cold" starts from an empty face cache, "warm" rebuilds the same deck, "one card changed"
edits one face's text first. The peers' figure to beat (research, same job): about 2 s.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SUITS = [("Spades", "♠", "#000000"), ("Hearts", "♥", "#D55E00"), ("Diamonds", "♦", "#E69F00"),
         ("Clubs", "♣", "#009E73")]
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]

CARD = """{% extends "_shared/base.svg.j2" %}
{% block art %}
<rect x="{{ -bleed }}" y="{{ -bleed }}" width="{{ w + 2 * bleed }}" height="{{ h + 2 * bleed }}" fill="{{ face.tint }}"/>
<rect x="3" y="3" width="{{ w - 6 }}" height="{{ h - 6 }}" rx="3" fill="#FFFFFF" stroke="#000000" stroke-width="0.3"/>
{% for i in range(8) %}<circle cx="{{ 8 + i * 6.8 }}" cy="{{ h - 9 }}" r="2" fill="{{ face.tint }}"/>{% endfor %}
<path d="M 10 30 C 20 10, 40 10, 50 30 S 60 60, 30 70" fill="none" stroke="#0072B2" stroke-width="0.8"/>
<text x="6" y="11" font-family="DejaVu Serif" font-weight="bold" font-size="6">{{ face.rank }}</text>
<text x="6" y="17" font-size="5">{{ face.symbol }}</text>
<text x="{{ w / 2 }}" y="{{ h / 2 + 6 }}" font-size="18" text-anchor="middle">{{ face.symbol }}</text>
<text x="{{ w / 2 }}" y="{{ h - 14 }}" font-size="3.2" text-anchor="middle">{{ face.name }}</text>
<text x="{{ w - 6 }}" y="{{ h - 4 }}" font-size="2.5" text-anchor="end" font-family="DejaVu Sans Condensed">{{ face.note }}</text>
{% endblock %}
"""
BACK = """{% extends "_shared/base.svg.j2" %}
{% block art %}
<rect x="{{ -bleed }}" y="{{ -bleed }}" width="{{ w + 2 * bleed }}" height="{{ h + 2 * bleed }}" fill="#0072B2"/>
{% for i in range(10) %}<rect x="{{ 4 + i * 5.6 }}" y="4" width="2.8" height="{{ h - 8 }}" fill="#56B4E9"/>{% endfor %}
<text x="{{ w / 2 }}" y="{{ h / 2 }}" font-family="DejaVu Serif" font-style="italic" font-size="7" fill="#FFFFFF" text-anchor="middle">Bench Deck</text>
{% endblock %}
"""


def _save(path: Path, text: str) -> None:
    """Written only when different, as an editor saves only the file that was edited."""
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def deck_tree(folder: Path, changed: bool | str = False) -> Path:
    game = folder / "bench-deck"
    (game / "templates").mkdir(parents=True, exist_ok=True)
    _save(game / "game.yaml",
        "id: bench-deck\nname: Bench Deck\nplayers: {min: 2, max: 6}\nplay_time_min: 30\n"
        'rules_version: "1"\ncomponents: [cards.yaml]\n')
    faces = []
    for suit, symbol, colour in SUITS:
        for rank in RANKS + (["Joker"] if suit in ("Spades", "Hearts") else []):
            note = (changed if isinstance(changed, str) else "changed") if (
                changed and rank == "7" and suit == "Hearts") else "bench"
            faces.append(f'      - {{id: {rank.lower()}-{suit.lower()}, name: "{rank} of {suit}", '
                         f'rank: "{rank}", symbol: "{symbol}", tint: "{colour}", note: {note}}}')
    _save(game / "cards.yaml",
        "pieces:\n  - id: deck\n    name: Poker Deck\n    kind: card\n    size: poker\n"
        "    template: card.svg.j2\n    back: back.svg.j2\n    faces:\n" + "\n".join(faces) + "\n")
    _save(game / "templates" / "card.svg.j2", CARD)
    _save(game / "templates" / "back.svg.j2", BACK)
    return game


def load_deck(game: Path):  # noqa: ANN201  a LoadedGame; generator is imported late
    from generator.data.components import load_game
    from generator.schema import GameData, PieceFile

    class BenchDeck(GameData):
        cards: PieceFile

    return load_game("bench-deck", BenchDeck, game)


def inner(game: Path, out: Path, jobs: int) -> None:
    """One build in this process; prints its own timing as JSON."""
    from generator.render.build import BuildOptions, build_game

    started = time.perf_counter()
    loaded = load_deck(game)
    assert loaded.ok, [p.format() for p in loaded.problems]
    result = build_game(loaded, BuildOptions(out=out, jobs=jobs))
    print(json.dumps({"build_s": time.perf_counter() - started, "pages": result.pages,
                      "pieces": result.pieces, "rendered": result.rendered,
                      "bytes": result.pdf.stat().st_size}))


def _child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def fresh_process(game: Path, out: Path, cache: Path, jobs: int) -> tuple[float, dict]:
    """Wall seconds of a whole build process, and its report (plus its CPU seconds, which
    a busy machine inflates less than wall time)."""
    env = dict(os.environ, COPPERPLATE_CACHE=str(cache))
    started, cpu = time.perf_counter(), _child_cpu()
    proc = subprocess.run([sys.executable, __file__, "--inner", str(game), str(out), str(jobs)],
                          env=env, capture_output=True, text=True, check=True)
    info = json.loads(proc.stdout.strip().splitlines()[-1])
    info["cpu_s"] = _child_cpu() - cpu
    return time.perf_counter() - started, info


def deck_rows(runs: int) -> list[tuple[str, float, float, dict]]:
    rows = []
    cores = os.cpu_count() or 1
    for label, jobs, mode in (("cold, 1 process", 1, "cold"), (f"cold, pool of {cores}", cores, "cold"),
                              ("warm, unchanged", 0, "warm"), ("warm, one card changed", 0, "one")):
        walls, builds, cpus, info = [], [], [], {}
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as tmp:
                base = Path(tmp)
                game = deck_tree(base)
                if mode != "cold":
                    fresh_process(game, base / "out", base / "cache", jobs)
                    if mode == "one":
                        deck_tree(base, changed=True)
                wall, info = fresh_process(game, base / "out", base / "cache", jobs)
                walls.append(wall)
                builds.append(info["build_s"])
                cpus.append(info["cpu_s"])
        info["cpu_s"] = statistics.median(cpus)
        rows.append((label, statistics.median(walls), statistics.median(builds), info))
    return rows


class OpenPage(threading.Thread):
    """What a browser with the watch's preview open asks of the server on each save: the
    event, then the page and the images it has not fetched yet. ``shown`` gets the round's
    number, and the clock, once the page and its images are in."""

    def __init__(self, address: str) -> None:
        super().__init__(daemon=True)
        self.address = address
        self.shown: queue.Queue[tuple[int, float]] = queue.Queue()

    def run(self) -> None:
        import httpx

        fetched: set[str] = set()
        with httpx.Client(base_url=self.address, timeout=600) as client, \
                client.stream("GET", "/events") as stream:
            for line in stream.iter_lines():
                if line.startswith("data: "):
                    page = client.get("/").text
                    for image in set(re.findall(r'src="(img/[^"]+)"', page)) - fetched:
                        if client.get(f"/{image}").status_code == 200:  # else a newer
                            fetched.add(image)  # round replaced it: its event follows
                    self.shown.put((int(line.split()[-1]), time.perf_counter()))  # "RUN NUMBER"

    def wait(self, number: int) -> float:
        """When the page of round ``number`` (or a later one) was in."""
        while True:
            shown, when = self.shown.get(timeout=600)  # a bound against a hang, not a measure
            if shown >= number:
                return when


def watch_rows(runs: int) -> tuple[float, float, float, float, int]:
    """``copperplate watch`` on the deck (the command's own watcher: validation, the
    template check, the preview and the PDF), its preview served to a page kept open: one
    card's text edited per save, in one warm process. Medians of the wall time to the
    preview written, to the open page holding it, and to the PDF, and of the CPU time of
    the whole round, the page's requests (server and client) included."""
    from generator.commands.watch import deck_watcher
    from generator.serve.live import served
    from generator.serve.server import listen

    previews, shown, totals, cpus, drawn = [], [], [], [], 0
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        os.environ["COPPERPLATE_CACHE"] = str(base / "cache")
        deck_tree(base)
        watcher = deck_watcher("bench-deck", base, base / "out")
        preview = base / "out" / "bench-deck" / "preview"
        with served(preview, listen(0, "watch")) as (address, beacon):
            watcher.written = beacon.bump
            page = OpenPage(address)
            page.start()
            watcher.rebuild()  # the first build, cold
            page.wait(beacon.number)
            for run in range(runs):
                deck_tree(base, changed=f"edit {run}")
                time.sleep(0.02)  # a new mtime even on a coarse clock
                started, cpu = time.perf_counter(), time.process_time()
                done = watcher.poll()
                assert done is not None and done.pdf is not None
                totals.append(time.perf_counter() - started)
                shown.append(page.wait(beacon.number) - started)
                cpus.append(time.process_time() - cpu)
                previews.append(done.preview_s + (totals[-1] - done.total_s))
                drawn = done.drawn
    return (statistics.median(previews), statistics.median(shown), statistics.median(totals),
            statistics.median(cpus), drawn)


WATCH_ROW = re.compile(r"\| watch,.*\| ([0-9.]+) \| ([0-9.]+) \|")


def watch_in(tree: Path, runs: int) -> tuple[float, float]:
    """The watch row of ``tree``'s own bench script, in a fresh process: its median wall
    seconds to the PDF and CPU seconds of a save."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, str(tree / "bench" / "build.py"), "--only", "watch",
                          "--runs", str(runs)], cwd=tree, env=env, check=True,
                         capture_output=True, text=True).stdout
    found = WATCH_ROW.search(out)
    assert found is not None, out
    return float(found[1]), float(found[2])


def watch_against(rev: str, runs: int, turns: int) -> None:
    """The watch row here and at ``rev``, taking turns (the machine's load comes and
    goes): one table row per turn with the load beside it, then the medians."""
    from _against import checkout

    print(f"watch, one card changed per save: CPU s a save (median of {runs} saves), "
          f"this checkout and {rev} taking turns\n")
    print(f"| turn | load | this | {rev} | this ÷ {rev} |\n|---:|---:|---:|---:|---:|")
    mine, theirs = [], []
    with checkout(rev) as other:
        for turn in range(1, turns + 1):
            load = os.getloadavg()[0]
            mine.append(watch_in(ROOT, runs)[1])
            theirs.append(watch_in(other, runs)[1])
            print(f"| {turn} | {load:.1f} | {mine[-1]:.3f} | {theirs[-1]:.3f} | "
                  f"{mine[-1] / theirs[-1]:.2f} |", flush=True)
    here, there = statistics.median(mine), statistics.median(theirs)
    print(f"| median | | {here:.3f} | {there:.3f} | {here / there:.2f} |")


def game_rows() -> list[tuple[str, float, float, int, int]]:
    from generator.deck.validate import validate_game
    from generator.games import GAMES
    from generator.render.build import BuildOptions, build_game

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["COPPERPLATE_CACHE"] = str(Path(tmp) / "cache")
        for game_id, spec in GAMES.items():
            loaded = validate_game(spec)
            if not loaded.ok:
                continue
            times = []
            for _ in range(2):  # cold, then warm
                started = time.perf_counter()
                result = build_game(loaded, BuildOptions(out=Path(tmp) / "out"))
                times.append(time.perf_counter() - started)
            rows.append((game_id, times[0], times[1], result.pieces, result.pages))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", choices=["deck", "watch", "games"], default=None,
                        help="run only these rows (default: all)")
    parser.add_argument("--against", metavar="REV", default=None,
                        help="with --only watch: the watch row here and at REV, in turns")
    parser.add_argument("--turns", type=int, default=3, help="turns each side takes (--against)")
    parser.add_argument("--inner", nargs=3, metavar=("GAME", "OUT", "JOBS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner:
        inner(Path(args.inner[0]), Path(args.inner[1]), int(args.inner[2]))
        return
    if args.against is not None:
        if args.only != "watch":
            parser.error("--against REV: only with --only watch")
        watch_against(args.against, max(args.runs, 9), args.turns)
        return
    print(f"54-card poker deck + 1 back, A4, duplex long (median of {args.runs}, "
          f"{os.cpu_count()} cores)\n")
    print(f"load average before: {os.getloadavg()[0]:.1f}\n")
    print("| case | wall s (fresh process) | CPU s (process) | build s (in process) | "
          "faces drawn | pages | PDF KiB |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for label, wall, build, info in deck_rows(args.runs) if args.only in (None, "deck") else []:
        print(f"| {label} | {wall:.2f} | {info['cpu_s']:.2f} | {build:.2f} | {info['rendered']} "
              f"| {info['pages']} | {info['bytes'] // 1024} |")
    if args.only in (None, "watch"):
        preview_s, shown_s, pdf_s, cpu_s, drawn = watch_rows(max(args.runs, 9))
        print(f"| watch, one card changed (one process): preview {preview_s:.2f} s, "
              f"on the open page {shown_s:.2f} s | {pdf_s:.2f} | {cpu_s:.3f} | | {drawn} | | |")
    print(f"\nload average after: {os.getloadavg()[0]:.1f}")
    if args.only not in (None, "games"):
        return
    print("\nEvery game that validates (A4, duplex long, in one process)\n")
    print("| game | cold s | warm s | pieces | pages |")
    print("|---|---:|---:|---:|---:|")
    for game_id, cold, warm, pieces, pages in game_rows():
        print(f"| {game_id} | {cold:.2f} | {warm:.2f} | {pieces} | {pages} |")


if __name__ == "__main__":
    main()
