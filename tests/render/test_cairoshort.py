"""cairosvg's empty stylesheets answered at once, its text cursors copied directly, its
normalized texts, parsed URLs and colours remembered, a face that declares nothing parsed by expat's
C tree builder: the very same PDF; a face with a stylesheet still has its rules applied,
and one that declares an entity is still refused by defusedxml."""

from __future__ import annotations

import copy
from xml.etree import ElementTree

import cairosvg
import cairosvg.css
import cairosvg.parser
import cairosvg.surface
import pytest
from defusedxml import EntitiesForbidden  # type: ignore[import-untyped]

from generator.render import cairoshort
from tests.cairodraw import HEAD, draw

CASES = {
    "text": '<g fill="#0072B2"><text x="5" y="10" font-size="6" letter-spacing="0.3">Copper '
            '<tspan dx="1" fill="#D55E00">Creek</tspan></text>'
            '<text x="30" y="30" text-anchor="middle" font-size="5">Kings</text></g>',
    "path": '<rect x="2" y="2" width="20" height="10" class="a" id="r" fill="#E69F00"/>'
            '<path d="M 5 30 L 40 35 L 20 38 Z" stroke="#000" stroke-width="0.5"/>'
            '<polygon points="30,5 40,5,35,12" transform="rotate(10, 35 8) scale(1.1)" '
            'stroke-dasharray="1,0.5" stroke="#56B4E9" stroke-width="0.3mm"/>'
            '<defs><clipPath id="k"><circle cx="10" cy="30" r="6"/></clipPath></defs>'
            '<rect x="2" y="22" width="20" height="16" fill="#CC79A7" clip-path="url(#k)"/>',
    "styled": '<style>.a { fill: #009E73 } #t { font-weight: bold !important }</style>'
              '<rect x="2" y="2" width="20" height="10" class="a"/>'
              '<text id="t" x="5" y="30" font-size="7">Styled</text>',
}


@pytest.fixture()
def original() -> object:
    assert cairoshort.install()
    return cairosvg.css.parse_stylesheets.original


@pytest.mark.parametrize("case", list(CASES))
def test_same_pdf_with_and_without_the_short_ways(case: str, original: object,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    short = draw(CASES[case])
    monkeypatch.setattr(cairosvg.css, "parse_stylesheets", original)
    monkeypatch.setattr(cairosvg.surface, "copy", copy)
    monkeypatch.setattr(cairosvg.surface, "parse_url", cairosvg.surface.parse_url.__wrapped__)
    monkeypatch.setattr(cairosvg.surface, "color", cairosvg.surface.color.__wrapped__)
    for module in cairoshort.normalizing():
        monkeypatch.setattr(module, "normalize", module.normalize.__wrapped__)
    monkeypatch.setattr(cairosvg.parser, "ElementTree", cairosvg.parser.ElementTree.original)
    assert short == draw(CASES[case])


@pytest.mark.parametrize("case", list(CASES))
def test_a_face_that_declares_nothing_is_parsed_in_c(case: str, original: object,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    svg = (HEAD + CASES[case] + "</svg>").encode()
    defused = cairosvg.parser.ElementTree.original.fromstring(svg, forbid_entities=True,
                                                              forbid_external=True)
    asked: list[bytes] = []

    def c_parser(text: bytes) -> ElementTree.Element:
        asked.append(text)
        return ElementTree.XML(text)

    monkeypatch.setattr(cairoshort, "XML", c_parser)
    tree = cairosvg.parser.Tree(bytestring=svg)
    assert asked == [svg]
    assert ElementTree.tostring(tree.xml_tree) == ElementTree.tostring(defused)


def test_a_face_that_declares_an_entity_is_still_refused(original: object) -> None:
    svg = ('<!DOCTYPE svg [<!ENTITY who "Copper">]>' + HEAD + '<text>&who;</text></svg>')
    with pytest.raises(EntitiesForbidden):
        cairosvg.parser.Tree(bytestring=svg.encode())


def test_a_stylesheet_still_applies(original: object) -> None:
    plain = '<rect x="2" y="2" width="20" height="10" class="a"/>'
    assert draw(plain) != draw("<style>.a { fill: #009E73 }</style>" + plain)


def test_only_an_empty_matcher_answers_at_once(original: object) -> None:
    tree = cairosvg.parser.Tree(bytestring=(HEAD + CASES["styled"] + "</svg>").encode())
    normal, important = tree.style
    assert "match" not in vars(normal) and "match" not in vars(important)
    bare = cairosvg.parser.Tree(bytestring=(HEAD + CASES["path"] + "</svg>").encode())
    assert all(vars(matcher)["match"](bare.element) == [] for matcher in bare.style)


def test_every_user_of_normalize_remembers(original: object) -> None:
    modules = cairoshort.normalizing()
    assert all(module.normalize is modules[0].normalize for module in modules)
    assert modules[0].normalize("1E-2,-3  4.5.5") == "1e-2 -3 4.5 .5"
    assert modules[0].normalize.__wrapped__ is not modules[0].normalize  # remembered


def test_copied_is_a_deep_copy() -> None:
    cursor = ([1.5, 2], [[0.25], (3, "x")], 0.0)
    copy_ = cairoshort.copied(cursor)
    assert copy_ == cursor
    assert copy_[0] is not cursor[0] and copy_[1][0] is not cursor[1][0]
    odd = {"a": [1]}
    assert cairoshort.copied(odd) == odd and cairoshort.copied(odd) is not odd
