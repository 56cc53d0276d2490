"""The generator's own pages (contents, duplex registration) stay legible with every ink:
a saving ink lightens fills, and a fill a group hands down to its text would lighten the
text too."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from generator.render.colour import luminance, parse_colour
from generator.render.ink import DARK_TEXT, INKS, ink_svg
from generator.render.pagewords import PAGE_WORDS
from generator.render.svg import page_svg

SVG = "{http://www.w3.org/2000/svg}"


def text_fills(svg: str) -> list[tuple[str, str]]:
    """(text, fill it is painted with) of every text element, fills inherited from groups;
    SVG's initial fill is black."""
    found: list[tuple[str, str]] = []

    def walk(node: ET.Element, fill: str) -> None:
        fill = node.get("fill", fill)
        if node.tag == f"{SVG}text":
            found.append(("".join(node.itertext()), fill))
        for child in node:
            walk(child, fill)

    walk(ET.fromstring(svg), "#000000")
    return found


def contents_page(fixture_game) -> str:  # type: ignore[no-untyped-def]
    rows = [{"name": "Claim Deck", "kind": "card", "count": 11, "size": "63.5 × 88.9 mm",
             "pages": "3–5 (odd)", "how": ["cut straight through the block"], "y": 93.0}]
    return page_svg("_shared/contents.svg.j2", drop=0, w=210.0, h=297.0, bleed=0, first=True,
                    rows=rows, game=fixture_game.data.game.model_dump(mode="json"),
                    paper="A4", flip="double-sided, flip on the long edge", duplex="long",
                    offset=(0.0, 0.0), registration=27, page_no=1, total=28,
                    bring=["pencil; scissors."], top=84.0, variant=[], words=PAGE_WORDS)


def registration_page(side: str) -> str:
    return page_svg("_shared/registration.svg.j2", w=210.0, h=297.0, bleed=0, side=side,
                    sx=1, sy=-1, dx=0.0, dy=0.0, flip="double-sided, flip on the long edge",
                    duplex="long", offset=(0.0, 0.0), words=PAGE_WORDS)


@pytest.mark.parametrize("ink", INKS)
@pytest.mark.parametrize("page", ["contents", "registration-front", "registration-back"])
def test_own_pages_print_their_words_dark_with_every_ink(page, ink, fixture_game):
    svg = contents_page(fixture_game) if page == "contents" else registration_page(
        page.split("-")[1])
    fills = text_fills(ink_svg(svg, ink))
    assert fills
    for text, fill in fills:
        colour = parse_colour(fill)
        assert colour is not None and luminance(colour) <= DARK_TEXT, (text, fill)
