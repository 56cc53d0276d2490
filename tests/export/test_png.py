"""``--to png``: one file per distinct face and back, every copy indexed, exact pixels."""

from __future__ import annotations

import io

from PIL import Image

from generator.export import ExportOptions
from generator.export.raster import fitting_dpi, pixels

from .conftest import exported


def test_every_copy_of_every_piece_maps_to_a_file(png_export, fixture_game):
    work, index = png_export
    assert index["game"] == "pnp-fixture" and index["to"] == "png" and index["preset"] is None
    assert set(index) == {"game", "to", "preset", "files", "skipped"}
    for _, piece in fixture_game.data.pieces():
        fronts = sorted(c for f in index["files"] if f["piece"] == piece.id
                        and f["side"] == "front" for c in f["copies"])
        if piece.kind == "die":  # one square per value of every die
            assert len(fronts) == 6 * piece.total()
            continue
        assert fronts == list(range(1, piece.total() + 1)), piece.id
        backs = sorted(c for f in index["files"] if f["piece"] == piece.id
                       and f["side"] == "back" for c in f["copies"])
        with_back = [n for n, (face, _) in enumerate(piece.copies(), 1) if face.back or piece.back]
        assert backs == with_back, piece.id
    paths = [f["path"] for f in index["files"]]
    assert len(paths) == len(set(paths))  # one picture, one file
    assert sorted(p.name for p in work.final.iterdir()) == sorted(paths + ["index.json"])


def test_a_shared_back_is_one_file_and_a_special_back_its_own(png_export):
    _, index = png_export
    backs = {f["path"]: f for f in index["files"] if f["piece"] == "deck" and f["side"] == "back"}
    assert set(backs) == {"deck-back.png", "deck-copper-back.png"}
    assert backs["deck-back.png"]["copies"] == list(range(1, 10))  # gold 5, silver 4
    assert backs["deck-copper-back.png"]["copies"] == [10, 11]


def test_pixels_mode_and_dpi_match_the_index(png_export):
    work, index = png_export
    for entry in index["files"]:
        with Image.open(work.final / entry["path"]) as image:
            assert list(image.size) == entry["px"]
            assert round(image.info["dpi"][0]) == entry["dpi"]
            round_piece = entry["piece"] in ("coins", "claims")
            assert image.mode == ("RGBA" if round_piece else "RGB"), entry["path"]
    gold = next(f for f in index["files"] if f["path"] == "deck-gold-1.png")  # the template numbers copies
    assert gold["px"] == list(pixels((63.5 + 6, 88.9 + 6), 50)) == [137, 187]


def test_no_bleed_cuts_at_the_trim(fixture_game, tmp_path):
    _, index = exported(fixture_game, tmp_path, to="png", dpi=50, bleed=False)
    gold = next(f for f in index["files"] if f["path"] == "deck-gold-1.png")  # the template numbers copies
    assert gold["px"] == [125, 175]  # 2.5 x 3.5 in at 50 dpi


def test_a_board_too_big_for_cairo_gets_a_lower_dpi_said_in_the_index():
    assert fitting_dpi((420, 300), 300) == 300
    assert fitting_dpi((2000, 500), 300) == int(16384 / (2000 / 25.4))
    assert ExportOptions(to="png").folder("g").as_posix() == "output/g/export-png"


def _through_cairos_png(svg: str, px: tuple[int, int]) -> Image.Image:
    """The face as cairo's own PNG gives it (how every raster was read before)."""
    import io

    import cairosvg

    return Image.open(io.BytesIO(cairosvg.svg2png(bytestring=svg.encode("utf-8"),
                                                  output_width=px[0],
                                                  output_height=px[1]))).convert("RGBA")


