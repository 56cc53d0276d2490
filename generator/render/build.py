"""``copperplate build``: one game → ``OUT/<game>/<game>-<paper>.pdf`` + ``manifest-<paper>.json``.

Order of the PDF: contents, then every sheet of fronts followed by its sheet of backs
(fronts always on odd pages when printing double-sided: a blank back where a sheet has
none), then large pieces (single pages, or an assembly overview and its tiles), then the
duplex registration test (double-sided only). Nothing is written until everything rendered (``prepare_game``),
so a failed build leaves the previous files as they were; the PDF and its manifest then
replace the old pair together (``write_game``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from generator.data.components import LoadedGame
from generator.files.fileio import replace_together
from generator.render import fonts
from generator.render.cache import FaceCache, FaceError
from generator.render.cachedir import cache_root
from generator.render.cutfile import REG_BAND, add_registration, cut_files, cut_glob
from generator.render.document import Document, Page
from generator.render.errors import BuildError
from generator.render.furniture import (
    Pair,
    Settings,
    contents_chunks,
    contents_pages,
    contents_rows,
    footer_overlay,
    front_only_last,
    page_ranges,
    registration_pages,
)
from generator.render.geometry import DEFAULT_MARGIN, PAPERS, Paper, paper_for
from generator.render.ink import INKS
from generator.render.jobs import BACKS, Job, jobs
from generator.render.large import large_pages
from generator.render.pages import check_page_count, check_page_estimate
from generator.render.reprint import Hashes, copy_hashes, reprint_list
from generator.render.sandbox import TemplateRefused
from generator.render.sheets import Duplex, sheet_pages


@dataclass(frozen=True)
class BuildOptions:
    paper: str = "a4"
    duplex: str = "long"
    out: Path = Path("output")
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    bleed_mm: float = 3.0
    progress: bool = False
    jobs: int = 0  # processes for cold renders (0: as many as cores, up to 8)
    max_pages: int = 2000  # a deck past this is a mistake (or an attack) unless raised
    layout: str | None = None  # butted, spaced; None: each piece kind's default (jobs.py)
    printer_margin: float = DEFAULT_MARGIN  # mm the printer cannot reach: marks planned inside
    ink: str = "full"  # full, saver or bw (``render.ink``)
    cut_file: bool = False  # registration marks and an SVG of the cuts (``render.cutfile``)
    only: frozenset[tuple[str, int]] | None = None  # (component, copy) to reprint; None: all
    since: str = ""  # what ``only`` was compared with, for the reprint list
    stamp: bool = False  # a version stamp on every face with room for it (``render.stamp``)
    backs: str | None = None  # all, needed or none; None: all, or needed when printing
    # single-sided or saving ink
    faces_in_memory: bool = False  # drawn faces also kept in this process (``watch``)

    @property
    def printed_backs(self) -> str:
        if self.backs is not None:
            return self.backs
        return "all" if self.duplex != "none" and self.ink == "full" else "needed"


@dataclass
class BuildResult:
    pieces: int
    pages: int
    pdf: Path
    manifest: Path
    seconds: float
    rendered: int = 0  # faces cairo had to draw (the rest came from the cache)


def body_pairs(doc: Document, all_jobs: list[Job], paper: Paper, duplex: Duplex) -> list[Pair]:
    imposed = [j for j in all_jobs if not j.is_large(paper)]
    pairs: list[Pair] = list(sheet_pages(doc, imposed, paper, duplex)) if imposed else []
    for job in all_jobs:
        if job.is_large(paper):
            pairs += large_pages(doc, job, paper, duplex)
    return pairs


def order_pages(pairs: list[Pair], duplex: str) -> list[Page]:
    """Double-sided: every front then its back (a blank if it has none); single-sided:
    a back page only where there are backs."""
    pages: list[Page] = []
    for front, back in pairs:
        pages.append(front)
        if duplex != "none":
            pages.append(back if back is not None else Page("blank"))
        elif back is not None and back.placements:
            pages.append(back)
    return pages


def plan(loaded: LoadedGame, options: BuildOptions) -> Document:
    """Everything the PDF will hold, before any SVG is turned into PDF."""
    paper = paper_for(options.paper, options.printer_margin)
    # a cutting machine's registration marks need a band free of pieces
    band = REG_BAND * options.cut_file
    room = replace(paper_for(options.paper, options.printer_margin + band), band=band)
    doc = Document(ink=options.ink)
    flip = options.duplex if options.duplex != "none" else "long"
    dx, dy = options.back_offset_mm
    duplex = Duplex(flip, (dx, dy))
    all_jobs = jobs(loaded, options.bleed_mm, options.layout, options.printed_backs,
                    options.stamp or options.only is not None)
    if options.only is not None:
        all_jobs = _reprinted(all_jobs, options.only)
    pairs = body_pairs(doc, all_jobs, room, duplex)
    back_sheets = any(back is not None and back.placements for _, back in pairs)
    pairs, alone, sides = front_only_last(pairs, options.duplex, options.printed_backs)
    body = order_pages(pairs, sides)
    doc.sides = sides
    settings = Settings(loaded.data.game, paper, sides, duplex.offset,
                        tuple(loaded.variant_changes), fold=options.layout == "fold",
                        back_sheets=back_sheets, alone="…" if alone else "")
    # the list's length in pages does not depend on the page numbers it will show
    words = settings.words
    tiled = _tiled(body + alone)
    n_contents = len(contents_chunks(contents_rows(all_jobs, {}, tiled, words), settings))
    padded = n_contents + (n_contents % 2 if sides != "none" else 0)
    registration_at = padded + len(body) + 1
    tested = sides != "none"  # the duplex test tests nothing printed single-sided
    total = padded + len(body) + 2 * tested + len(alone)
    numbered = {id(p): n for n, p in enumerate(body + [Page("")] * 2 * tested + alone,
                                                 start=padded + 1)}
    if alone:
        settings = replace(settings, alone=page_ranges(list(range(total - len(alone) + 1,
                                                                  total + 1)), words))
    rows = contents_rows(all_jobs, _pages_of(body + alone, numbered), tiled, words)
    head = contents_pages(doc, settings, rows, registration_at, total)
    head += [Page("blank")] * (padded - len(head))
    doc.pages = head + body + (list(registration_pages(doc, settings, duplex.offset))
                               if tested else []) + alone
    if options.cut_file:
        add_registration(doc, paper)
    for number, page in enumerate(doc.pages, start=1):
        footer_overlay(doc, page, paper, number, total, loaded.data.game.name, words)
    return doc


def planned(loaded: LoadedGame, options: BuildOptions) -> Document:
    """``plan``, once per game loaded and options that shape the document: the print lint
    after a build reads the build's own plan (where to write, how many processes, the
    page limit and where faces are kept change nothing in it)."""
    key = ("plan", replace(options, out=Path("output"), progress=False, jobs=0, max_pages=0,
                           since="", faces_in_memory=False))
    if key not in loaded.drawn:
        loaded.drawn[key] = plan(loaded, options)
    doc: Document = loaded.drawn[key]
    return doc


def _reprinted(all_jobs: list[Job], keep: frozenset[tuple[str, int]]) -> list[Job]:
    """Only the copies to reprint; pieces with none left out."""
    out = []
    for job in all_jobs:
        copies = [c for c in job.copies if (job.piece.id, c.number) in keep]
        if copies:
            out.append(replace(job, copies=copies))
    return out


def _pages_of(body: list[Page], numbered: dict[int, int]) -> dict[str, list[int]]:
    found: dict[str, set[int]] = {}
    for page in body:
        for item in page.items:
            if item["side"] == "front":
                found.setdefault(item["component"], set()).add(numbered[id(page)])
        if page.overview is not None:
            found.setdefault(page.overview["component"], set()).add(numbered[id(page)])
    return {k: sorted(v) for k, v in found.items()}


def _tiled(body: list[Page]) -> set[str]:
    return {item["component"] for p in body if p.role == "tile" for item in p.items}


def manifest(loaded: LoadedGame, doc: Document, paper: Paper, pdf_name: str,
             hashes: Hashes) -> dict[str, Any]:
    """Where every copy's every side was placed, with its content hash (``reprint``)."""
    items = []
    for number, page in enumerate(doc.pages, start=1):
        for item in page.items:
            entry = {k: v for k, v in item.items() if k not in ("trim", "bleed")}
            entry.update(page=number, trim_pt=item["trim"].to_pt(paper.h),
                         bleed_pt=item["bleed"].to_pt(paper.h),
                         hash=hashes.get((item["component"], item["copy"], item["side"]), ""))
            items.append(entry)
    return {"game": loaded.game_id, "paper": paper.name, "page_size_pt": paper.size_pt(),
            "pdf": pdf_name, "page_count": len(doc.pages), "items": items}


