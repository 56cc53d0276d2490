"""``--to tuck``: a tuck box for every deck of cards, to print on A4 or Letter and fold.

One page per deck in ``tuck-boxes-a4.pdf`` and ``tuck-boxes-letter.pdf``: the designed
dieline (``tuckbox``) centred inside the printer's reach (the pages turned to landscape
when that holds more of the boxes), cuts solid and folds dashed in the build's own line
styles, the game's and the deck's names on it. A deck whose box does not fit is left out
and reported.
"""

from __future__ import annotations

from typing import Any

from generator.export.base import Export, ExportError
from generator.export.tuckbox import TuckBox, problems
from generator.render.build import BuildOptions, render_arts
from generator.render.document import CUT, FOLD, Document, Line, Page, Placement, Point
from generator.render.geometry import Paper, Rect, paper_for
from generator.render.pdfwriter import write_pdf

PAPERS = ("a4", "letter")


def boxes(work: Export) -> list[tuple[Any, TuckBox]]:
    """Every deck of cards in the game with its box, in the order of its files."""
    game = str(work.loaded.data.game.name)
    found = []
    for _, piece in work.loaded.data.pieces():
        if str(piece.kind) == "card" and str(piece.shape) == "rect":
            w, h = piece.size_mm
            found.append((piece, TuckBox(game, str(piece.name), str(piece.id),
                                         (float(w), float(h)), int(piece.total()))))
    return found


def export(work: Export) -> None:
    decks = boxes(work)
    for _, piece in work.loaded.data.pieces():
        if str(piece.kind) == "card" and str(piece.shape) != "rect":
            work.skip(piece, f"a {piece.shape} deck: the designed tuck box is for "
                             f"rectangular cards")
    for piece, box in decks:  # words are fitted: a finding is a mistake here, not data
        if spilled := problems(box):
            raise ExportError(f"the tuck box of {piece.id}: {'; '.join(spilled)} (nothing "
                              f"was written)")
    for name in PAPERS:
        paper = sheet_for([box for _, box in decks], paper_for(name))
        placed = [box for _, box in decks if on_page(paper, box)]
        if name == PAPERS[0]:
            for piece, box in decks:
                if box not in placed:
                    w, h = box.size
                    work.skip(piece, f"its tuck box ({w:.0f} x {h:.0f} mm) fits no A4 page "
                                     f"within the printer's reach")
        if placed:
            _write(work, name, paper, placed)
    if not work.files:
        raise ExportError(f"no deck of {work.loaded.game_id} has a tuck box that fits A4 or "
                          f"Letter (nothing was written)")


def _write(work: Export, name: str, paper: Paper, placed: list[TuckBox]) -> None:
    """``tuck-boxes-PAPER.pdf``, a box a page, and its entries in the index."""
    doc = Document()
    doc.pages += [page(doc, box, paper) for box in placed]
    arts, _ = render_arts(doc, BuildOptions())
    path = work.staging / f"tuck-boxes-{name}.pdf"
    path.write_bytes(write_pdf(doc, arts, paper, f"{work.loaded.data.game.name}: tuck boxes",
                               "none"))
    for number, box in enumerate(placed, start=1):
        work.add(path, piece=box.piece, face="tuck box", side="outside", copies=[1],
                 page=number, paper=name, landscape=paper.w > paper.h,
                 size_mm=[round(v, 2) for v in box.size], cards=box.cards, depth_mm=box.d,
                 designed=True)


def on_page(paper: Paper, box: TuckBox) -> bool:
    """The box lies inside the paper's printable area."""
    w, h = box.size
    return paper.printable.contains(Rect(paper.margin, paper.margin, w, h))


def sheet_for(decks: list[TuckBox], paper: Paper) -> Paper:
    """The paper upright, or turned to landscape when that holds more of the boxes."""
    turned = Paper(paper.name, paper.h, paper.w, paper.margin)
    upright = sum(on_page(paper, box) for box in decks)
    return turned if sum(on_page(turned, box) for box in decks) > upright else paper


def page(doc: Document, box: TuckBox, paper: Paper) -> Page:
    """The box centred on the page: its words as art, its cuts and folds as lines."""
    w, h = box.size
    x, y = (paper.w - w) / 2, (paper.h - h) / 2
    at = Rect(x, y, w, h)
    sheet = Page("tuck", trim=at, bleed=at)
    sheet.placements.append(Placement(doc.art(box.svg(), f"the tuck box of {box.piece}"), at))

    def moved(points: tuple[Point, ...]) -> tuple[Point, ...]:
        return tuple((round(px + x, 3), round(py + y, 3)) for px, py in points)

    sheet.lines += [Line(CUT, moved(p)) for p in box.cuts()]
    sheet.lines += [Line(FOLD, moved(p)) for p in box.folds()]
    return sheet
