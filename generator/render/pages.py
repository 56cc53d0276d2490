"""A build stops before it makes an absurd number of pages (``--max-pages``, 2,000 by
default): checked first from the piece counts alone, before a single face is drawn, then
on the real page count. The error is located at the piece that needs the most pages."""

from __future__ import annotations

import math
from typing import Any, Protocol

from generator.data.components import LoadedGame
from generator.render.errors import BuildError
from generator.render.geometry import Paper, paper_for
from generator.render.jobs import LARGE_KINDS, Job
from generator.render.layout import capacity


class PageOptions(Protocol):
    @property
    def paper(self) -> str: ...
    @property
    def duplex(self) -> str: ...
    @property
    def bleed_mm(self) -> float: ...
    @property
    def max_pages(self) -> int: ...
    @property
    def printer_margin(self) -> float: ...


def least_pages(job: Job, paper: Paper) -> int:
    """The fewest pages of fronts a piece can take: a full sheet of it, or a page each."""
    if job.kind in LARGE_KINDS:
        return job.piece.total()
    cut = job.cut()
    per_page = max(math.prod(capacity(cut, paper, t)) for t in (False, True))
    return math.ceil(job.piece.total() / per_page) if per_page else job.piece.total()


def check_page_estimate(loaded: LoadedGame, options: PageOptions) -> None:
    paper = paper_for(options.paper, options.printer_margin)
    sides = 1 if options.duplex == "none" else 2
    counts = []
    for loc, piece in loaded.data.pieces():
        bleed = options.bleed_mm if piece.bleed_mm is None else float(piece.bleed_mm)
        counts.append((least_pages(Job(loaded, piece, bleed, []), paper) * sides, loc, piece))
    if sum(n for n, _, _ in counts) > options.max_pages:
        _too_many(loaded, options, sum(n for n, _, _ in counts), max(counts, key=_pages))


def check_page_count(loaded: LoadedGame, options: PageOptions, pages: int) -> None:
    if pages > options.max_pages:
        counts = []
        paper = paper_for(options.paper, options.printer_margin)
        for loc, piece in loaded.data.pieces():
            counts.append((least_pages(Job(loaded, piece, 0.0, []), paper), loc, piece))
        _too_many(loaded, options, pages, max(counts, key=_pages))


def _pages(entry: tuple[int, Any, Any]) -> int:
    return int(entry[0])


def _too_many(loaded: LoadedGame, options: PageOptions, pages: int,
              biggest: tuple[int, Any, Any]) -> None:
    _, (stem, *rest), piece = biggest
    source = loaded.sources[str(stem)]
    raise BuildError(source.problem(tuple(rest), f"the build would make at least {pages} "
                                    f"pages, most of them for '{piece.id}' "
                                    f"({piece.total()} copies); the limit is "
                                    f"{options.max_pages} (raise it with --max-pages N)",
                                    "max-pages").format())
