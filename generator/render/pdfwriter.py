"""A ``Document`` → PDF bytes with pikepdf.

Every unique SVG was rendered once to a one-page PDF (``cache``); here each becomes one Form
XObject, placed as often as needed with ``q <clip> re W n <matrix> cm /An Do Q``, and the
fonts of all of them become one subset per typeface (``fontmerge``). Crop marks, cut and
fold lines are plain vector strokes in the page's own content. Every page with pieces has
a TrimBox and a BleedBox. Output is byte-stable: the only date is ``SOURCE_DATE_EPOCH``'s
(none when it is unset), a document id derived from the content, resources named in order.
"""

from __future__ import annotations

import io
import math
import os
import threading
import time
from collections.abc import Sequence

import pikepdf
from pikepdf import Array, Dictionary, Name

from generator.files.installed import installed_version
from generator.render.document import (
    GUIDE,
    LINE_STYLES,
    Circle,
    Document,
    Line,
    Page,
    Placement,
    bounds,
)
from generator.render.fontmerge import merge_fonts
from generator.render.geometry import PT_PER_MM, Paper, Rect

HALO = 0.3  # mm of white each line gets beneath it
KAPPA = 4 * (math.sqrt(2) - 1) / 3  # Bézier control distance for a quarter circle


def _num(v: float) -> str:
    text = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


Form = tuple[pikepdf.Object, float, float]  # a face's page as a form, its width, height
Kept = dict[tuple[int, bytes], tuple[pikepdf.Pdf, Form]]
OPENED = threading.local()  # per thread: the faces' PDFs kept open, and those in use


def _kept() -> tuple[Kept, set[tuple[int, bytes]]]:
    faces: Kept = OPENED.__dict__.setdefault("faces", {})
    used: set[tuple[int, bytes]] = OPENED.__dict__.setdefault("used", set())
    return faces, used


def _opened(data: bytes, nth: int) -> Form:
    """The face's page as a form of its own opened PDF, kept open for the next document
    (a watched deck's rebuild opens only the faces it drew again). The ``nth`` face of
    the same bytes in one document has a PDF of its own, as it had when each was opened."""
    kept, used = _kept()
    if (nth, data) not in kept:
        src = pikepdf.open(io.BytesIO(data))
        page = src.pages[0]
        box = [float(v) for v in page.mediabox]
        form = page.as_form_xobject()
        if "/Group" in form:  # cairo's no-op transparency group: it only hurts printing
            del form["/Group"]
        kept[nth, data] = (src, (form, box[2] - box[0], box[3] - box[1]))
    used.add((nth, data))
    return kept[nth, data][1]


def _forget_opened() -> None:
    """Before a document: close the faces the last one did not use (a build of several
    games keeps one game's faces open, not all of them)."""
    kept, used = _kept()
    for key in [key for key in kept if key not in used]:
        kept.pop(key)[0].close()
    used.clear()