def render_arts(doc: Document, options: BuildOptions) -> tuple[list[bytes], int]:
    try:
        return _render_arts(doc, options)
    except FaceError as exc:
        where = f"{doc.places[exc.index]}: error: " if doc.places[exc.index] else ""
        if isinstance(exc.__cause__, TemplateRefused):  # past the face's CPU or memory
            raise BuildError(f"{where}cairo stopped drawing {doc.origins[exc.index]}: "
                             f"{exc.__cause__.message} (template-limit)") from exc
        raise BuildError(f"{where}cairo could not draw {doc.origins[exc.index]}: {exc} "
                         "(the template wrote SVG that is not valid) (template-svg)") from exc


def _render_arts(doc: Document, options: BuildOptions) -> tuple[list[bytes], int]:
    folder = cache_root()
    cache = FaceCache(folder, fonts.pin(folder), in_memory=options.faces_in_memory)
    if not options.progress:
        return cache.render_all(doc.arts, jobs=options.jobs), cache.misses
    from rich.console import Console
    from rich.progress import Progress

    with Progress(transient=True, console=Console(stderr=True)) as bar:  # stdout stays clean
        task = bar.add_task("rendering faces", total=len(doc.arts))
        tick: Callable[[int], None] = lambda n: bar.advance(task, n)  # noqa: E731
        pdfs = cache.render_all(doc.arts, tick=tick, jobs=options.jobs)
    return pdfs, cache.misses


