"""cairosvg's ``text`` with less Python per letter: the same cairo calls, with the same numbers.

cairosvg lays a text out letter by letter (35,412 letters in the five games' faces): for
each, its extents, then ``save``, ``move_to``, two ``rel_move_to``, ``rotate``,
``show_text`` (or ``text_path``) and ``restore``, each through a cairocffi method, and the
text's bounding box grown by two points through a general helper. Here the letters of a
text that follows no path (``textPath``, or an ``href``) are laid out by a port of the same
loop that calls cairo's C functions directly, asks cairo for each distinct letter's
extents once per text (every letter of one text is measured in one state: same font, same
size, same matrix), and grows the bounding box with the same arithmetic inline. cairo is
asked the context's status once at the end of the text (cairocffi asks after every call:
an error is sticky, so it is still raised, as the same exception). A text along a path is
drawn by cairosvg's own ``text``. cairo receives the same calls with the same arguments,
so the same PDF comes out, byte for byte (a test draws texts both ways and compares).

Installed for the cairosvg and cairocffi series it was checked against (``CHECKED``).
"""

from __future__ import annotations

from math import inf, isinf, radians
from typing import Any

from generator.render.cairodirect import CHECKED, _encoded, _extents


def install() -> bool:
    """Put the faster ``text`` in cairosvg's place (once; before ``textpass.install``,
    which wraps whatever ``text`` it finds). Whether it is in."""
    import cairocffi  # type: ignore[import-untyped]
    import cairosvg
    import cairosvg.surface

    if not (cairosvg.__version__.startswith(CHECKED["cairosvg"])
            and cairocffi.VERSION.startswith(CHECKED["cairocffi"])):
        return False
    current = cairosvg.surface.text
    if getattr(current, "fast_letters", False) or getattr(current, "skips_outline", False):
        return bool(getattr(getattr(current, "original", current), "fast_letters", False))
    replace_text(_faster(current))
    return True


def replace_text(text: Any) -> None:
    """``text`` in cairosvg's place: ``Surface.draw`` compares ``TAGS[tag]`` with its own
    name ``text`` to know a text, so both are replaced."""
    import cairosvg.surface

    cairosvg.surface.text = text
    for tag in ("text", "tspan", "textPath"):
        cairosvg.surface.TAGS[tag] = text


def _faster(original: Any) -> Any:
    import cairosvg.text as own  # its helpers as cairosvg's text finds them (``cairoshort``
    # puts a remembering ``normalize`` there)

    def text(surface: Any, node: Any, draw_as_text: bool = False) -> None:
        if node.get_href() or node.parent.get_href():  # along a path: cairosvg's own
            return original(surface, node, draw_as_text)
        return _text(surface, node, draw_as_text, own.normalize, own.size)

    text.fast_letters = True  # type: ignore[attr-defined]
    text.original = original  # type: ignore[attr-defined]  # cairosvg's own
    return text