class Writer:
    def __init__(self, doc: Document, art_pdfs: Sequence[bytes], paper: Paper) -> None:
        self.doc, self.paper = doc, paper
        self.pdf = pikepdf.new()
        self.forms: list[Form | None] = [None] * len(art_pdfs)
        self.art_pdfs = art_pdfs
        self.opened: dict[bytes, int] = {}  # how many forms of the same bytes so far

    def _form(self, art: int) -> Form:
        found = self.forms[art]
        if found is None:
            data = self.art_pdfs[art]
            self.opened[data] = nth = self.opened.get(data, -1) + 1
            form, width, height = _opened(data, nth)
            found = self.forms[art] = (self.pdf.copy_foreign(form), width, height)
        return found

    def y(self, mm: float) -> float:
        return (self.paper.h - mm) * PT_PER_MM

    def _matrix(self, p: Placement, aw: float, ah: float) -> list[float]:
        """Map the form's [0 0 aw ah] onto the placement's box, turned clockwise."""
        b = p.box
        x0, y0 = b.x * PT_PER_MM, self.y(b.y1)
        bw, bh = b.w * PT_PER_MM, b.h * PT_PER_MM
        if p.turn == 90:
            return [0, -bh / aw, bw / ah, 0, x0, y0 + bh]
        if p.turn == 270:
            return [0, bh / aw, -bw / ah, 0, x0 + bw, y0]
        if p.turn == 180:
            return [-bw / aw, 0, 0, -bh / ah, x0 + bw, y0 + bh]
        return [bw / aw, 0, 0, bh / ah, x0, y0]

    def _rect(self, r: Rect) -> str:
        return " ".join(_num(v) for v in (r.x * PT_PER_MM, self.y(r.y1), r.w * PT_PER_MM,
                                          r.h * PT_PER_MM)) + " re"

    def _placement(self, p: Placement, names: dict[int, str]) -> str:
        form, aw, ah = self._form(p.art)
        name = names.setdefault(p.art, f"A{len(names)}")
        clip = f"{self._rect(p.clip)} W n " if p.clip else ""
        clip += "".join(f"{self._path(Line(GUIDE, o, closed=True))} W n " for o in p.outlines)
        matrix = " ".join(_num(v) for v in self._matrix(p, aw, ah))
        return f"q {clip}{matrix} cm /{name} Do Q"

    def _path(self, shape: Line | Circle) -> str:
        if isinstance(shape, Circle):
            return self._circle(shape)
        pts = [(_num(x * PT_PER_MM), _num(self.y(y))) for x, y in shape.points]
        ops = [f"{pts[0][0]} {pts[0][1]} m"] + [f"{x} {y} l" for x, y in pts[1:]]
        return " ".join(ops) + (" h" if shape.closed else "")

    def _circle(self, c: Circle) -> str:
        cx, cy, r = c.centre[0] * PT_PER_MM, self.y(c.centre[1]), c.radius * PT_PER_MM
        k = r * KAPPA
        quarters = [((cx + r, cy + k), (cx + k, cy + r), (cx, cy + r)),
                    ((cx - k, cy + r), (cx - r, cy + k), (cx - r, cy)),
                    ((cx - r, cy - k), (cx - k, cy - r), (cx, cy - r)),
                    ((cx + k, cy - r), (cx + r, cy - k), (cx + r, cy))]
        ops = [f"{_num(cx + r)} {_num(cy)} m"]
        ops += [" ".join(f"{_num(x)} {_num(y)}" for x, y in q) + " c" for q in quarters]
        return " ".join(ops) + " h"

    def _lines(self, shapes: Sequence[Line | Circle]) -> list[str]:
        out = []
        for style in sorted({s.style for s in shapes}):
            width, dash = LINE_STYLES[style]
            dashes = " ".join(_num(d * PT_PER_MM) for d in dash)
            paths = " ".join(self._path(s) for s in shapes if s.style == style)
            # a white halo under each line keeps it visible on dark art (tiles, chips)
            halo = _num((width + HALO) * PT_PER_MM)
            out.append(f"q 1 G {halo} w 0 J [] 0 d {paths} S Q")
            out.append(f"q 0 G {_num(width * PT_PER_MM)} w 0 J [{dashes}] 0 d {paths} S Q")
        return out

    def page(self, page: Page) -> None:
        names: dict[int, str] = {}
        ops = [self._placement(p, names) for p in page.placements]
        ops += self._lines(page.lines)
        if page.overlay is not None:
            full = Rect(0, 0, self.paper.w, self.paper.h)
            ops.append(self._placement(Placement(page.overlay, full), names))
        size = [0, 0, *(round(v, 4) for v in (self.paper.w * PT_PER_MM,
                                              self.paper.h * PT_PER_MM))]
        pdf_page = pikepdf.Page(Dictionary(Type=Name.Page, MediaBox=Array(size)))
        if ops:  # a blank page has no content stream: an empty one is no valid stream to RIPs
            pdf_page.obj.Contents = self.pdf.make_stream("\n".join(ops).encode("ascii"))
        xobjects = Dictionary({f"/{n}": self._form(a)[0] for a, n in names.items()})
        pdf_page.obj.Resources = Dictionary(XObject=xobjects)
        boxes = page_boxes(page, self.paper)
        if boxes is not None:
            pdf_page.obj.TrimBox = Array(boxes[0].to_pt(self.paper.h))
            pdf_page.obj.BleedBox = Array(boxes[1].to_pt(self.paper.h))
        else:  # a page without pieces (contents, blank, registration) is trimmed at the paper
            pdf_page.obj.TrimBox = pdf_page.obj.BleedBox = Array(size)
        self.pdf.pages.append(pdf_page)

    def save(self, title: str, duplex: str) -> bytes:
        merge_fonts(self.pdf, self.placed())
        return self.finish(title, duplex)

    def placed(self) -> list[pikepdf.Object]:
        """The form of every art placed so far, in the arts' order."""
        return [form for form, _, _ in filter(None, self.forms)]

    def finish(self, title: str, duplex: str) -> bytes:
        """The document's bytes, its fonts merged."""
        mode = {"long": Name.DuplexFlipLongEdge, "short": Name.DuplexFlipShortEdge}
        prefs = Dictionary(PrintScaling=Name("/None"), Duplex=mode.get(duplex, Name.Simplex))
        self.pdf.Root.ViewerPreferences = prefs
        self.pdf.docinfo = self.pdf.make_indirect(document_info(title))
        out = io.BytesIO()
        self.pdf.save(out, deterministic_id=True, compress_streams=True,
                      object_stream_mode=pikepdf.ObjectStreamMode.generate)
        return out.getvalue()


