"""Colours as templates write them, and the contrast ratio between two of them (WCAG 2)."""

from __future__ import annotations

import re

NAMED = {"black": "#000000", "white": "#ffffff", "red": "#ff0000", "green": "#008000",
         "blue": "#0000ff", "grey": "#808080", "gray": "#808080", "yellow": "#ffff00",
         "orange": "#ffa500", "brown": "#a52a2a", "silver": "#c0c0c0", "gold": "#ffd700",
         "navy": "#000080", "maroon": "#800000", "purple": "#800080", "tan": "#d2b48c"}
RGB = re.compile(r"rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)")


def parse_colour(value: str) -> str | None:
    """``#rrggbb`` (lower case) for a plain colour; None for none, gradients and the like."""
    value = value.strip().lower()
    if value in NAMED:
        return NAMED[value]
    if re.fullmatch(r"#[0-9a-f]{3}", value):
        return "#" + "".join(c * 2 for c in value[1:])
    if re.fullmatch(r"#[0-9a-f]{6}", value):
        return value
    found = RGB.fullmatch(value)
    if found:
        return "#" + "".join(f"{min(255, int(v)):02x}" for v in found.groups())
    return None


def luminance(colour: str) -> float:
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio, 1 (same) to 21 (black on white)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)
