"""A face's SVG is parsed by expat's C tree builder when it declares nothing: the same tree
and the same refusals as defusedxml's parser, which still reads anything with a ``<!``."""

from __future__ import annotations

from xml.etree.ElementTree import tostring

import pytest
from defusedxml.ElementTree import fromstring  # type: ignore[import-untyped]

from generator.render import decoding
from generator.render.decoding import Undecodable, parse

SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
TEXTS = [
    f'{SVG}<text x="1">A &amp; B &lt; &#x41;&#66; "q" \u00e9</text></svg>',
    f'{SVG}<!-- a comment --><?pi data?><g id="a"><use xlink:href="#a"/></g></svg>',
    f'{SVG}<style><![CDATA[ .a {{ fill: red }} <!DOCTYPE x> ]]></style></svg>',
    f'<?xml version="1.0" encoding="UTF-8"?>\n{SVG}<g xml:space="preserve"> x </g></svg>',
    f'{SVG}<text>&nbsp;</text></svg>',  # an entity no DTD declares
    f'{SVG}<g></svg>',  # not well-formed
    f'{SVG}<g a="1" a="2"/></svg>',  # an attribute twice
    f'{SVG}<p:g xmlns:p="urn:x" p:a="1"/></svg><svg/>',  # junk after the root
    '',
    '<!DOCTYPE svg><svg/>',
    '<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg>&a;&a;</svg>',
    f'{SVG}<!-- <!ENTITY x "y"> --></svg>',
]


def _outcome(build: object, text: str) -> tuple[str, str]:
    try:
        return ("tree", tostring(build(text)).decode())  # type: ignore[operator]
    except Exception as exc:  # noqa: BLE001 - the refusal is what is compared
        return (type(exc).__name__, str(exc))


@pytest.mark.parametrize("text", TEXTS)
def test_the_tree_and_the_refusal_are_defusedxmls(text: str) -> None:
    def defused(t: str) -> object:
        return fromstring(t, forbid_dtd=True)
    assert _outcome(decoding._tree, text) == _outcome(defused, text)


def test_a_declaration_is_read_by_defusedxml_and_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    fast: list[str] = []
    monkeypatch.setattr(decoding, "XML", lambda text: fast.append(text))
    with pytest.raises(Undecodable, match="declares a DTD"):
        parse('<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg>&a;</svg>')
    parse(f"{SVG}<!-- fine --></svg>")
    assert fast == [f"{SVG}<!-- fine --></svg>"]  # only the text that declares nothing
