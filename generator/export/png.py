"""``--to png``: one PNG per distinct face and back at ``--dpi`` (300), with or without
its bleed, named by piece and face; boards as one image each (at a lower dpi when 300
would pass cairo's limit, recorded per file). Round and hexagonal pieces keep their
transparent corners; the rest are RGB on white."""

from __future__ import annotations

from generator.export import raster
from generator.export.base import Export
from generator.export.pictures import pictures
from generator.render.jobs import jobs


def export(work: Export) -> None:
    for job in jobs(work.loaded, 3.0):
        bleed = job.bleed if work.options.bleed else 0.0
        for picture in pictures(job, bleed):
            dpi = raster.fitting_dpi(picture.extent_mm, work.options.dpi)
            px = raster.pixels(picture.extent_mm, dpi)
            path = work.staging / f"{picture.stem}.png"
            path.write_bytes(raster.png(picture.svg, px, dpi,
                                        alpha=job.piece.shape != "rect"))
            work.add(path, piece=job.piece.id, face=picture.face, side=picture.side,
                     copies=list(picture.copies), px=list(px), dpi=dpi)
