"""``--to pod --preset tgc|mpc|drivethrucards``: files a print-on-demand shop accepts.

Each piece is matched to one of the vendor's products by its trim size; its faces are
then drawn again at the product's exact size and bleed (the template lays them out, no
image is scaled) as RGB PNGs at the vendor's pixel size (The Game Crafter,
MakePlayingCards), or as one PDF per deck, one face a page of the product's trim and bleed
(2.75 x 3.75 in for a poker card) with TrimBox
and BleedBox, back before front, converted to CMYK PDF/X-1a or X-4 (DriveThruCards). A piece no
product matches is left out and reported, with the products there are. A deck the shop
makes also gets its tuck box, on the smallest of the shop's tuck boxes that holds it and
whose template's panels are known (``panels``), else it is named with the nearest boxes.
"""

from __future__ import annotations

from types import SimpleNamespace

from generator.deck.deckdiff import where
from generator.export import pdfx, raster
from generator.export.base import Export, ExportError
from generator.export.pictures import Picture, pictures
from generator.export.presets import PRESETS, Product, Vendor
from generator.export.profiles import press_profile
from generator.export.tuckbox import TuckBox
from generator.render.build import BuildOptions, render_arts
from generator.render.document import Document, Page, Placement
from generator.render.geometry import Paper, Rect
from generator.render.jobs import Job, jobs
from generator.render.pdfwriter import write_pdf


def export(work: Export) -> None:
    vendor = PRESETS[str(work.options.preset)]
    sizes = {piece.id: where(work.loaded, (*loc, "size"))
             for loc, piece in work.loaded.data.pieces()}
    for job in jobs(work.loaded, 0.0):
        shape = str(job.piece.shape)
        product = vendor.product_for(job.size, job.kind, shape) if job.kind != "die" else None
        if product is None:
            w, h = job.size
            work.skip(job.piece, f"{w:g} x {h:g} mm ({job.kind}, {shape}) matches no "
                                 f"{vendor.title} product; nearest: "
                                 f"{vendor.describe(job.size, shape, job.kind)}",
                      sizes.get(job.piece.id, ""))
            continue
        trim = oriented(product.trim_mm, job.size)
        drawn = pictures(job, product.bleed_mm, trim)
        if vendor.output == "pdfx":
            _deck_pdf(work, vendor, job, product, drawn)
        else:
            _pngs(work, job, product, drawn)
        if job.kind == "card" and shape == "rect":
            _tuck_box(work, vendor, job)
    if not work.files:  # an empty folder would look like success
        names = "; ".join(f"{s.get('where', '')}: {s['piece']}: {s['reason']}"
                          for s in work.skipped)
        raise ExportError(f"no piece of {work.loaded.game_id} matches a {vendor.title} product "
                          f"(nothing was written): {names}")


def oriented(size: tuple[float, float], like: tuple[float, float]) -> tuple[float, float]:
    """``size`` turned to the piece's own orientation (a landscape card stays landscape)."""
    portrait = sorted(size)
    return (portrait[1], portrait[0]) if like[0] > like[1] else (portrait[0], portrait[1])


def _pngs(work: Export, job: Job, product: Product, drawn: list[Picture]) -> None:
    """Each picture at the product's pixel size: drawn with its bleed, cut to the
    template's where its bleed differs per axis (the trim stays in the middle)."""
    px = oriented(product.px, job.size)
    whole = oriented(product.drawn_px, job.size)
    for picture in drawn:
        path = work.staging / f"{picture.stem}.png"
        size = (int(px[0]), int(px[1]))
        path.write_bytes(raster.png(picture.svg, (int(whole[0]), int(whole[1])), product.dpi,
                                    cut=size))
        work.add(path, piece=job.piece.id, face=picture.face, side=picture.side,
                 copies=list(picture.copies), px=list(size), dpi=product.dpi,
                 product=product.name, source=product.source)


def _tuck_box(work: Export, vendor: Vendor, job: Job) -> None:
    """The deck's tuck box on the shop's smallest box that holds it, the words written on
    its template's panels; where none can be drawn, left out with the nearest boxes."""
    cards = job.piece.total()
    product = vendor.tuck_box_for(job.size, cards)
    box_id = f"{job.piece.id}:tuck-box"
    if product is None or product.layout is None:
        nearest = vendor.describe(job.size, "rect", "tuckbox")
        w, h = job.size
        why = (f"no {vendor.title} tuck box with a published panel layout holds {cards} "
               f"cards of {w:g} x {h:g} mm; nearest: {nearest}" if nearest else
               f"{vendor.title} lists no tuck box here (no published size could be read)")
        work.skip(SimpleNamespace(id=box_id), f"{why} (--to tuck makes one to fold at home)")
        return
    box = TuckBox(str(work.loaded.data.game.name), str(job.piece.name), str(job.piece.id),
                  job.size, cards, product.layout)
    path = work.staging / f"{job.piece.id}-tuck-box.png"
    path.write_bytes(raster.png(box.svg(), product.px, product.dpi))
    work.add(path, piece=box_id, face="tuck box", side="outside", copies=[1],
             px=list(product.px), dpi=product.dpi, product=product.name, source=product.source,
             layout=product.layout.source)


def _deck_pdf(work: Export, vendor: Vendor, job: Job, product: Product,
              drawn: list[Picture]) -> None:
    """Every copy as two pages, its back then its front (DriveThruCards' order)."""
    trim = oriented(product.trim_mm, job.size)
    bleed = product.bleed_mm
    paper = Paper(f"{vendor.name}-{product.name}", trim[0] + 2 * bleed, trim[1] + 2 * bleed,
                  margin=0.0)
    doc = Document()
    by_copy = {(p.side, c): p for p in drawn for c in p.copies}
    whole = Rect(0.0, 0.0, paper.w, paper.h)
    cut = whole.outset(-bleed)
    for copy in job.copies:
        sides = ("back", "front") if vendor.back_first else ("front", "back")
        for side in sides:
            page = Page(side, trim=cut, bleed=whole)
            picture = by_copy.get((side, copy.number))
            if picture is not None:
                page.placements.append(Placement(doc.art(picture.svg, picture.stem), whole,
                                                 whole))
            page.items.append({**job.item(copy, side), "trim": cut, "bleed": whole})
            doc.pages.append(page)
    arts, _ = render_arts(doc, BuildOptions())
    title = f"{work.loaded.data.game.name}: {job.piece.name}"
    press = press_profile(work.options.press_profile)
    data = pdfx.convert(write_pdf(doc, arts, paper, title, "none"), title, work.options.pdfx,
                        press)
    path = work.staging / f"{job.piece.id}.pdf"
    path.write_bytes(data)
    work.add(path, piece=job.piece.id, face="all", side="back+front",
             copies=[c.number for c in job.copies], pages=len(doc.pages),
             page_in=[round(paper.w / 25.4, 3), round(paper.h / 25.4, 3)],
             product=product.name, source=product.source, colour=f"CMYK {pdfx.STANDARDS[work.options.pdfx].name}",
             press_profile=press.label())
