"""Colours as templates write them, and the contrast ratio between two of them (WCAG 2)."""

from __future__ import annotations

from functools import lru_cache

from generator.schema.colour import parse_css_colour


@lru_cache(maxsize=4096)
def parse_colour(value: str) -> str | None:
    """``#rrggbb`` (lower case) for an opaque CSS colour, read by the one colour parser
    the data uses too (tinycss2: every CSS name, ``rgb(10%,…)``, ``hsl()``); None for
    ``none``, a gradient, a translucent colour and the like (asked once per value)."""
    return parse_css_colour(value)


@lru_cache(maxsize=4096)
def luminance(colour: str) -> float:
    """WCAG 2 relative luminance of ``#rrggbb`` (a face's texts ask of few colours)."""
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio, 1 (same) to 21 (black on white)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)
