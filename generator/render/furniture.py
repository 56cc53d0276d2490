"""The generator's own pages: contents, duplex registration test, overview labels, footers.

They are SVG templates in ``templates/_shared/`` rendered like any face, so their text is
vector, in the pinned fonts, embedded and extractable.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from generator.render.document import Document, Page
from generator.render.geometry import Paper
from generator.render.jobs import Job
from generator.render.pagewords import PAGE_WORDS, page_words, say
from generator.render.svg import page_svg

ROW_H, HOW_LINE = 12.5, 3.2  # mm per component row, and per extra line of cutting advice
BRING_LINE = 4.6
HOW_STEP = 5  # mm between lines of how to print (whole: the page's figures stay as they print)
PAPER_WORDS = {"a4": "A4", "letter": "Letter", "a3": "A3", "tabloid": "Tabloid"}  # names
Pair = tuple[Page, Page | None]  # a sheet and its backs, if it has any
FLIP_WORDS = {flip: PAGE_WORDS[f"page_flip_{flip}"] for flip in ("long", "short", "none")}


@dataclass(frozen=True)
class Settings:
    game: Any  # GameInfo
    paper: Paper
    duplex: str
    offset: tuple[float, float]
    changes: tuple[str, ...] = ()  # a declared variant's changes from the rulebook
    fold: bool = False  # single-sided, each front with its back beside it to fold and glue
    back_sheets: bool = True  # single-sided, some sheet of backs follows its fronts
    alone: str = ""  # double-sided: the pages with no backs, last, printed single-sided

    def glued(self, rows: list[dict[str, Any]]) -> bool:
        """Whether the players need glue: for a die, and single-sided for the backs (a
        folded piece's halves, or a sheet of backs glued behind its fronts)."""
        single = self.duplex == "none" and (self.fold or self.back_sheets)
        return single or any(r["kind"] == "die" for r in rows)

    def single_lines(self) -> list[str]:
        """How to print single-sided: each way the backs reach their fronts, said once."""
        words = self.words
        if self.fold:
            return [words["page_single_fold"]] + (
                [words["page_single_backs_too"]] if self.back_sheets else [])
        return [words["page_single" if self.back_sheets else "page_single_plain"]]

    @property
    def drop(self) -> int:
        """How far (mm) lines of how to print past the usual three push what follows down
        (the contents template and ``_tops`` alike); single-sided has the paper line and
        its own, with no duplex test to print, so two lines pull it up."""
        if self.duplex == "none":
            return HOW_STEP * (len(self.single_lines()) - 2)
        return HOW_STEP if self.alone else 0  # a fourth line: which pages print single-sided

    @cached_property
    def words(self) -> dict[str, str]:
        """The generator's own words with the deck's in their place, worked out once."""
        return page_words(self.game.words)


def front_only_last(pairs: list[Pair], duplex: str, backs: str
                    ) -> tuple[list[Pair], list[Page], str]:
    """(the pairs to print double-sided, the sheets to print last single-sided, how the
    file prints). Double-sided with only the backs that say something, the sheets with
    nothing on their backs come out of the pairs, with no blank page behind each (nor
    another sheet's pieces); with no backs at all, the whole file prints single-sided.
    A board's assembly page stays before its tiles when they print double-sided (a blank
    behind it: the same sheet of paper, and the picture next to the tiles it explains)."""
    if duplex == "none" or backs == "all":
        return pairs, [], duplex
    kept: list[Pair] = []
    alone: list[Page] = []
    for (front, back), after in zip(pairs, [*pairs[1:], None], strict=True):
        if _backed(front, back) or front.role == "overview" and after and _backed(*after):
            kept.append((front, back if _backed(front, back) else None))
        else:
            alone.append(front)
    if not kept:
        return [(front, None) for front in alone], [], "none"
    return kept, alone, duplex


def _backed(front: Page, back: Page | None) -> bool:
    """Whether the sheet has something printed on its back."""
    return back is not None and bool(back.placements)


def how_to_cut(job: Job, tiled: bool, words: dict[str, str] = PAGE_WORDS) -> str:
    shape, kind = job.piece.shape, job.kind
    if kind == "die":
        key = "die"
    elif tiled:
        key = "tiled"
    elif shape in ("circle", "hex"):
        key = shape
    elif kind in ("sheet", "board"):
        key = "sheet"
    elif job.cut().spaced:
        key = "spaced"
    else:
        key = "block"
    text = words[f"page_cut_{key}"]
    return f"{text}. {job.piece.notes}" if job.piece.notes else text


def page_ranges(pages: list[int], words: dict[str, str] = PAGE_WORDS) -> str:
    """3, 5, 7, 9 → "3–9 (odd)"; 4, 5, 6 → "4–6"; else a list."""
    if not pages:
        return "–"
    if len(pages) > 2:
        steps = {b - a for a, b in zip(pages, pages[1:], strict=False)}
        if steps == {1}:
            return f"{pages[0]}–{pages[-1]}"
        if steps == {2}:
            return f"{pages[0]}–{pages[-1]} ({words['page_odd' if pages[0] % 2 else 'page_even']})"
    return ", ".join(str(p) for p in pages)


def contents_rows(jobs: list[Job], pages_of: dict[str, list[int]], tiled: set[str],
                  words: dict[str, str] = PAGE_WORDS) -> list[dict[str, Any]]:
    rows = []
    for job in jobs:
        w, h = job.size
        size = (say(words, "page_size", w=_mm(w), h=_mm(h)) if job.kind != "die"
                else say(words, "page_size_cube", w=_mm(w)))
        rows.append({"name": job.piece.name, "kind": job.kind, "count": len(job.copies),
                     "size": size, "pages": page_ranges(pages_of.get(job.piece.id, []), words),
                     "how": textwrap.wrap(how_to_cut(job, job.piece.id in tiled, words), 100)})
    return rows


def bring_lines(bring: list[str], glue: bool, words: dict[str, str] = PAGE_WORDS) -> list[str]:
    """What else the players need, wrapped to the contents page's width."""
    things = list(bring) or [words["page_bring_nothing"]]
    said = " ".join(things).lower()
    cutting, glue_word = words["page_bring_cutting"], words["page_bring_glue"]
    if not any(w in said for w in ("scissors", "knife", cutting.lower())):  # already asked
        things.append(cutting)
    if glue and "glue" not in said and glue_word.lower() not in said:
        things.append(glue_word)
    return textwrap.wrap("; ".join(things) + ".", 95)


def variant_lines(game: Any, changes: tuple[str, ...],
                  words: dict[str, str] = PAGE_WORDS) -> list[str]:
    """"Variant: NAME", its notes and its changes from the rulebook, wrapped to the page;
    nothing when the deck plays the rulebook."""
    if game.variant is None:
        return []
    lines = [say(words, "page_variant", name=game.variant.name)]
    lines += textwrap.wrap(game.variant.notes, 95)
    said = "; ".join(changes) if changes else words["page_variant_no_numbers"]
    return lines + textwrap.wrap(say(words, "page_variant_changes", changes=said), 95)


def _mm(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".")


def _tops(settings: Settings, glue: bool) -> tuple[float, float]:
    """Where the component list starts on the first page (after how to print and what to
    bring) and on later ones; the template draws from these."""
    bring = bring_lines(settings.game.bring, glue, settings.words)
    variant = variant_lines(settings.game, settings.changes, settings.words)
    below = BRING_LINE * len(variant) + 4 if variant else 0
    return 84 + settings.drop + BRING_LINE * (len(bring) - 1) + below, 44.0


def contents_chunks(rows: list[dict[str, Any]], settings: Settings) -> list[list[dict[str, Any]]]:
    """Rows split into pages by their height (long cutting advice takes more lines); each
    row gets its ``y``."""
    first, later = _tops(settings, settings.glued(rows))
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
    game, words = settings.game, settings.words
    glue = settings.glued(rows)
    tops = _tops(settings, glue)
    pages = []
    for n, chunk in enumerate(contents_chunks(rows, settings)):
        svg = page_svg("_shared/contents.svg.j2", w=settings.paper.w, h=settings.paper.h,
                       bleed=0, first=n == 0, rows=chunk, game=game.model_dump(mode="json"),
                       paper=PAPER_WORDS[settings.paper.name],
                       flip=words[f"page_flip_{settings.duplex}"],
                       duplex=settings.duplex, offset=settings.offset,
                       single=settings.single_lines(), drop=settings.drop,
                       alone=settings.alone,
                       registration=registration_at, page_no=n + 1, total=total,
                       bring=bring_lines(game.bring, glue, words), top=tops[0 if n == 0 else 1],
                       variant=variant_lines(game, settings.changes, words), words=words)
        pages.append(Page("contents", overlay=doc.art(svg)))
    return pages


def registration_pages(doc: Document, settings: Settings, offset_back: tuple[float, float]
                       ) -> tuple[Page, Page]:
    """The duplex test: the same crosshair and symmetric rulers on both sides; the back's
    crosshair seen through the paper reads the offset to pass as ``--back-offset``."""
    paper = settings.paper
    signs = {"long": (1, -1), "short": (-1, 1), "none": (1, -1)}[settings.duplex]
    words = settings.words
    common = {"w": paper.w, "h": paper.h, "bleed": 0, "flip": words[f"page_flip_{settings.duplex}"],
              "duplex": settings.duplex, "offset": settings.offset, "words": words}
    front = page_svg("_shared/registration.svg.j2", side="front", sx=signs[0], sy=signs[1],
                     dx=0.0, dy=0.0, **common)
    back = page_svg("_shared/registration.svg.j2", side="back", sx=signs[0], sy=signs[1],
                    dx=offset_back[0], dy=offset_back[1], **common)
    return Page("registration", overlay=doc.art(front)), Page("registration",
                                                             overlay=doc.art(back))


def footer_overlay(doc: Document, page: Page, paper: Paper, number: int, total: int,
                   game_name: str, words: dict[str, str] = PAGE_WORDS) -> None:
    """Label a page at its foot (sheet contents, page number) unless a template fills it."""
    if page.overlay is not None and page.role != "overview":
        return
    y = page.footer_y if page.footer_y is not None else None
    if page.role == "overview" and page.overview is not None:
        svg = page_svg("_shared/overview.svg.j2", w=paper.w, h=paper.h, bleed=0,
                       margin=paper.margin, info=page.overview, game=game_name,
                       page_no=number, total=total, words=words)
        page.overlay = doc.art(svg)
        return
    if y is None:
        return
    text = (page.footer if isinstance(page.footer, str)
            else say(words, page.footer[0], **page.footer[1]))
    svg = page_svg("_shared/footer.svg.j2", w=paper.w, h=paper.h, bleed=0,
                   margin=paper.margin, y=y, text=text, game=game_name,
                   page_no=number, total=total, side=page.role, words=words)
    page.overlay = doc.art(svg)