def page_boxes(page: Page, paper: Paper) -> tuple[Rect, Rect] | None:
    """(TrimBox, BleedBox) of a page that holds pieces: the planner's, or the bounds of its
    pieces, kept on the paper and nested (trim inside bleed)."""
    trim = page.trim or bounds([item["trim"] for item in page.items])
    bleed = page.bleed or bounds([item["bleed"] for item in page.items])
    if trim is None or bleed is None:
        return None
    paper_rect = Rect(0.0, 0.0, paper.w, paper.h)
    bleed = bleed.intersection(paper_rect) or bleed
    return (trim.intersection(bleed) or trim, bleed)


def pdf_date(epoch: int) -> str:
    return time.strftime("D:%Y%m%d%H%M%SZ", time.gmtime(epoch))


def document_info(title: str) -> Dictionary:
    """Title, Creator, Producer and, when ``SOURCE_DATE_EPOCH`` is set, its date as the
    creation and modification dates (reproducible builds: never the clock)."""
    installed = installed_version("copperplate")  # None: a source tree never installed
    producer = f"copperplate {installed}" if installed else "copperplate"
    info = Dictionary(Title=pikepdf.String(title), Creator=pikepdf.String("copperplate"),
                      Producer=pikepdf.String(producer))
    epoch = source_date_epoch()
    if epoch is not None:
        info.CreationDate = info.ModDate = pikepdf.String(pdf_date(epoch))
    return info


def source_date_epoch() -> int | None:
    """``SOURCE_DATE_EPOCH`` as seconds, None when unset; a value that is not a whole number
    of seconds is a usage mistake named in one line."""
    value = os.environ.get("SOURCE_DATE_EPOCH")
    if value is None or value == "":
        return None
    if not value.isdigit():
        from generator.render.errors import BuildError

        raise BuildError(f"SOURCE_DATE_EPOCH='{value}' is not a number of seconds")
    return int(value)


def write_pdf(doc: Document, art_pdfs: Sequence[bytes], paper: Paper, title: str,
              duplex: str) -> bytes:
    return assembled(doc, art_pdfs, paper).save(title, duplex)


def assembled(doc: Document, art_pdfs: Sequence[bytes], paper: Paper) -> Writer:
    """Every page of ``doc`` laid out, its fonts not merged yet."""
    _forget_opened()
    writer = Writer(doc, art_pdfs, paper)
    for page in doc.pages:
        writer.page(page)
    return writer
