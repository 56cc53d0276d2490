"""Issue 23: the shops' products with no citable size stay unoffered. A piece only they
would make (MakePlayingCards' chips, tiles and boards; DriveThruCards' bridge, square and
jumbo cards and tuck boxes; The Game Crafter's custom punchouts) is matched to no guessed
size: it is named with the nearest products that have a source."""

from __future__ import annotations

import pytest

from generator.export.presets import PRESETS

# every product each shop is offered with, its source read (presets.py names each one)
OFFERED = {
    "mpc": {"poker", "mini", "tarot", "square", "bridge", "business", "big"},
    "drivethrucards": {"poker", "euro-poker", "mini", "tarot", "tile-6x6", "page-8x10",
                       "page-8.5x11", "poster-12x18"},
}


@pytest.mark.parametrize(("preset", "size", "kind", "shape"), [
    ("mpc", (38.1, 38.1), "chip", "circle"),  # a 1.5 in poker chip
    ("mpc", (25.4, 25.4), "token", "rect"),
    ("mpc", (50.8, 44.45), "tile", "hex"),
    ("mpc", (101.6, 101.6), "tile", "rect"),  # a 4 in tile: no MPC card that size either
    ("mpc", (457.2, 457.2), "board", "rect"),
    ("drivethrucards", (57.15, 88.9), "card", "rect"),  # bridge: 6.35 mm off poker
    ("drivethrucards", (63.5, 63.5), "card", "rect"),  # a 2.5 in square card
    ("drivethrucards", (88.9, 88.9), "card", "rect"),  # a 3.5 in square card
    ("drivethrucards", (88.9, 146.05), "card", "rect"),  # jumbo
    ("tgc", (16.0, 16.0), "token", "circle"),  # a token only a custom punchout would cut
])
def test_a_piece_only_an_uncited_product_makes_is_named_with_cited_ones(
        preset, size, kind, shape):
    vendor = PRESETS[preset]
    assert vendor.product_for(size, kind, shape) is None
    nearest = vendor.nearest(size, shape, kind)
    assert nearest and all(p.source.startswith("https://") for p in nearest)
    assert vendor.describe(size, shape, kind).startswith(nearest[0].label())


@pytest.mark.parametrize("preset", sorted(OFFERED))
def test_a_shop_offers_only_its_products_with_a_citable_size(preset):
    products = PRESETS[preset].products
    assert {p.name for p in products} == OFFERED[preset]
    assert {p.family for p in products} <= {"deck", "page"}  # no chips, tiles, boards, boxes


def test_drivethru_has_no_tuck_box_and_tgc_no_custom_punchout():
    assert PRESETS["drivethrucards"].tuck_box_for((63.5, 88.9), 54) is None
    assert PRESETS["tgc"].tuck_box_for((63.5, 88.9), 54) is not None  # TGC's has a source
    assert not [p for p in PRESETS["tgc"].products if "Custom" in p.name]
