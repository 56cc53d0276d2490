"""``--to pod --preset tgc``: products whose template's bleed differs per axis (metric
decks, hexagons): each face drawn with the larger bleed and cut to the template's exact
pixel size, the trim in the middle, never scaled."""

from __future__ import annotations

import pytest
from PIL import Image

from generator.export.presets import PRESETS

from .conftest import edited_export

# Templative's table: DimensionsPixels and DimensionsInches (its per-axis bleed)
UNEVEN = {
    "EuroPokerDeck": ((825, 1125), (2.48031496062992, 3.46456692913386)),
    "USGameDeck": ((750, 1125), (2.20472440944882, 3.4251968503937)),
    "MintTinDeck": ((750, 1125), (2.04724409448819, 3.4251968503937)),
    "EuroSquareDeck": ((900, 900), (2.75590551181102, 2.75590551181102)),
    "CardCraftingDeck": ((900, 1500), (2.657, 4.704)),
    "HexShard": ((300, 300), (0.75, 0.66)),
    "MiniHexTile": ((450, 450), (1.25, 1.08)),
    "MediumHexTile": ((825, 750), (2.5, 2.2)),
}


@pytest.mark.parametrize("name", sorted(UNEVEN))
def test_uneven_products_are_templatives_pixels_round_its_trim(name):
    (product,) = [p for p in PRESETS["tgc"].products if p.name == name]
    px, trim_in = UNEVEN[name]
    assert product.px == px and product.trim_in == trim_in
    assert product.source.startswith("https://github.com/templative/templative/blob/")
    drawn = product.drawn_px  # the larger bleed all round: one axis is the template's
    assert all(d >= p for d, p in zip(drawn, px, strict=True))
    assert any(d == p for d, p in zip(drawn, px, strict=True))
    assert all(t * 300 < p for t, p in zip(trim_in, px, strict=True))  # some bleed a side


@pytest.mark.parametrize(("size", "kind", "shape", "name"), [
    ((63.0, 88.0), "card", "rect", "EuroPokerDeck"),  # metric poker: nearer than PokerDeck
    ((56.0, 87.0), "card", "rect", "USGameDeck"),
    ((52.0, 87.0), "card", "rect", "MintTinDeck"),
    ((70.0, 70.0), "card", "rect", "EuroSquareDeck"),
    ((19.05, 16.76), "chip", "hex", "HexShard"),
    ((31.75, 27.43), "token", "hex", "MiniHexTile"),  # a regular hexagon, 1.25 in across
    ((63.5, 55.88), "tile", "hex", "MediumHexTile"),
])
def test_pieces_go_to_the_uneven_product_of_their_size(size, kind, shape, name):
    found = PRESETS["tgc"].product_for(size, kind, shape)
    assert found is not None and found.name == name
    assert PRESETS["tgc"].product_for((63.5, 88.9)).name == "PokerDeck"  # US poker stays


@pytest.fixture(scope="module")
def uneven_export(tmp_path_factory):
    """The fixture game with a metric poker deck (63 x 88 mm) and its hex tokens a regular
    1.25 in hexagon, exported for The Game Crafter."""
    return edited_export(tmp_path_factory, "uneven", (
        ("cards.yaml", "size: poker", "size: {width_mm: 63, height_mm: 88}"),
        ("chips.yaml", "size: {width_mm: 30, height_mm: 26}",
         "size: {width_mm: 31.75, height_mm: 27.43}")),
        to="pod", preset="tgc")


def _inner_box(image: Image.Image) -> tuple[int, int, int, int]:
    """The template's white panel (3 mm inside the trim): its bounding box in pixels."""
    white = image.convert("L").point(lambda v: 255 if v >= 250 else 0)
    box = white.getbbox()
    assert box is not None
    return box


@pytest.mark.parametrize(("piece", "product"), [("deck", "EuroPokerDeck"),
                                                ("claims", "MiniHexTile")])
def test_uneven_faces_are_cut_to_the_template_with_the_trim_in_the_middle(
        uneven_export, piece, product):
    """The template's white panel lies as far inside the trim on the cut axis as on the
    other, on both sides: the trim is in the middle with each axis's own bleed, and the
    face was cut, not squeezed to the template's pixels."""
    work, index = uneven_export
    files = [f for f in index["files"] if f["piece"] == piece and f["side"] == "front"]
    assert files and all(f["product"] == product for f in files)
    (found,) = [p for p in PRESETS["tgc"].products if p.name == product]
    px = found.px
    bleed = [(size - trim * 300) / 2 for size, trim in zip(px, found.trim_in, strict=True)]
    for entry in files:
        assert entry["px"] == list(px) and entry["dpi"] == 300
        with Image.open(work.final / entry["path"]) as image:
            assert image.size == px and image.mode == "RGB"
            left, top, right, bottom = _inner_box(image)
        insets = [left - bleed[0], px[0] - right - bleed[0], top - bleed[1],
                  px[1] - bottom - bleed[1]]
        assert max(insets) - min(insets) <= 1.5, insets
