"""Printer-friendly ink: every face's SVG with its colours lightened (``saver``) or turned to
greys (``bw``) before it is drawn, so one template serves every printer.

What a colour is for decides what becomes of it:

- a full-bleed flood (a rectangle over the whole face), or a panel over most of it (a
  back's field inside its border), becomes white with a band of its pale colour round its
  edge (or its own outline): no flood cockles the paper, the colour still tells pieces
  apart;
- any other filled shape (a band, a building) is tinted towards white, keeping ``TINT`` of
  its ink; a background wash that ends up barely off-white (``WASH``) is left white;
- text stays dark: text lighter than ``DARK_TEXT`` (white on a dark band) turns near black,
  since the band behind it is now pale;
- strokes (outlines, grid lines, thin rules) keep their colour: they hold little ink and
  say where to write and cut.

``bw`` first turns each colour into the grey of the same luminance (pieces told apart by
hue alone need a printed letter or symbol: the colour-blind lint asks for one), then
lightens as ``saver`` does. Images are left as they are.
"""

from __future__ import annotations

import re

from generator.render.colour import luminance, parse_colour

INKS = ("full", "saver", "bw")
TINT = 0.3  # of a fill's ink kept by ``saver`` and ``bw``
DARK_TEXT = 0.2  # luminance above which text is turned dark
NEAR_BLACK = "#1a1a1a"
KEEP = 'data-ink="keep"'
WASH = 0xEB  # a tinted fill with every channel this light is left white
TAG = re.compile(r"<([a-zA-Z][\w:-]*)(\s[^<>]*?)?(/?)>")
PAINT = re.compile(r'\b(fill|stroke|stop-color)="([^"]*)"')
TEXT_TAGS = ("text", "tspan", "textPath")
VIEWBOX = re.compile(r'<svg\b[^>]*\bviewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"')
GEOMETRY = re.compile(r'(?<![\w-])(x|y|width|height)="([^"]*)"')  # not stroke-width
RINGS = {"circle": "circle", "hex": "polygon"}  # a piece's shape: what its flood becomes
FRAME = 1.5  # mm of a flood's colour kept inside the trim, as a band round the face
PANEL = 0.8  # of the trim: a rectangle this big is a flood (a back's field in its border)


def ink_svg(svg: str, ink: str, shape: str = "rect") -> str:
    """``svg`` as printed with ``ink`` (``full`` leaves it untouched, byte for byte); the
    face of a round or six-sided piece (``shape``) keeps a flood's band on its outline."""
    if ink == "full" or KEEP in svg:  # registration marks stay black for the sensor
        return svg
    if ink not in INKS:
        raise ValueError(f"ink '{ink}': expected one of {', '.join(INKS)}")
    box = VIEWBOX.search(svg)
    whole = tuple(float(v) for v in box.groups()) if box else None
    return TAG.sub(lambda tag: _tag(tag, ink == "bw", whole, shape), svg)


def _tag(tag: re.Match[str], grey: bool, whole: tuple[float, ...] | None,
         shape: str = "rect") -> str:
    name, attributes, close = tag.group(1), tag.group(2), tag.group(3)
    if not attributes:
        return tag.group(0)
    text = name in TEXT_TAGS
    attributes = PAINT.sub(lambda paint: _paint(paint, text, grey), attributes)
    if name == "rect" and whole is not None and _covers(attributes, whole) and shape in RINGS:
        name, attributes = RINGS[shape], _ring(attributes, whole, shape)
    elif name == "rect" and whole is not None and _covers(attributes, whole):
        attributes = _frame(attributes, -whole[0])
    elif name == "rect" and whole is not None and _panel(attributes, whole):
        attributes = _field(attributes)
    return f"<{name}{attributes}{close}>"


def _covers(attributes: str, whole: tuple[float, ...]) -> bool:
    """A rectangle over the whole face, bleed and all: a flood."""
    box = _rect(attributes)
    return box is not None and all(abs(a - b) < 0.01 for a, b in zip(box, whole, strict=True))


def _panel(attributes: str, whole: tuple[float, ...]) -> bool:
    """A rectangle over ``PANEL`` of the trim or more (a back's field inside its border):
    a flood too, however it is framed."""
    box = _rect(attributes)
    bleed = -whole[0]
    trim = (whole[2] - 2 * bleed) * (whole[3] - 2 * bleed)
    return box is not None and trim > 0 and box[2] * box[3] >= PANEL * trim


