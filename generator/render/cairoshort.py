"""Six pieces of cairosvg's per-element bookkeeping done the short way, with the same result.

- A face with no stylesheet still has every element matched against cairosvg's two CSS
  matchers (``cssselect2.Matcher.match``: the element's id, classes and name looked up in
  empty tables, an empty list sorted). An empty matcher here answers "nothing" at once.
- ``Surface.draw`` saves the text cursor of every element with ``copy.deepcopy`` (two small
  lists of numbers and a number). Here those are copied directly; anything else is left to
  ``copy.deepcopy`` as before.
- ``helpers.normalize`` (four regular expressions over a length, a list of points or a
  transform) is a function of its text alone, asked for the same few texts over and over
  (every size of every element): its answers are remembered (a bounded cache).
- ``Surface.draw`` parses every element's mask, filter and clip path as a URL (mostly
  none): ``parse_url`` without a base folder is a function of its text alone, so there its
  answers (immutable) are remembered too, and so are ``colors.color``'s (a colour's text
  and opacity to a tuple: 25,000 calls for the five games, a few dozen colours), keyed by
  the opacity's type as well (an int and a float opacity give tuples of different types).
- ``Tree`` parses a face's XML with defusedxml's Python-level parser (a Python call per
  element, attribute run and text). A face that declares nothing (no ``<!`` but comments
  and CDATA: no DTD, so no entity) is parsed by expat's C tree builder instead, the same
  tree (``decoding.DECLARATION``, as the lint's reading does); anything else, or XML the
  C parser refuses (for defusedxml's own message), still goes through defusedxml.

None of them changes what is drawn (a test draws faces with and without them and compares the
bytes). Installed for the cairosvg series it was checked against (``CHECKED``), with
cssselect2's matcher tables as named in ``TABLES``; otherwise nothing is replaced.
"""

from __future__ import annotations

import copy
import importlib
import re
from functools import lru_cache
from types import SimpleNamespace
from typing import Any
from xml.etree.ElementTree import XML, Element, ParseError

from generator.render.decoding import DECLARATION

CHECKED = "2.9."  # the cairosvg series whose draw() and parse_stylesheets are described above
TABLES = ("id_selectors", "class_selectors", "lower_local_name_selectors",
          "namespace_selectors", "lang_attr_selectors", "other_selectors")
ATOMS = (int, float, str, bool, type(None))
NORMALIZING = ("helpers", "bounding_box", "path", "shapes", "surface", "text")  # its users
DECLARES = re.compile(DECLARATION.pattern.encode("ascii"))  # the same test, on bytes


def install() -> bool:
    """Put the six short ways in cairosvg's place (once; idempotent). Whether they are in."""
    import cairosvg
    import cairosvg.css
    import cairosvg.helpers
    import cairosvg.parser
    import cairosvg.surface
    import cssselect2  # type: ignore[import-untyped]

    if not cairosvg.__version__.startswith(CHECKED):
        return False
    if not all(hasattr(cssselect2.Matcher(), table) for table in TABLES):
        return False
    if getattr(cairosvg.css.parse_stylesheets, "short", False):
        return True
    cairosvg.css.parse_stylesheets = _answering_empty(cairosvg.css.parse_stylesheets)
    cairosvg.surface.copy = SimpleNamespace(deepcopy=copied)  # the one use in surface.py
    normalize = cairosvg.helpers.normalize
    remembered = lru_cache(maxsize=4096)(normalize)
    for module in normalizing():
        if module.normalize is normalize:
            module.normalize = remembered
    # draw() calls it with the URL alone (no base folder, so no look at the disk)
    cairosvg.surface.parse_url = lru_cache(maxsize=1024)(cairosvg.surface.parse_url)
    cairosvg.surface.color = lru_cache(maxsize=1024, typed=True)(cairosvg.surface.color)
    defused = cairosvg.parser.ElementTree  # parser.py's one use of it: fromstring
    cairosvg.parser.ElementTree = SimpleNamespace(fromstring=_parsing_plain(defused),
                                                  original=defused)
    return True


def _parsing_plain(defused: Any) -> Any:
    def fromstring(text: bytes, **options: Any) -> Element:
        """defusedxml's ``fromstring``, by expat's C tree builder when nothing is declared."""
        if DECLARES.search(text) is None:
            try:
                return XML(text)
            except ParseError:
                pass  # defusedxml says what is wrong, as before
        return defused.fromstring(text, **options)

    return fromstring


def normalizing() -> list[Any]:
    """cairosvg's modules that call ``helpers.normalize`` by that name."""
    return [importlib.import_module(f"cairosvg.{name}") for name in NORMALIZING]


def _answering_empty(original: Any) -> Any:
    def parse_stylesheets(tree: Any, url: Any) -> tuple[Any, ...]:
        matchers = original(tree, url)
        for matcher in matchers:
            if not any(getattr(matcher, table) for table in TABLES):
                matcher.match = _nothing
        return tuple(matchers)

    parse_stylesheets.short = True  # type: ignore[attr-defined]
    parse_stylesheets.original = original  # type: ignore[attr-defined]
    return parse_stylesheets


def _nothing(element: Any) -> list[Any]:
    """What an empty matcher matches: no rule."""
    return []


def copied(value: Any) -> Any:
    """``copy.deepcopy(value)``, directly for tuples and lists of plain numbers and text."""
    kind = type(value)
    if kind in ATOMS:
        return value
    if kind is tuple or kind is list:
        items = [copied(item) for item in value]
        return items if kind is list else tuple(items)
    return copy.deepcopy(value)
