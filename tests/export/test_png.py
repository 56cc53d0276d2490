"""``--to png``: one file per distinct face and back, every copy indexed, exact pixels."""

from __future__ import annotations

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
