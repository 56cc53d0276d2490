"""``build --stamp``: a small version stamp on every printed face that has room for it.

The stamp names the piece, the deck's variant (or "rulebook") and a short hash of what the
face prints (``reprint.short_hash``), so a reprinted card is told from the one it replaces
at a glance (the same hash the manifest keeps, ``build --changed-since``). It is set in
``STAMP_SIZE`` mm type (7 pt, the smallest the print lint passes) in the band between the
trim and the safe line along the bottom edge of rectangular faces at least ``MIN_WIDTH``
mm wide, in near black or white, whichever stands out more from what it is printed on.
A face without that band, or whose band holds text or a declared symbol the stamp would
touch, is left as it is (small chips and round pieces have no such band). The print lint
reads stamped faces as printed (``lint.faces``, ``build --stamp``).
"""

from __future__ import annotations

import hashlib
from html import escape
from typing import Any

from generator.render.colour import contrast
from generator.render.drawn import read, runs_off
from generator.render.geometry import Rect

STAMP_SIZE = 2.47  # mm: 7 pt, the smallest the print lint passes
MIN_WIDTH = 40.0
INKS = ("#1a1a1a", "#ffffff")  # near black or white: the one that stands out more
TOUCH = 0.15  # mm both ways before two boxes touch (as the print lint counts it)
DEFAULT_SAFE = 3.0
HASH_LEN = 10
STAMP_MARK = 'data-stamp="1"'  # on the stamp's text: the lint knows it for the stamp


def short_hash(text: str) -> str:
    """The first ``HASH_LEN`` hex digits of the SHA-256 of ``text``: a face's identity."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:HASH_LEN]


def stamp_text(loaded: Any, piece: Any, svg: str) -> str:
    game = loaded.data.game
    variant = game.variant.name if game.variant is not None else "rulebook"
    return f"{piece.name} · {variant} · {short_hash(svg)}"


def stamped(svg: str, loaded: Any, piece: Any, size: tuple[float, float]) -> str:
    """``svg`` with its stamp, or unchanged when the face has no band for one."""
    w, h = size
    safe = DEFAULT_SAFE if piece.safe_mm is None else float(piece.safe_mm)
    if piece.shape != "rect" or w < MIN_WIDTH or safe < STAMP_SIZE:
        return svg
    end = svg.rfind("</svg>")
    if end < 0:
        return svg
    baseline = h - (safe - STAMP_SIZE * 0.72) / 2  # cap height centred in the band
    text = (f'<text x="{w / 2:.3f}" y="{baseline:.3f}" font-family="DejaVu Sans" '
            f'font-size="{STAMP_SIZE}" text-anchor="middle" fill="{INKS[0]}" '
            f'{STAMP_MARK}>{escape(stamp_text(loaded, piece, svg))}</text>')
    drawing = read(svg[:end] + text + svg[end:])
    stamp, others = drawing.lines[-1], drawing.lines[:-1]  # the stamp is drawn last
    if (stamp.box.x < safe or stamp.box.x1 > w - safe or runs_off(drawing, stamp, size)
            or any(_touch(stamp.box, box) for box in [o.box for o in others]
                   + [box for box, _ in drawing.areas])):
        return svg  # no free room in the band, or not on one ground
    ink = max(INKS, key=lambda c: contrast(c, stamp.background))
    return svg[:end] + text.replace(f'fill="{INKS[0]}"', f'fill="{ink}"') + svg[end:]


def _touch(a: Rect, b: Rect) -> bool:
    cut = a.intersection(b)
    return cut is not None and cut.w > TOUCH and cut.h > TOUCH
