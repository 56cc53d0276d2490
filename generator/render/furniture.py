"""The generator's own pages: contents, duplex registration test, overview labels, footers.

They are SVG templates in ``templates/_shared/`` rendered like any face, so their text is
vector, in the pinned fonts, embedded and extractable.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Any

from generator.render.document import Document, Page
from generator.render.geometry import Paper
from generator.render.jobs import Job
from generator.render.svg import page_svg

ROW_H, HOW_LINE = 12.5, 3.2  # mm per component row, and per extra line of cutting advice
BRING_LINE = 4.6
PAPER_WORDS = {"a4": "A4", "letter": "Letter", "a3": "A3", "tabloid": "Tabloid"}
FLIP_WORDS = {"long": "double-sided, flip on the long edge",
              "short": "double-sided, flip on the short edge",
              "none": "single-sided (each sheet of backs follows its fronts, to glue behind them)"}


@dataclass(frozen=True)
class Settings:
    game: Any  # GameInfo
    paper: Paper
    duplex: str
    offset: tuple[float, float]
    changes: tuple[str, ...] = ()  # a declared variant's changes from the rulebook


def how_to_cut(job: Job, tiled: bool) -> str:
    shape, kind = job.piece.shape, job.kind
    if kind == "die":
        text = "cut the solid lines, fold the dashed ones, glue the tabs inside"
    elif tiled:
        text = "tiled: see its assembly page; cut on the dashed seams, align, glue"
    elif shape in ("circle", "hex"):
        text = f"cut along the {'round' if shape == 'circle' else 'six-sided'} line"
    elif kind in ("sheet", "board"):
        text = "one per page; trim at the corner marks"
    elif job.cut().spaced:
        text = "cut each piece out on its crop marks (two cuts between neighbours)"
    else:
        text = "cut straight through the block from crop mark to crop mark"
    return f"{text}. {job.piece.notes}" if job.piece.notes else text


def page_ranges(pages: list[int]) -> str:
    """3, 5, 7, 9 → "3–9 (odd)"; 4, 5, 6 → "4–6"; else a list."""
    if not pages:
        return "–"
    if len(pages) > 2:
        steps = {b - a for a, b in zip(pages, pages[1:], strict=False)}
        if steps == {1}:
            return f"{pages[0]}–{pages[-1]}"
        if steps == {2}:
            return f"{pages[0]}–{pages[-1]} ({'odd' if pages[0] % 2 else 'even'})"
    return ", ".join(str(p) for p in pages)


def contents_rows(jobs: list[Job], pages_of: dict[str, list[int]],
                  tiled: set[str]) -> list[dict[str, Any]]:
    rows = []
    for job in jobs:
        w, h = job.size
        size = f"{_mm(w)} × {_mm(h)} mm" if job.kind != "die" else f"{_mm(w)} mm cube"
        rows.append({"name": job.piece.name, "kind": job.kind, "count": len(job.copies),
                     "size": size, "pages": page_ranges(pages_of.get(job.piece.id, [])),
                     "how": textwrap.wrap(how_to_cut(job, job.piece.id in tiled), 100)})
    return rows


def bring_lines(bring: list[str], glue: bool) -> list[str]:
    """What else the players need, wrapped to the contents page's width."""
    things = list(bring) or ["nothing else from the game: everything is in this file"]
    said = " ".join(things).lower()
    if "scissors" not in said and "knife" not in said:  # a game may already ask for them
        things.append("scissors or a craft knife and a ruler")
    if glue and "glue" not in said:
        things.append("glue")
    return textwrap.wrap("; ".join(things) + ".", 95)


def variant_lines(game: Any, changes: tuple[str, ...]) -> list[str]:
    """"Variant: NAME", its notes and its changes from the rulebook, wrapped to the page;
    nothing when the deck plays the rulebook."""
    if game.variant is None:
        return []
    lines = [f"Variant: {game.variant.name}"] + textwrap.wrap(game.variant.notes, 95)
    said = "; ".join(changes) if changes else "none of the rulebook's numbers"
    return lines + textwrap.wrap(f"Changes from the rulebook: {said}.", 95)


