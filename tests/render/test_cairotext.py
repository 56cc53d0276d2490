"""The letter loop of ``cairotext`` makes the same cairo calls as cairosvg's own ``text``:
the same PDF, byte for byte, for every way a text can be placed, and the same bounding box
(which a gradient sized to the text reads)."""

from __future__ import annotations

from typing import Any

import cairosvg
import cairosvg.surface
import pytest

from generator.render import cairodirect, cairotext
from tests.cairodraw import HEAD, draw

CASES = {
    "plain": '<text x="5" y="10" font-size="6">Copper <tspan fill="#D55E00">Creek</tspan>'
             ' and more</text>',
    "anchored": '<text x="30" y="20" font-size="5" text-anchor="middle" font-weight="bold" '
                'letter-spacing="0.4" fill="#0072B2">Kings of Copper</text>'
                '<text x="58" y="30" font-size="4" text-anchor="end" letter-spacing="1mm" '
                'font-style="italic">end to end</text>',
    "baselines": ''.join(
        f'<text x="{3 + 6 * i}" y="20" font-size="4" {attr}>Ag</text>' for i, attr in enumerate(
            ['dominant-baseline="central"', 'alignment-baseline="middle"',
             'dominant-baseline="hanging"', 'dominant-baseline="text-bottom"',
             'display-anchor="middle"', 'display-anchor="top"', 'display-anchor="bottom"',
             'font-weight="700"', 'font-weight="300"'])),
    "positions": '<text x="2 6 10 14" y="10 12" dx="0.5 0 1" dy="1 -1" rotate="0 15 -30" '
                 'font-size="5">Spread out</text><text x="2" y="30" font-size="5">'
                 'a<tspan dx="2" dy="-1">b</tspan><tspan x="20">c d</tspan>e</text>',
    "spaces and symbols": '<text x="1" y="15" font-size="6" font-family="DejaVu Serif">'
                          '  é ♠ 1½ — “quoted”  </text><text x="1" y="25"></text>'
                          '<text x="1" y="30"> </text>',
    "stroked": '<text x="5" y="30" font-size="9" fill="white" stroke="#000" '
               'stroke-width="0.4">Outlined</text>',
    "gradient": '<defs><linearGradient id="g"><stop offset="0" stop-color="#E69F00"/>'
                '<stop offset="1" stop-color="#56B4E9"/></linearGradient></defs>'
                '<text x="4" y="20" font-size="10" fill="url(#g)" text-anchor="middle" '
                'dx="20">Shaded</text>',
    "clip": '<defs><clipPath id="c"><text x="2" y="25" font-size="20">CLIP</text></clipPath>'
            '</defs><rect width="60" height="40" fill="#CC79A7" clip-path="url(#c)"/>',
    "along a path": '<defs><path id="p" d="M 5 30 C 20 5 40 5 55 30"/></defs><text '
                    'font-size="4"><textPath href="#p">Around the bend</textPath></text>',
}


def _own() -> Any:
    """cairosvg's own ``text``, under whatever this package put in its place."""
    text = cairosvg.surface.text
    while hasattr(text, "original"):
        text = text.original
    return text


def _with(text: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cairosvg.surface, "text", text)
    for tag in ("text", "tspan", "textPath"):
        monkeypatch.setitem(cairosvg.surface.TAGS, tag, text)


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("convert", ["cairosvg", "cairodirect"])
def test_the_same_pdf_as_cairosvgs_own_text(case: str, convert: str,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    own = _own()
    kwargs = {"convert": cairodirect.svg2pdf} if convert == "cairodirect" else {}
    _with(own, monkeypatch)
    expected = draw(CASES[case], **kwargs)
    _with(cairotext._faster(own), monkeypatch)
    assert draw(CASES[case], **kwargs) == expected


def test_the_same_cursor_and_bounding_box(monkeypatch: pytest.MonkeyPatch) -> None:
    own = _own()
    svg = (HEAD + CASES["positions"] + CASES["anchored"] + "</svg>").encode()

    def laid_out(text: Any) -> list[tuple[object, ...]]:
        _with(text, monkeypatch)
        tree = cairosvg.parser.Tree(bytestring=svg)
        surface = cairosvg.surface.PDFSurface(tree, None, 96)
        seen: list[tuple[object, ...]] = []
        todo = [tree]
        while todo:
            node = todo.pop()
            todo.extend(node.children)
            if node.tag in ("text", "tspan"):
                seen.append((node.get("text_bounding_box"), node.text))
        return [*seen, (tuple(surface.cursor_position), tuple(surface.cursor_d_position))]

    assert laid_out(cairotext._faster(own)) == laid_out(own)
    assert any(box is not None for box, *_ in laid_out(own))


def test_installed_once_and_under_the_outline_skip() -> None:
    from generator.render import textpass

    assert cairotext.install()
    assert textpass.install()
    assert cairotext.install()  # again: nothing more is wrapped
    outer = cairosvg.surface.text
    assert outer is cairosvg.surface.TAGS["tspan"]
    assert getattr(outer.original, "fast_letters", False) or not hasattr(outer, "skips_outline")
