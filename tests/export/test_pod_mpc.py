"""``--to pod --preset mpc``: MakePlayingCards' bridge, business and big cards exported at
their pixel sizes (trim and 36 px of bleed a side at 300 dpi), the source named."""

from __future__ import annotations

import pytest
from PIL import Image

from .conftest import edited_export


@pytest.fixture(scope="module")
def mpc_sizes(tmp_path_factory):
    """The fixture game with a bridge deck, business-card hints and a big aid."""
    return edited_export(tmp_path_factory, "mpc", (
        ("cards.yaml", "size: poker", "size: {width_mm: 57.15, height_mm: 88.9}"),
        ("cards.yaml", "size: mini", "size: {width_mm: 50.8, height_mm: 88.9}"),
        ("aids.yaml", "size: {width_mm: 100, height_mm: 140}",
         "size: {width_mm: 88.9, height_mm: 146.05}")),
        to="pod", preset="mpc")


@pytest.mark.parametrize(("piece", "product", "px"), [
    ("deck", "bridge", (747, 1122)),
    ("hints", "business", (672, 1122)),
    ("reference", "big", (1122, 1797)),
])
def test_mpc_cards_are_exported_at_their_pixel_size(mpc_sizes, piece, product, px):
    work, index = mpc_sizes
    files = [f for f in index["files"] if f["piece"] == piece]
    assert files and all(f["product"] == product and f["px"] == list(px) for f in files)
    assert all("github.com/cubedivisiondev/inkwell/blob/" in f["source"] for f in files)
    for entry in files:
        with Image.open(work.final / entry["path"]) as image:
            assert image.size == px and image.mode == "RGB"
            assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)  # PNG: per metre
