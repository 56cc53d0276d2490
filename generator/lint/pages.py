"""The page rules of the print lint, on the planned PDF of one paper size.

``mark-margin``: every crop mark and straight cut line needs ``MARK_INSIDE`` mm lying at
least ``MARK_CLEAR`` mm inside the printable area (a line along the margin's edge prints
nothing), or the printer drops it. ``text-seam``: no text of a tiled board crosses a
tile seam (where it would be cut and glued); ``space-seam``: nor does a play space (a board
template marks each with ``data-space``). Pages are numbered as in the PDF.
"""

from __future__ import annotations

from collections.abc import Iterator

from generator.data.components import LoadedGame
from generator.files.problems import ERROR
from generator.lint.faces import Face
from generator.lint.rules import Finding
from generator.render.build import BuildOptions, planned
from generator.render.document import CUT, MARK, Document, Line
from generator.render.geometry import Paper, Rect, paper_for
from generator.render.jobs import Job, jobs
from generator.render.large import board_tiling
from generator.render.layout import MARK_CLEAR, MARK_INSIDE, mark_area, printed_length
from generator.render.seams import Path, crosses, segments
from generator.render.tiling import SEAM_ROOM, TEXT_ROOM, fits_page, white_edge


def page_findings(loaded: LoadedGame, paper_name: str, margin: float, drawn: list[Face],
                  layout: str | None = None, ink: str = "full"
                  ) -> Iterator[tuple[int, Finding]]:
    """(page number or 0 for a face, finding) for one paper (and layout, and ink), as built
    for a printer with that margin."""
    paper = paper_for(paper_name, margin)
    doc = planned(loaded, BuildOptions(paper=paper_name, layout=layout,
                                       printer_margin=margin, ink=ink))
    yield from mark_findings(doc, paper)
    yield from ((0, f) for f in seam_findings(loaded, paper, drawn))


def mark_findings(doc: Document, paper: Paper) -> Iterator[tuple[int, Finding]]:
    """Every crop mark or straight cut line of ``doc`` of which a printer with ``paper``'s
    margin prints under ``MARK_INSIDE`` mm."""
    area = mark_area(paper)
    for number, page in enumerate(doc.pages, start=1):
        for line in page.lines:
            if isinstance(line, Line) and line.style in (MARK, CUT) and len(line.points) == 2:
                inside = printed_length(line.points, area)
                if inside < MARK_INSIDE - 1e-6:
                    (x0, y0), (x1, y1) = line.points
                    yield number, Finding(
                        "", ERROR, f"page {number} ({paper.name}): a {line.style} line from "
                        f"({x0:z.1f}, {y0:z.1f}) to ({x1:z.1f}, {y1:z.1f}) mm has {inside:z.1f} mm "
                        f"printable {MARK_CLEAR:g} mm inside a {paper.margin:g} mm margin, "
                        f"under {MARK_INSIDE:g} mm", "mark-margin")


def seams(job: Job, paper: Paper, svgs: list[str]) -> list[Path]:
    """Every tile seam (vertical and horizontal) as a polyline in face coordinates (trim
    origin), as the build places them."""
    bleed = job.bleed
    tiling = board_tiling(job, paper, svgs)
    xs, ys = tiling.seams()
    # turned a quarter clockwise: the tiling's x runs down the face, its y across
    full_h = job.size[1] + 2 * bleed
    return [tuple(((y - bleed, full_h - x - bleed) if tiling.turned else
                   (x - bleed, y - bleed)) for x, y in path) for path in xs + ys]


def seam_findings(loaded: LoadedGame, paper: Paper, drawn: list[Face]) -> Iterator[Finding]:
    for job in jobs(loaded, 3.0):
        w, h = job.size
        if not job.is_large(paper) or fits_page(w, h, job.bleed, paper,
                                                 white_edge(job.piece)) is not None:
            continue
        doc = Document()
        for copy in job.copies:
            art = [job.front(doc, copy), job.back(doc, copy)]
            paths = seams(job, paper, [doc.arts[a] for a in art if a is not None])
            for face in drawn:
                if face.piece is job.piece and face.face is copy.face:
                    yield from _crossing(face, paper, paths)


def _crossing(face: Face, paper: Paper, paths: list[Path]) -> Iterator[Finding]:
    d = face.drawing
    # (box, what it is, the verb, its template line, rule, its text)
    found: list[tuple[Rect, str, str, str, str, str | None]] = [
        (ln.box, f"text '{ln.text}'", f"crosses or runs within {TEXT_ROOM:g} mm of",
         ln.source, "text-seam", ln.text)
        for ln in d.lines]
    found += [(box, f"a {kind} at ({box.x:z.1f}, {box.y:z.1f}) mm", "crosses", "", "text-seam",
               None) for box, kind in d.areas]
    found += [(box, f"a play space ({kind}) at ({box.x:z.1f}, {box.y:z.1f}) mm", "is cut by", "",
               "space-seam", None) for box, kind in d.spaces]
    for box, what, verb, source, rule, text in found:
        crossed = _crosses(box, paths, TEXT_ROOM if text is not None else SEAM_ROOM)
        if crossed:
            yield Finding(source, ERROR, f"{what} on {face.label} {verb} the {paper.name} tile "
                          f"seam at {crossed}", rule, text)


def _crosses(box: Rect, paths: list[Path], keep: float) -> str | None:
    """Where a seam comes within ``keep`` of ``box`` (text: ``TEXT_ROOM``, else
    ``SEAM_ROOM``), or None."""
    room = keep - 0.01  # the tiling keeps that room; allow for its rounding
    for path in paths:
        for (x0, y0), (x1, y1) in segments(path):
            if crosses(((x0, y0), (x1, y1)), box, room):
                return f"x = {x0:z.1f} mm" if x0 == x1 else f"y = {y0:z.1f} mm"
    return None
