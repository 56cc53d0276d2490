"""Each slot shows its own piece, the right way up: the sheet rendered to pixels matches the
piece rendered alone (turned as the layout turned it), inside the trim."""

from __future__ import annotations

import cairosvg
import pypdfium2
import pytest
from PIL import Image, ImageChops, ImageStat

from generator.render.faces import face_svg

from .conftest import Built

SCALE = 2.0  # 144 dpi


def page_image(pdf_bytes_or_path, index: int) -> Image.Image:
    doc = pypdfium2.PdfDocument(pdf_bytes_or_path)
    try:
        return doc[index].render(scale=SCALE).to_pil().convert("RGB")
    finally:
        doc.close()


def slot_crop(built: Built, item: dict) -> Image.Image:
    page = page_image(str(built.pdf), item["page"] - 1)
    height_pt = built.manifest["page_size_pt"][1]
    x0, y0, x1, y1 = item["trim_pt"]
    box = (x0 * SCALE, (height_pt - y1) * SCALE, x1 * SCALE, (height_pt - y0) * SCALE)
    return page.crop(tuple(round(v) for v in box))


def alone(loaded, piece_id: str, face_id: str, side: str, turn: int) -> Image.Image:
    piece = next(p for _, p in loaded.data.pieces() if p.id == piece_id)
    face = next(f for f in piece.faces if f.id == face_id)
    svg = face_svg(loaded, piece, face, side=side, copy=1, bleed=3.0)
    image = page_image(cairosvg.svg2pdf(bytestring=svg.encode()), 0)
    bleed_px = 3.0 * 72 / 25.4 * SCALE
    w, h = image.size
    trimmed = image.crop(tuple(round(v) for v in (bleed_px, bleed_px, w - bleed_px,
                                                   h - bleed_px)))
    return trimmed.rotate(-turn, expand=True)  # PIL turns anticlockwise


@pytest.mark.parametrize(("piece", "face", "side", "turn"), [
    ("deck", "gold", "front", 0),
    ("deck", "copper", "back", 0),
    ("hints", "hint", "front", 90),  # minis are turned on A4
    ("money", "ten", "front", 90),
    ("money", "ten", "back", 270),  # the back of a turned piece turns the other way
])
def test_slot_shows_its_own_piece_the_right_way_up(a4_long: Built, fixture_game, piece, face,
                                                   side, turn):
    item = next(i for i in a4_long.manifest["items"] if i["component"] == piece
                and i["face"] == face and i["side"] == side)
    got = slot_crop(a4_long, item)
    want = alone(fixture_game, piece, face, side, turn).resize(got.size)
    inner = (4, 4, got.size[0] - 4, got.size[1] - 4)  # ignore anti-aliased cut edges
    right = mean_diff(got.crop(inner), want.crop(inner))
    assert right < 3, right
    # and it really tells the way up: the piece turned half round differs clearly more
    assert mean_diff(got.crop(inner), want.rotate(180).crop(inner)) > 2 * right + 1


def mean_diff(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3
