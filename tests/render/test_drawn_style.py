"""What a drawn element inherits: its style attribute's first declaration of a property,
else its presentation attribute, else its parent's."""

from __future__ import annotations

from xml.etree import ElementTree

import pytest

from generator.render.drawn import inherited

PARENT = {"fill": "#000000", "font-size": "16"}


def element(markup: str) -> ElementTree.Element:
    return ElementTree.fromstring(markup)


def test_the_style_attribute_wins_over_the_presentation_attribute() -> None:
    node = element('<g fill="red" style="fill: blue; font-weight:bold" font-size="9"/>')
    assert inherited(PARENT, node) == {"fill": "blue", "font-size": "9", "font-weight": "bold"}


def test_the_first_declaration_of_a_property_counts() -> None:
    node = element('<g style="fill:green;fill:red; stroke: red"/>')
    assert inherited(PARENT, node) == {"fill": "green", "font-size": "16"}


def test_an_element_that_sets_nothing_inherited_keeps_its_parents_style() -> None:
    node = element('<rect x="1" stroke="red" style="stroke-width: 2"/>')
    assert inherited(PARENT, node) == PARENT


@pytest.mark.parametrize("attributes", [
    'fill="red" font-size="9"', 'font-family="DejaVu Serif" font-weight="bold" x="3"',
    'text-anchor="end" letter-spacing="0.2" opacity="0.4" fill-opacity="1" stroke="red"',
    'x="1" y="2"', 'font-style="italic" font-size="2.5mm"'])
def test_presentation_attributes_alone_inherit_as_with_a_style_attribute(attributes: str) -> None:
    """Without a ``style`` attribute the attributes are taken in one pass; a ``style``
    that declares nothing inherited must give the same."""
    alone = inherited(PARENT, element(f"<g {attributes}/>"))
    styled = inherited(PARENT, element(f'<g {attributes} style="stroke-width: 2"/>'))
    assert alone == styled
