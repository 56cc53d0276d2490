"""Whether a drawn face's SVG is sound, judged once per text, the lint's tree kept.

A face is judged by its lint's marked drawing when that is what it prints with the marks
taken off, and the tree that parse builds is kept for the lint to read (``PARSED``): so
each face is parsed once for the check (``validate``'s and the build's) and the lint.
"""

from __future__ import annotations

from generator.data.components import LoadedGame
from generator.render.decoding import Undecodable, parse
from generator.render.marks import unmarked

PARSED = "parsed"  # loaded.drawn[(PARSED, marked SVG)]: its XML tree, for the lint to take
# an SVG's text -> why it is refused (None: it is not). Keyed by the text itself, not a
# digest of it: the drawings are kept as dict keys already (their hash is worked out
# once), and a sha256 of every face cost about 1 % of a cold validate's instructions
REFUSED: dict[str, str | None] = {}
KEPT_CHARS = 8 << 20  # at most this many characters of SVG text kept as keys
_kept = [0]  # characters kept now


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
    if REFUSED.get(marked, "") is None:  # known sound (a watched deck's unchanged faces)
        return None
    try:
        loaded.drawn[(PARSED, marked)] = parse(marked)
    except Undecodable:
        return refused(svg)
    _remember(marked, None)
    return None


def refused(svg: str) -> str | None:
    """Why ``parse`` refuses the SVG, or None; asked once per SVG text (a watched deck's
    unchanged faces are the same text on every save)."""
    if svg not in REFUSED:
        try:
            parse(svg)
            _remember(svg, None)
        except Undecodable as exc:
            _remember(svg, exc.message)
    return REFUSED[svg]


def _remember(svg: str, found: str | None) -> None:
    if len(REFUSED) >= 4096 or _kept[0] + len(svg) > KEPT_CHARS:
        REFUSED.clear()
        _kept[0] = 0
    REFUSED[svg] = found
    _kept[0] += len(svg)
