"""One small SVG page drawn by cairosvg as the build draws a face, for tests that compare
cairosvg's own code with this package's shorter replacements byte for byte."""

from __future__ import annotations

import re

import cairosvg

from generator.render import fonts
from generator.render.cache import cache_root

HEAD = ('<svg xmlns="http://www.w3.org/2000/svg" width="60mm" height="40mm" '
        'viewBox="0 0 60 40" font-family="DejaVu Sans">')


def draw(body: str) -> bytes:
    """The PDF of ``body`` inside ``HEAD``, the fonts pinned as a build pins them, without
    cairo's only clock (its creation date)."""
    fonts.pin(cache_root())
    pdf = cairosvg.svg2pdf(bytestring=(HEAD + body + "</svg>").encode("utf-8"))
    return re.sub(rb"/CreationDate \(D:\d+Z\)", b"", bytes(pdf))
