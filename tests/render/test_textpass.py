"""Skipping cairosvg's outline pass of unstroked text draws the very same PDF, and text
whose outline is painted (stroked, gradient-filled, a clip) still gets its pass."""

from __future__ import annotations

import io
from collections.abc import Iterator

import cairosvg
import cairosvg.surface
import pytest

from generator.render import fonts, textpass
from generator.render.cachedir import cache_root
from tests.cairodraw import HEAD, draw

CASES = {
    "plain": '<text x="5" y="10" font-size="6">Copper <tspan fill="#D55E00">Creek</tspan></text>',
    "anchored": '<text x="30" y="20" font-size="5" text-anchor="middle" font-weight="bold" '
                'letter-spacing="0.4" fill="#0072B2">Kings of Copper</text>',
    "stroked": '<text x="5" y="30" font-size="9" fill="white" stroke="#000" '
               'stroke-width="0.4">Outlined</text>',
    "stroked group": '<g stroke="#009E73" stroke-width="0.3"><text x="3" y="12" '
                     'font-size="8">Inherited</text></g>',
    "gradient": '<defs><linearGradient id="g"><stop offset="0" stop-color="#E69F00"/>'
                '<stop offset="1" stop-color="#56B4E9"/></linearGradient></defs>'
                '<text x="4" y="20" font-size="10" fill="url(#g)">Shaded</text>',
    "clip": '<defs><clipPath id="c"><text x="2" y="25" font-size="20">CLIP</text></clipPath>'
            '</defs><rect width="60" height="40" fill="#CC79A7" clip-path="url(#c)"/>',
    "hidden": '<text x="5" y="10" font-size="6" visibility="hidden">gone</text>'
              '<text x="5" y="20" font-size="6" stroke-opacity="0" stroke="red">faint</text>',
}


@pytest.fixture()
def original() -> object:
    fonts.pin(cache_root())
    assert textpass.install()
    return cairosvg.surface.text.original


@pytest.mark.parametrize("case", list(CASES))
def test_same_pdf_with_and_without_the_outline_pass(case: str, original: object,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    skipped = draw(CASES[case])
    monkeypatch.setattr(cairosvg.surface, "text", original)
    for tag in ("text", "tspan", "textPath"):
        monkeypatch.setitem(cairosvg.surface.TAGS, tag, original)
    assert skipped == draw(CASES[case])


def test_the_outline_pass_is_skipped_only_where_nothing_paints_it(original: object) -> None:
    def first_pass_skipped(body: str) -> bool:
        tree = cairosvg.parser.Tree(bytestring=(HEAD + body + "</svg>").encode())
        surface = cairosvg.surface.PDFSurface(tree, io.BytesIO(), 96)
        node = next(n for n in _walk(tree) if n.tag == "text")
        return textpass.unseen_outline(surface, node)

    assert first_pass_skipped(CASES["plain"])
    assert first_pass_skipped(CASES["anchored"])
    assert not first_pass_skipped(CASES["stroked"])
    assert not first_pass_skipped(CASES["stroked group"])
    assert not first_pass_skipped(CASES["gradient"])


def _walk(node: cairosvg.parser.Node) -> Iterator[cairosvg.parser.Node]:
    yield node
    for child in node.children:
        yield from _walk(child)
