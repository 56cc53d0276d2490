"""``build --stamp``: a small version stamp on every printed face that has room for it.

The stamp names the piece, the deck's variant (or "rulebook") and a short hash of what the
face prints (``reprint.short_hash``), so a reprinted card is told from the one it replaces
at a glance (the same hash the manifest keeps, ``build --changed-since``). It is set in ``STAMP_SIZE`` mm grey type in the band between the trim and the
safe line along the bottom edge of rectangular faces at least ``MIN_WIDTH`` mm wide (small
chips and round pieces have no such band); a face without that band is left as it is.
"""

from __future__ import annotations

import hashlib
from html import escape
from typing import Any

STAMP_SIZE = 2.2  # mm: 6.2 pt, the smallest the print lint passes
MIN_WIDTH = 40.0
INK = "#6b6b6b"
DEFAULT_SAFE = 3.0
HASH_LEN = 10


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
            f'font-size="{STAMP_SIZE}" text-anchor="middle" fill="{INK}" '
            f'data-stamp="1">{escape(stamp_text(loaded, piece, svg))}</text>')
    return svg[:end] + text + svg[end:]