def _text(surface: Any, node: Any, draw_as_text: bool, normalize: Any, size: Any) -> None:
    """cairosvg 2.9's ``text`` for a node that follows no path, line for line in effect."""
    import cairocffi

    context = surface.context
    family = (node.get("font-family") or "sans-serif").split(",")[0].strip("\"' ")
    slant = getattr(cairocffi, f'font_slant_{node.get("font-style")}'.upper(),
                    cairocffi.FONT_SLANT_NORMAL)
    weight = node.get("font-weight")
    if weight and weight.isdigit() and int(weight) >= 550:
        weight = "bold"
    weight = getattr(cairocffi, f"font_weight_{weight}".upper(), cairocffi.FONT_WEIGHT_NORMAL)
    context.select_font_face(family, slant, weight)
    context.set_font_size(surface.font_size)
    ascent, descent, _, max_x_advance, max_y_advance = context.font_extents()
    spacing = size(surface, node.get("letter-spacing"))
    x_bearing, y_bearing, width, height = context.text_extents(node.text)[:4]

    def listed(name: str, axis: str) -> list[float]:
        return [size(surface, i, axis) for i in normalize(node[name]).strip().split(" ")]

    xs = listed("x", "x") if "x" in node else []
    ys = listed("y", "y") if "y" in node else []
    dxs = listed("dx", "x") if "dx" in node else []
    dys = listed("dy", "y") if "dy" in node else []
    turns = ([radians(float(i)) if i else 0 for i in normalize(node["rotate"]).strip().split(" ")]
             if "rotate" in node else [0])
    last_turn = turns[-1]
    x_align, y_align = _alignment(node, x_bearing, y_bearing, width, height, spacing,
                                  ascent, descent, max_x_advance, max_y_advance)
    letters = node.text
    if not letters:
        x = xs[0] if xs else surface.cursor_position[0]
        y = ys[0] if ys else surface.cursor_position[1]
        dx = dxs[0] if dxs else 0
        dy = dys[0] if dys else 0
        surface.cursor_position = (x + dx, y + dy)
        return
    cairo, struct = _extents()
    pointer = context._pointer
    draw = cairo.cairo_show_text if draw_as_text else cairo.cairo_text_path
    save, restore, move_to = cairo.cairo_save, cairo.cairo_restore, cairo.cairo_move_to
    rel_move_to, rotate = cairo.cairo_rel_move_to, cairo.cairo_rotate
    measure = cairo.cairo_text_extents
    measured: dict[str, tuple[float, float]] = {}
    d = surface.cursor_d_position
    minx, miny, box_w, box_h = inf, inf, 0.0, 0.0
    for i, letter in enumerate(letters):
        at_x = xs.pop(0) if xs else None
        at_y = ys.pop(0) if ys else None
        step_x = dxs.pop(0) if dxs else None
        step_y = dys.pop(0) if dys else None
        turn = turns.pop(0) if turns else None
        if at_x:
            d[0] = 0
        if at_y:
            d[1] = 0
        d[0] += step_x or 0
        d[1] += step_y or 0
        if letter not in measured:
            measure(pointer, _encoded(letter), struct)
            measured[letter] = (struct.x_advance, struct.height)
        advance, tall = measured[letter]
        save(pointer)
        x = surface.cursor_position[0] if at_x is None else at_x
        y = surface.cursor_position[1] if at_y is None else at_y
        if i:
            x += spacing
        move_to(pointer, x, y)
        cursor = (x + advance, y)
        rel_move_to(pointer, d[0], d[1])
        rel_move_to(pointer, x_align, y_align)
        rotate(pointer, last_turn if turn is None else turn)
        x0, y0 = cursor[0] + x_align + d[0], cursor[1] + y_align + d[1]
        x1, y1 = cursor[0] + x_align + advance + d[0], cursor[1] + y_align + tall + d[1]
        # cairosvg's extend_bounding_box, the same operations in the same order
        maxx = -inf if isinf(minx) else minx + box_w
        maxy = -inf if isinf(miny) else miny + box_h
        minx, miny, maxx, maxy = min(minx, x0, x1), min(miny, y0, y1), max(maxx, x0, x1), \
            max(maxy, y0, y1)
        box_w, box_h = maxx - minx, maxy - miny
        if not letter.isspace():  # cairosvg's workaround for a bug in cairo
            draw(pointer, _encoded(letter))
        restore(pointer)
        surface.cursor_position = cursor
    context._check_status()  # cairocffi's check after each call: an error is sticky
    if not isinf(minx + miny):
        node["text_bounding_box"] = (minx, miny, box_w, box_h)


def _alignment(node: Any, x_bearing: float, y_bearing: float, width: float, height: float,
               spacing: float, ascent: float, descent: float, max_x_advance: float,
               max_y_advance: float) -> tuple[float, float]:
    """cairosvg's ``text-anchor`` and baseline offsets of a text."""
    x_align: float = 0
    y_align: float = 0
    anchor = node.get("text-anchor")
    if anchor == "middle":
        x_align = - (width / 2 + x_bearing)
        if spacing and node.text:
            x_align -= (len(node.text) - 1) * spacing / 2
    elif anchor == "end":
        x_align = - (width + x_bearing)
        if spacing and node.text:
            x_align -= (len(node.text) - 1) * spacing
    if max_x_advance > 0 and max_y_advance == 0:
        display_anchor = node.get("display-anchor")
        baseline = node.get("dominant-baseline") or node.get("alignment-baseline")
        if display_anchor == "middle":
            y_align = -height / 2 - y_bearing
        elif display_anchor == "top":
            y_align = -y_bearing
        elif display_anchor == "bottom":
            y_align = -height - y_bearing
        elif baseline in ("central", "middle"):
            y_align = (ascent + descent) / 2 - descent
        elif baseline in ("text-before-edge", "before_edge", "top", "hanging", "text-top"):
            y_align = ascent
        elif baseline in ("text-after-edge", "after_edge", "bottom", "text-bottom"):
            y_align = -descent
    return x_align, y_align
