"""A zero's sign never shows in a finding: -0.0 == 0.0, so the lint's remembered shapes
and lines (``render.drawn``) are shared by placements that differ only in a zero's sign,
and a position a hair left of or above the trim rounds to "-0.0". Positions are printed
with the ``z`` format option, so a finding reads the same whichever placement was read
first, and a position that rounds to zero reads "0.0"."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from generator.lint.faces import Face
from generator.lint.rules import RULES
from generator.render import drawn
from generator.render.drawn import read

HEAD = '<svg xmlns="http://www.w3.org/2000/svg">'
PIECE = SimpleNamespace(id="card", shape="rect", kind="card", safe_mm=None)


def findings(inner: str) -> list[str]:
    face = Face(PIECE, SimpleNamespace(id="first"), "front", (63.5, 88.9),
                read(f"{HEAD}{inner}</svg>"))
    return [f"{f.rule}: {f.message}" for rule in RULES.values() for f in rule(face)]


def test_an_icon_area_a_hair_left_of_the_trim_is_at_0_0() -> None:
    found = findings('<g data-area="icon"><rect x="-0.01" y="-0.02" width="20" height="9" '
                     'fill="#0072B2"/></g><text x="4" y="6" font-size="4">HEAD FRAME</text>')
    icon = [f for f in found if f.startswith("text-icon")]
    assert icon and all("(0.0, 0.0) mm" in f and "-0.0" not in f for f in icon), found


def test_a_shape_over_text_a_hair_above_the_trim_is_at_0_0() -> None:
    found = findings('<text x="10" y="6" font-size="4">HEAD FRAME</text>'
                     '<rect x="-0.04" y="-0.01" width="40" height="9" fill="#0072B2"/>')
    covered = [f for f in found if f.startswith("text-covered")]
    assert covered and all("(0.0, 0.0) mm" in f for f in covered), found


def test_text_on_the_trim_to_within_rounding_is_0_0_mm_from_it() -> None:
    found = findings('<text x="-0.0000001" y="40" font-size="4">edge</text>')
    assert "text-safe: text 'edge' is 0.0 mm from the trim, inside the 3 mm safe zone" in found


SIGNED = [  # (markup with +0, the same with -0): the same drawing, the same findings
    ('<text x="0" y="5" font-size="4">edge</text>',
     '<text x="-0" y="5" font-size="4">edge</text>'),
    ('<text x="0" dx="0" y="-0" font-size="4" text-anchor="end">edge</text>',
     '<text x="-0" dx="-0" y="0" font-size="4" text-anchor="end">edge</text>'),
    ('<g transform="translate(0,0)"><rect x="0" y="0" width="9" height="9" fill="#111111"/>'
     '<text x="1" y="5" font-size="4">edge</text></g>',
     '<g transform="translate(-0,-0)"><rect x="0" y="0" width="9" height="9" fill="#111111"/>'
     '<text x="1" y="5" font-size="4">edge</text></g>'),
    ('<g transform="matrix(0 1 -1 0 0 0)"><polygon points="0,0 9,0 0,9" fill="#111111"/>'
     '<text x="0" y="-0" font-size="4">edge</text></g>',
     '<g transform="matrix(-0 1 -1 -0 -0 -0)"><polygon points="0,0 9,0 0,9" fill="#111111"/>'
     '<text x="0" y="-0" font-size="4">edge</text></g>'),
    ('<g data-area="icon"><circle cx="0" cy="0" r="3"/></g>'
     '<text x="0" y="2" font-size="4">edge</text>',
     '<g data-area="icon"><circle cx="-0" cy="-0" r="3"/></g>'
     '<text x="0" y="2" font-size="4">edge</text>'),
]


@pytest.mark.parametrize(("plus", "minus"), SIGNED)
def test_placements_that_differ_in_a_zeros_sign_read_and_lint_the_same_either_way(
        plus: str, minus: str) -> None:
    def fresh(inner: str) -> tuple[str, list[str]]:
        drawn._SHAPES.clear()
        drawn._MEASURED.clear()
        d = read(f"{HEAD}{inner}</svg>")
        return repr((d.lines, d.shapes, d.areas, d.outlines)), findings(inner)

    alone = fresh(plus), fresh(minus)
    drawn._SHAPES.clear()
    drawn._MEASURED.clear()
    shared = [findings(plus), findings(minus), findings(plus)]  # one remembers for the other
    assert alone[0] == alone[1]
    assert shared == [alone[0][1]] * 3