def _rect(attributes: str) -> tuple[float, ...] | None:
    found = {k: v for k, v in GEOMETRY.findall(attributes)}
    try:
        return tuple(float(found.get(k, "0")) for k in ("x", "y", "width", "height"))
    except ValueError:  # a percentage, say: not a flood this recognises
        return None


def _frame(attributes: str, bleed: float) -> str:
    """A flood turned into a white face with a band of its (pale) colour round the trim,
    ``FRAME`` mm wide inside it: the colour that tells pieces apart stays, the ink goes."""
    pattern = re.search(r'\bfill="url\([^"]*\)"', attributes)
    if pattern is not None:  # a gradient flood: the face's colour is in its bands
        return attributes.replace(pattern.group(0), 'fill="#ffffff"')
    fill = re.search(r'\bfill="(#[0-9a-f]{6})"', attributes)
    if fill is None or "stroke=" in attributes:
        return attributes
    width = 2 * (bleed + FRAME)
    return (attributes.replace(fill.group(0), 'fill="#ffffff"')
            + f' stroke="{fill.group(1)}" stroke-width="{width:.3f}"')


def _ring(attributes: str, whole: tuple[float, ...], shape: str) -> str:
    """A round or six-sided piece's flood: white inside its outline, with a ring of its
    (pale) colour from ``FRAME`` mm inside the cut out to the bleed's edge, drawn along
    the outline; the square's corners, outside the bleed, get no ink (a gradient's
    face turns white, its bands keep the colour)."""
    bleed = -whole[0]
    w, h = whole[2] - 2 * bleed, whole[3] - 2 * bleed
    fill = re.search(r'\bfill="(#[0-9a-f]{6})"', attributes)
    grow = bleed if fill is None else (bleed - FRAME) / 2  # the ring's middle line
    paint = ' fill="#ffffff"' + ("" if fill is None else
                                 f' stroke="{fill.group(1)}" stroke-width="{bleed + FRAME:.3f}"')
    if shape == "circle":
        r = min(w, h) / 2 + grow
        return f' cx="{w / 2:.3f}" cy="{h / 2:.3f}" r="{r:.3f}"{paint}'
    # a hexagon with points left and right (h = w * sqrt(3) / 2), grown by ``grow`` all round
    k = (h / 2 + grow) / (h / 2)
    points = " ".join(f"{w / 2 + (x - w / 2) * k:.3f},{h / 2 + (y - h / 2) * k:.3f}" for x, y in
                      ((0, h / 2), (w / 4, 0), (3 * w / 4, 0), (w, h / 2), (3 * w / 4, h),
                       (w / 4, h)))
    return f' points="{points}"{paint}'


def _field(attributes: str) -> str:
    """A panel over most of the face made white: its own outline, or a band of its pale
    colour round its edge, keeps the colour."""
    if "stroke=" not in attributes:
        return _frame(attributes, 0.0)
    return re.sub(r'\bfill="#[0-9a-f]{6}"', 'fill="#ffffff"', attributes)


def _paint(paint: re.Match[str], text: bool, grey: bool) -> str:
    kind, value = paint.group(1), paint.group(2)
    colour = parse_colour(value)
    if colour is None:  # none, currentColor, a gradient's url(#…): left to what it names
        return paint.group(0)
    if grey:
        colour = to_grey(colour)
    if text and kind == "fill":
        colour = NEAR_BLACK if luminance(colour) > DARK_TEXT else colour
    elif kind != "stroke":
        colour = tint(colour, TINT)
        if min(int(colour[i:i + 2], 16) for i in (1, 3, 5)) >= WASH:
            colour = "#ffffff"  # a wash that pale only spreads ink over the sheet
    return f'{kind}="{colour}"'


def tint(colour: str, keep: float) -> str:
    """``colour`` with ``keep`` of its ink: each channel moved towards white."""
    channels = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(255 - (255 - c) * keep):02x}" for c in channels)


def to_grey(colour: str) -> str:
    """The grey of the same relative luminance (sRGB)."""
    y = luminance(colour)
    v = 12.92 * y if y <= 0.0031308 else 1.055 * y ** (1 / 2.4) - 0.055
    level = round(max(0.0, min(1.0, v)) * 255)
    return f"#{level:02x}{level:02x}{level:02x}"