@dataclass
class Prepared:
    """A game's whole output, in memory: nothing is written until every game asked for
    has got this far."""

    loaded: LoadedGame
    files: dict[str, bytes]  # the PDF and its manifest, by name
    pdf_name: str
    manifest_name: str
    pieces: int
    pages: int
    rendered: int
    started: float
    stale: str = ""  # a glob of the old files this set replaces (the last build's cut files)


PdfWrite = Callable[[Document, list[bytes], Paper, str, str], bytes]  # as ``write_pdf``


def prepare_game(loaded: LoadedGame, options: BuildOptions,
                 write: PdfWrite | None = None) -> Prepared:
    """``write``: the PDF's assembler (a watch keeps its last document: the same bytes)."""
    started = time.perf_counter()
    if options.paper not in PAPERS or options.duplex not in ("long", "short", "none"):
        raise BuildError(f"paper '{options.paper}' / duplex '{options.duplex}': expected "
                         f"{' or '.join(PAPERS)} / long, short or none")
    if not 0 <= options.bleed_mm <= 10:
        raise BuildError(f"bleed {options.bleed_mm} mm is outside 0-10 mm")
    if options.ink not in INKS or options.printed_backs not in BACKS:
        raise BuildError(f"ink '{options.ink}' / backs '{options.printed_backs}': expected "
                         f"{', '.join(INKS)} / {', '.join(BACKS)}")
    paper = paper_for(options.paper, options.printer_margin)
    check_page_estimate(loaded, options)  # before drawing a million faces
    fonts.pin(cache_root())  # before anything can start cairo
    doc = planned(loaded, options)
    check_page_count(loaded, options, len(doc.pages))
    pdfs, rendered = render_arts(doc, options)
    # imported late: pikepdf and fontTools' subsetter, which the print lint's page plans
    from generator.render.pdfwriter import write_pdf  # (validate, lint) never need

    suffix = "-reprint" if options.only is not None else ""
    name = f"{loaded.game_id}-{paper.name}{suffix}.pdf"
    data = (write or write_pdf)(doc, pdfs, paper, f"{loaded.data.game.name}: print-and-play",
                                doc.sides)
    listing = manifest(loaded, doc, paper, name, copy_hashes(loaded, options.bleed_mm))
    manifest_name = f"manifest-{paper.name}{suffix}.json"
    files = {name: data, manifest_name: (json.dumps(listing, indent=1, ensure_ascii=False)
                                         + "\n").encode("utf-8")}
    if options.only is not None:
        keys = list(dict.fromkeys((i["component"], i["copy"]) for i in listing["items"]))
        files[f"reprint-{paper.name}.txt"] = reprint_list(
            loaded.game_id, keys, options.since).encode()
    if options.cut_file:  # beside the PDF, replaced with it
        files.update(cut_files(doc, paper, name.removesuffix(".pdf")))
    pieces = (len(options.only) if options.only is not None else
              sum(len(job.copies) for job in jobs(loaded, options.bleed_mm, options.layout)))
    return Prepared(loaded, files, name, manifest_name, pieces, len(doc.pages), rendered,
                    started, cut_glob(name.removesuffix(".pdf")))


def write_game(prepared: Prepared, options: BuildOptions) -> BuildResult:
    """The PDF and its manifest replace the old pair together (``replace_together``)."""
    folder = options.out / prepared.loaded.game_id
    replace_together(folder, prepared.files, prepared.stale)
    return BuildResult(prepared.pieces, prepared.pages, folder / prepared.pdf_name,
                       folder / prepared.manifest_name, time.perf_counter() - prepared.started,
                       prepared.rendered)


def build_game(loaded: LoadedGame, options: BuildOptions,
               write: PdfWrite | None = None) -> BuildResult:
    return write_game(prepare_game(loaded, options, write), options)
