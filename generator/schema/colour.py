"""Colours read from data, through one CSS colour parser (tinycss2): a hex code, any of the
148 CSS names (``crimson``, ``darkgreen``), ``rgb()`` with numbers or percentages, and
``hsl()``. Each is kept as ``#rrggbb``, so templates and the print lint see one form."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator
from tinycss2.color3 import RGBA, parse_color  # type: ignore[import-untyped]


def parse_css_colour(value: str) -> str | None:
    """``#rrggbb`` (lower case) for an opaque CSS colour; None for anything else
    (transparent, ``currentColor``, gradients, words that are no colour)."""
    parsed = parse_color(value.strip())
    if not isinstance(parsed, RGBA) or parsed.alpha != 1:
        return None
    return "#" + "".join(f"{int(channel * 255 + 0.5):02x}"  # half up, as browsers do
                         for channel in (parsed.red, parsed.green, parsed.blue))


def _opaque_colour(value: str) -> str:
    found = parse_css_colour(value)
    if found is None:
        raise ValueError(f"'{value}' is not an opaque CSS colour (#rrggbb, a CSS name such "
                         "as crimson, rgb(…) or hsl(…))")
    return found


Colour = Annotated[str, AfterValidator(_opaque_colour)]
