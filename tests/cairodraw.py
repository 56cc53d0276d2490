"""One small SVG page drawn by cairosvg as the build draws a face, for tests that compare
cairosvg's own code with this package's shorter replacements byte for byte."""

from __future__ import annotations

import re
from collections.abc import Callable

import cairosvg

from generator.render import fonts
from generator.render.cachedir import cache_root

HEAD = ('<svg xmlns="http://www.w3.org/2000/svg" width="60mm" height="40mm" '
        'viewBox="0 0 60 40" font-family="DejaVu Sans">')


def _cairosvg(svg: bytes) -> bytes:
    return bytes(cairosvg.svg2pdf(bytestring=svg))


def draw(body: str, convert: Callable[[bytes], bytes] = _cairosvg) -> bytes:
    """The PDF of ``body`` inside ``HEAD`` (drawn by ``convert``, cairosvg's own by
    default), the fonts pinned as a build pins them, without cairo's only clock (its
    creation date)."""
    fonts.pin(cache_root())
    pdf = convert((HEAD + body + "</svg>").encode("utf-8"))
    return re.sub(rb"/CreationDate \(D:\d+Z\)", b"", bytes(pdf))
