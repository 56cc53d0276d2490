"""cairosvg lays out every ``<text>`` and ``<tspan>`` twice; here the first pass is skipped
when nothing can ever paint what it makes.

cairosvg's ``Surface.draw`` calls ``text`` once to trace the letters' outlines into the
current path (``text_path``, letter by letter), then, to fill, puts the text cursor back
where it was and calls it again to show the letters, then strokes the path. The first
pass matters only to that stroke (and to a gradient's bounding box, and to a clip path,
which is drawn without filling). Where the stroke's colour is fully transparent cairo
paints nothing for it, so the traced outlines are thrown away unseen (drawing the bundled
games' faces, 15 % of cairosvg's instructions). The first pass is skipped exactly then — visible
text, filled and stroked as usual, with a stroke that resolves to no colour and a fill
that is no gradient or pattern — and so the same PDF comes out, byte for byte, in a
fraction of the time (a test draws faces both ways and compares the bytes).

Installed for the cairosvg series it was checked against (``CHECKED``); under any other
cairosvg every pass is drawn as before.
"""

from __future__ import annotations

from typing import Any

from generator.render.cairotext import replace_text

CHECKED = "2.9."  # the cairosvg series whose Surface.draw calls text() as described above


def install() -> bool:
    """Put the skipping ``text`` in cairosvg's place (once; idempotent). Whether it is in."""
    import cairosvg
    import cairosvg.surface

    if not cairosvg.__version__.startswith(CHECKED):
        return False
    original = cairosvg.surface.text
    if getattr(original, "skips_outline", False):
        return True
    replace_text(_skipping(original))
    return True


def _skipping(original: Any) -> Any:
    def text(surface: Any, node: Any, draw_as_text: bool = False) -> None:
        if not draw_as_text and node.tag in ("text", "tspan") and unseen_outline(surface, node):
            return None  # draw() puts the cursor back and calls again to show the letters
        return original(surface, node, draw_as_text)

    text.skips_outline = True  # type: ignore[attr-defined]
    text.original = original  # type: ignore[attr-defined]  # cairosvg's own, every pass
    return text


def unseen_outline(surface: Any, node: Any) -> bool:
    """Whether the outline pass of ``node`` cannot show: draw() will fill it as text and
    stroke the traced path with a fully transparent colour, and no gradient or pattern
    needs the bounding box the pass leaves behind."""
    from cairosvg.helpers import paint

    if not surface.stroke_and_fill:  # a clip path: the traced outline is the clip
        return False
    if node.get("display", "inline") == "none" or node.get("visibility", "visible") == "hidden":
        return False
    if paint(node.get("fill", "black"))[0] is not None:  # a gradient sized to the text
        return False
    source, colour = paint(node.get("stroke"))
    if source is not None:
        return False
    return bool(surface.map_color(colour, float(node.get("stroke-opacity", 1)))[3] == 0)
