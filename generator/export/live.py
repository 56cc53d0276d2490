"""``copperplate watch``: rebuild a deck's preview and PDF on every save, in one process.

The deck's YAML and templates (its own ``templates/`` and the bundled ones it can use)
are watched through the operating system's file events (watchfiles: inotify, no polling
and no cost while nothing changes); each save validates the game again, redraws the preview (only
faces whose SVG changed are drawn: the rest come from the caches) and then rebuilds the
PDF the same way. Imports, templates and font subsets stay warm between saves; a save
that changed only data files carries the last round's face drawings over
(``faces.carry_drawings``), so a template is run again only for the faces the edit
changed. Invalid data is reported, shown on the preview page, and the watch goes on.
Whoever shows the preview (``serve.live``) is told the moment the page is written,
before the PDF is built.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from generator.data.components import LoadedGame
from generator.export.gallery import as_problem, write_preview
from generator.files.problems import Problem, has_errors
from generator.render.errors import BuildError
from generator.render.faces import carry_drawings
from generator.render.incremental import KeptPdf

Load = Callable[[], LoadedGame]  # the game, read and validated
Check = Callable[[LoadedGame], list[Problem]]  # every problem to show (drawing faces too)
Written = Callable[[Path], None]  # told of each preview page written (a live server)


def own_problems(loaded: LoadedGame) -> list[Problem]:
    return list(loaded.problems)


def unheard(page: Path) -> None:
    """No one to tell that the preview was written (``watch --no-serve``)."""


@dataclass
class Round:
    """What one rebuild did."""

    problems: list[Problem]
    preview: Path | None = None
    pdf: Path | None = None
    preview_s: float = 0.0  # from the change being seen to the preview written
    total_s: float = 0.0  # … to the PDF written as well
    drawn: int = 0  # faces cairo drew for the PDF (the rest came from the cache)


@dataclass
class Watcher:
    load: Load
    folders: list[Path]  # what to watch: the deck and its template folders
    out: Path
    paper: str = "a4"
    check: Check = own_problems  # after the drawings that can be carried over are
    written: Written = unheard  # as soon as the preview is written, before the PDF
    seen: dict[Path, tuple[int, int]] = field(default_factory=dict)
    # the last game that loaded, and the files it was loaded from: its drawings are
    # carried over when only data files changed since
    last: tuple[LoadedGame, dict[Path, tuple[int, int]]] | None = None
    pdf: KeptPdf = field(default_factory=KeptPdf)  # the last PDF, assembled again in place

    def snapshot(self) -> dict[Path, tuple[int, int]]:
        return {path: (stat.st_mtime_ns, stat.st_size) for path, stat in _files(self.folders)}

    def changed(self) -> bool:
        now = self.snapshot()
        if now == self.seen:
            return False
        self.seen = now
        return True

    def poll(self) -> Round | None:
        """Rebuild if anything changed since the last look."""
        return self.rebuild() if self.changed() else None

    def rebuild(self) -> Round:
        from generator.render.build import BuildOptions, build_game

        started = time.perf_counter()
        self.seen = self.snapshot()
        loaded = self.load()
        if loaded.data is not None:
            if self.last is not None and data_only(self.last[1], self.seen):
                carry_drawings(self.last[0], loaded)
            self.last = (loaded, self.seen)
        problems = self.check(loaded)
        page = write_preview(loaded, problems, self.out)
        done = Round(problems, page, preview_s=time.perf_counter() - started)
        self.written(page)
        if loaded.data is not None and not has_errors(problems):
            try:
                result = build_game(loaded, BuildOptions(paper=self.paper, out=self.out,
                                                         faces_in_memory=True),
                                    self.pdf.write)
            except BuildError as exc:  # cairo refused a face: report it, keep watching
                done.problems = [*problems, as_problem(exc)]
            else:
                done.pdf, done.drawn = result.pdf, result.rendered
        done.total_s = time.perf_counter() - started
        return done


WATCHED = (".yaml", ".j2", ".svg", ".png", ".jpg", ".csv", ".xlsx")
DATA = (".yaml", ".csv", ".xlsx")  # what a deck's data is read from (no template, no picture)


def data_only(before: dict[Path, tuple[int, int]], after: dict[Path, tuple[int, int]]) -> bool:
    """Whether every file added, removed or changed between two looks is a data file."""
    return all(path.name.endswith(DATA) for path in before.keys() ^ after.keys()) and all(
        path.name.endswith(DATA) for path in before.keys() & after.keys()
        if before[path] != after[path])


def relevant(change: object, path: str) -> bool:
    """A file a deck is made of (not an editor's swap or backup file, nor a hidden one)."""
    name = os.path.basename(path)
    return name.endswith(WATCHED) and not name.startswith(".")


def _files(folders: list[Path]) -> Iterator[tuple[Path, os.stat_result]]:
    for folder in folders:
        if not folder.is_dir():
            continue
        for root, dirs, names in os.walk(folder):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for name in sorted(names):
                if relevant(None, name):
                    path = Path(root) / name
                    try:
                        yield path, path.stat()
                    except OSError:  # removed between the listing and the look
                        continue


QUIET_MS = 5_000
"""After this long without a save, the file events wake the watch once (watchfiles does
so anyway): the first time, it looks whether a file changed while the events were not
yet listened to (during the first build), which no event would ever report."""


def watch(watcher: Watcher, report: Callable[[Round], None], interval: float = 0.1,
          rounds: int | None = None, stop: threading.Event | None = None) -> None:
    """Rebuild now and after every save until interrupted, ``stop`` is set or ``rounds``
    rebuilds are done; saves within ``interval`` seconds of each other are one rebuild."""
    from watchfiles import watch as saves

    report(watcher.rebuild())
    done, looked = 1, False
    folders = [folder for folder in watcher.folders if folder.is_dir()]
    if (rounds is not None and done >= rounds) or not folders:
        return
    for changes in saves(*folders, watch_filter=relevant, debounce=max(1, round(interval * 1000)),
                         step=max(1, min(50, round(interval * 1000))), stop_event=stop,
                         rust_timeout=QUIET_MS, yield_on_timeout=True):
        missed = None if changes or looked else watcher.poll()
        looked = True
        if not changes and missed is None:
            continue  # a quiet stretch
        report(missed or watcher.rebuild())
        done += 1
        if rounds is not None and done >= rounds:
            return