def _mm(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _tops(settings: Settings, glue: bool) -> tuple[float, float]:
    """Where the component list starts on the first page (after how to print and what to
    bring) and on later ones; the template draws from these."""
    bring = bring_lines(settings.game.bring, glue)
    variant = variant_lines(settings.game, settings.changes)
    below = BRING_LINE * len(variant) + 4 if variant else 0
    return 84 + BRING_LINE * (len(bring) - 1) + below, 44.0


def contents_chunks(rows: list[dict[str, Any]], settings: Settings) -> list[list[dict[str, Any]]]:
    """Rows split into pages by their height (long cutting advice takes more lines); each
    row gets its ``y``."""
    first, later = _tops(settings, any(r["kind"] == "die" for r in rows))
    bottom = settings.paper.h - 18  # above the page's own footer
    chunks: list[list[dict[str, Any]]] = [[]]
    y = first + 9
    for row in rows:
        height = ROW_H + HOW_LINE * (len(row["how"]) - 1)
        if y + height > bottom and chunks[-1]:
            chunks.append([])
            y = later + 9
        chunks[-1].append({**row, "y": round(y, 3)})
        y += height
    return chunks


def contents_pages(doc: Document, settings: Settings, rows: list[dict[str, Any]],
                   registration_at: int, total: int) -> list[Page]:
    game = settings.game
    glue = any(r["kind"] == "die" for r in rows)
    tops = _tops(settings, glue)
    pages = []
    for n, chunk in enumerate(contents_chunks(rows, settings)):
        svg = page_svg("_shared/contents.svg.j2", w=settings.paper.w, h=settings.paper.h,
                       bleed=0, first=n == 0, rows=chunk, game=game.model_dump(mode="json"),
                       paper=PAPER_WORDS[settings.paper.name], flip=FLIP_WORDS[settings.duplex],
                       duplex=settings.duplex, offset=settings.offset,
                       registration=registration_at, page_no=n + 1, total=total,
                       bring=bring_lines(game.bring, glue), top=tops[0 if n == 0 else 1],
                       variant=variant_lines(game, settings.changes))
        pages.append(Page("contents", overlay=doc.art(svg)))
    return pages


def registration_pages(doc: Document, settings: Settings, offset_back: tuple[float, float]
                       ) -> tuple[Page, Page]:
    """The duplex test: the same crosshair and symmetric rulers on both sides; the back's
    crosshair seen through the paper reads the offset to pass as ``--back-offset``."""
    paper = settings.paper
    signs = {"long": (1, -1), "short": (-1, 1), "none": (1, -1)}[settings.duplex]
    common = {"w": paper.w, "h": paper.h, "bleed": 0, "flip": FLIP_WORDS[settings.duplex],
              "duplex": settings.duplex, "offset": settings.offset}
    front = page_svg("_shared/registration.svg.j2", side="front", sx=signs[0], sy=signs[1],
                     dx=0.0, dy=0.0, **common)
    back = page_svg("_shared/registration.svg.j2", side="back", sx=signs[0], sy=signs[1],
                    dx=offset_back[0], dy=offset_back[1], **common)
    return Page("registration", overlay=doc.art(front)), Page("registration",
                                                             overlay=doc.art(back))


def footer_overlay(doc: Document, page: Page, paper: Paper, number: int, total: int,
                   game_name: str) -> None:
    """Label a page at its foot (sheet contents, page number) unless a template fills it."""
    if page.overlay is not None and page.role != "overview":
        return
    y = page.footer_y if page.footer_y is not None else None
    if page.role == "overview" and page.overview is not None:
        svg = page_svg("_shared/overview.svg.j2", w=paper.w, h=paper.h, bleed=0,
                       margin=paper.margin, info=page.overview, game=game_name,
                       page_no=number, total=total)
        page.overlay = doc.art(svg)
        return
    if y is None:
        return
    svg = page_svg("_shared/footer.svg.j2", w=paper.w, h=paper.h, bleed=0,
                   margin=paper.margin, y=y, text=page.footer, game=game_name,
                   page_no=number, total=total, side=page.role)
    page.overlay = doc.art(svg)
