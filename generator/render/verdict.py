"""Whether a drawn face's SVG is sound, judged once per text, the lint's tree kept.

A face is judged by its lint's marked drawing when that is what it prints with the marks
taken off, and the tree that parse builds is kept for the lint to read (``PARSED``): so
each face is parsed once for the check (``validate``'s and the build's) and the lint.
"""

from __future__ import annotations

import hashlib

from generator.data.components import LoadedGame
from generator.render.decoding import Undecodable, parse
from generator.render.marks import unmarked

PARSED = "parsed"  # loaded.drawn[(PARSED, marked SVG)]: its XML tree, for the lint to take
REFUSED: dict[bytes, str | None] = {}  # an SVG's digest -> why it is refused (None: it is not)


def unmarked_once(loaded: LoadedGame, marked: str) -> str | None:
    """``unmarked(marked)``, taken off once per marked drawing of the game loaded (the
    check after drawing asks again for each face that shares the drawing)."""
    key = ("unmarked", marked)
    if key not in loaded.drawn:
        loaded.drawn[key] = unmarked(marked)
    found = loaded.drawn[key]
    return found if isinstance(found, str) else None


def verdict(loaded: LoadedGame, svg: str, marked: str | None) -> str | None:
    """Why the printed SVG is refused, or None. When it is the lint's marked drawing with
    the marks taken off, the marked drawing is parsed instead and its tree kept for the lint
    (``PARSED``), so each face is parsed once for both: taking `` data-src="…"`` out of a
    start tag (or out of a comment, CDATA or instruction) cannot make XML that parses fail,
    nor change its DTD, depth or what its ``<use>`` draw. A refused marked drawing is judged
    again as printed, for the printed drawing's own message."""
    if marked is None or unmarked_once(loaded, marked) != svg:
        return refused(svg)
    key = _digest(marked)
    if REFUSED.get(key, "") is None:  # known sound (a watched deck's unchanged faces)
        return None
    try:
        loaded.drawn[(PARSED, marked)] = parse(marked)
    except Undecodable:
        return refused(svg)
    _remember(key, None)
    return None


def refused(svg: str) -> str | None:
    """Why ``parse`` refuses the SVG, or None; asked once per SVG text (a watched deck's
    unchanged faces are the same text on every save)."""
    key = _digest(svg)
    if key not in REFUSED:
        try:
            parse(svg)
            _remember(key, None)
        except Undecodable as exc:
            _remember(key, exc.message)
    return REFUSED[key]


def _remember(key: bytes, found: str | None) -> None:
    if len(REFUSED) >= 4096:
        REFUSED.clear()
    REFUSED[key] = found


def _digest(svg: str) -> bytes:
    return hashlib.sha256(svg.encode("utf-8")).digest()