def test_a_face_is_drawn_to_the_pixels_of_cairos_png_opaque_or_not():
    """Taken from cairo's pixels directly or through its PNG: the same picture, including
    the half-covered edge pixels of a round chip (whose colours Pillow's unpremultiplying
    rounds otherwise than cairo does)."""
    from generator.export.raster import render
    from generator.render import fonts
    from generator.render.cachedir import cache_root

    fonts.pin(cache_root())
    head = '<svg xmlns="http://www.w3.org/2000/svg" width="30mm" height="20mm" viewBox="0 0 30 20">'
    opaque = (f'{head}<rect width="30" height="20" fill="#D55E00"/><text x="3" y="12" '
              'font-size="6" fill="#0072B2">Ab 7</text></svg>')
    chip = (f'{head}<circle cx="15" cy="10" r="8.3" fill="#E69F00" fill-opacity="0.7"/>'
            '<circle cx="11" cy="9" r="2.2" fill="#56B4E9"/></svg>')
    # every alpha level over every colour level: cairo's rounding, pixel for pixel
    ramp = (f'{head}<defs><linearGradient id="c" x2="1"><stop offset="0" stop-color="#00FF7F"/>'
            '<stop offset="1" stop-color="#FF0080"/></linearGradient><linearGradient id="a" '
            'x2="0" y2="1"><stop offset="0" stop-color="#FFF" stop-opacity="0"/><stop '
            'offset="1" stop-color="#FFF"/></linearGradient><mask id="m"><rect width="30" '
            'height="20" fill="url(#a)"/></mask></defs><rect width="30" height="20" '
            'fill="url(#c)" mask="url(#m)"/></svg>')
    for svg in (opaque, chip, ramp):
        px = (97, 63)
        mine, cairos = render(svg, px), _through_cairos_png(svg, px)
        assert mine.mode == cairos.mode == "RGBA" and mine.size == cairos.size == px
        assert mine.tobytes() == cairos.tobytes()
    assert any(render(chip, (97, 63)).getchannel("A").histogram()[1:255])  # half covered
    assert sum(1 for n in render(ramp, (97, 300)).getchannel("A").histogram() if n) > 150


def test_a_quick_png_holds_the_same_pixels_as_the_products_png():
    """The preview's PNG (``quick``: zlib's fastest level, no resolution tag) decodes to exactly
    the pixels of the PNG an export writes, with alpha and laid on white."""
    from generator.export.raster import png
    from generator.render import fonts
    from generator.render.cachedir import cache_root

    fonts.pin(cache_root())
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="30mm" height="20mm" '
           'viewBox="0 0 30 20"><circle cx="15" cy="10" r="8.3" fill="#E69F00" '
           'fill-opacity="0.7"/><text x="3" y="12" font-size="6" fill="#0072B2">Ab 7</text>'
           '</svg>')
    for alpha in (True, False):
        quick = Image.open(io.BytesIO(png(svg, (97, 63), 100, alpha=alpha, quick=True)))
        product = Image.open(io.BytesIO(png(svg, (97, 63), 100, alpha=alpha)))
        assert quick.mode == product.mode == ("RGBA" if alpha else "RGB")
        assert quick.size == product.size == (97, 63)
        assert quick.tobytes() == product.tobytes()


def test_a_few_half_covered_pixels_are_rounded_one_by_one_as_cairo_rounds_them():
    """A card's edge pixels (its extent not a whole number of pixels) are the few that
    are half covered: Pillow unpremultiplies the face and those are made again with
    cairo's rounding (``_rounded``), the pixels of cairo's own PNG; the same as the whole
    face unpremultiplied with cairo's rounding, at every alpha over every colour."""
    from generator.export import raster
    from generator.render import fonts
    from generator.render.cachedir import cache_root

    fonts.pin(cache_root())
    card = ('<svg xmlns="http://www.w3.org/2000/svg" width="30mm" height="20mm" '
            'viewBox="0 0 30 20"><rect x="0.13" y="0.07" width="29.71" height="19.8" '
            'fill="#D55E00"/><text x="3" y="12" font-size="6" fill="#0072B2">Ab 7</text></svg>')
    mine = raster.render(card, (97, 63))
    half = sum(mine.getchannel("A").histogram()[1:255])
    assert 0 < half <= raster.FEW_HALF  # the way under test
    assert mine.tobytes() == _through_cairos_png(card, (97, 63)).tobytes()
    # every premultiplied colour level under every alpha, in cairo's BGRA bytes
    levels = [(c, a) for a in range(256) for c in range(a + 1)]
    raw = b"".join(bytes((c, (c * 7) % (a + 1), a - c, a)) for c, a in levels)
    size = (len(levels), 1)
    pillows = Image.frombuffer("RGBA", size, raw, "raw", "BGRa", 0, 1)
    rounded = raster._rounded(pillows, pillows.getchannel("A"), raw)
    whole = raster._unpremultiplied(Image.frombuffer("RGBA", size, raw, "raw", "BGRA", 0, 1))
    assert rounded.tobytes() == whole.tobytes()
    assert rounded.tobytes() != pillows.tobytes()  # Pillow alone rounds some otherwise
