"""``--to pod``: vendor products, geometry laid out for the product, DriveThruCards'
CMYK PDF/X-1a with its page order, boxes and ink limit."""

from __future__ import annotations

import io
import re

import pdfplumber
import pikepdf
import pytest
from PIL import Image
from rip import pages_without_trim_box, rip_complaints

from generator.export.pdfx import TAC_LIMIT, limit, max_ink
from generator.export.pictures import pictures
from generator.export.pod import oriented
from generator.export.presets import PRESETS
from generator.render.jobs import jobs

from .conftest import exported


def test_vendor_pixel_sizes_are_the_documented_ones():
    assert PRESETS["tgc"].product_for((63.5, 88.9)).px == (825, 1125)
    assert PRESETS["tgc"].product_for((44.45, 63.5)).px == (600, 825)
    assert PRESETS["mpc"].product_for((63.5, 88.9)).px == (822, 1122)
    page = PRESETS["drivethrucards"].product_for((63.0, 88.0))  # metric poker matches
    assert (page.trim_in[0] + 2 * page.bleed_in, page.trim_in[1] + 2 * page.bleed_in) == (2.75, 3.75)
    assert PRESETS["tgc"].product_for((60.0, 90.0)) is None  # 3.5 mm narrower is not poker
    assert PRESETS["tgc"].product_for((88.9, 63.5)) is not None  # landscape is the same card


def test_faces_are_laid_out_at_the_product_size_not_scaled(fixture_game):
    job = next(j for j in jobs(fixture_game, 3.0) if j.piece.id == "deck")
    product = PRESETS["tgc"].product_for(job.size)
    drawn = pictures(job, product.bleed_mm, oriented(product.trim_mm, job.size))
    assert all(p.size == pytest.approx((63.5, 88.9)) and p.bleed == pytest.approx(3.175)
               for p in drawn)
    # the template itself was given the product's bleed: its SVG is that many mm wide
    assert 'width="69.850mm"' in drawn[0].svg and 'height="95.250mm"' in drawn[0].svg


def test_tgc_pngs_are_825_by_1125_rgb_and_unmatched_pieces_are_named(tgc_export):
    work, index = tgc_export
    deck = [f for f in index["files"] if f["piece"] == "deck"]
    assert deck and all(f["px"] == [825, 1125] and f["dpi"] == 300 for f in deck)
    hints = [f for f in index["files"] if f["piece"] == "hints"]
    assert hints and all(f["px"] == [600, 825] for f in hints)
    with Image.open(work.final / deck[0]["path"]) as image:
        assert image.size == (825, 1125) and image.mode == "RGB"
    skipped = {s["piece"]: s["reason"] for s in index["skipped"]}
    assert set(skipped) == {"lots", "coins", "claims", "money", "reference", "score-pad", "map",
                            "track", "dice"}
    assert skipped["money"] == ("100 x 50 mm matches no The Game Crafter product "
                                "(poker 63.50 x 88.90 mm, mini 44.45 x 63.50 mm)")
    assert work.final.name == "export-pod-tgc"


def test_drivethru_deck_is_back_then_front_on_2_75_by_3_75_inch_pages(drivethru_export,
                                                                       fixture_game):
    work, index = drivethru_export
    (entry,) = [f for f in index["files"] if f["piece"] == "deck"]
    deck = next(p for _, p in fixture_game.data.pieces() if p.id == "deck")
    with pikepdf.open(work.final / entry["path"]) as pdf:
        assert len(pdf.pages) == entry["pages"] == 2 * deck.total()
        for page in pdf.pages:
            assert [float(v) for v in page.MediaBox] == [0, 0, 198, 270]  # 2.75 x 3.75 in
            assert [float(v) for v in page.BleedBox] == [0, 0, 198, 270]
            assert [float(v) for v in page.TrimBox] == [9, 9, 189, 261]  # 1/8 in inside
    with pdfplumber.open(work.final / entry["path"]) as pdf:
        words = [pdf.pages[i].extract_text() for i in range(4)]
    assert "Gold" not in words[0] and "Gold" in words[1]  # page 1: the back of card 1
    assert "Gold" not in words[2] and "Gold" in words[3]


def test_drivethru_pdf_is_cmyk_pdfx_within_240_percent_ink(drivethru_export):
    work, index = drivethru_export
    (entry,) = [f for f in index["files"] if f["piece"] == "deck"]
    with pikepdf.open(work.final / entry["path"]) as pdf:
        assert pdf.pdf_version == "1.3"
        intent = pdf.Root.OutputIntents[0]
        assert intent.S == "/GTS_PDFX" and "/DestOutputProfile" in intent
        assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-1a:2001"
        assert pdf.docinfo.Trapped == "/False" and "/CreationDate" in pdf.docinfo
        assert max_ink(pdf) <= TAC_LIMIT + 1e-6
        for page in pdf.pages:
            assert "/Group" not in page.obj
            for instruction in pikepdf.parse_content_stream(page):
                assert str(instruction.operator) not in ("rg", "RG", "sh")
            for _, x in page.Resources.get("/XObject", {}).items():
                assert x.get("/ColorSpace", pikepdf.Name.DeviceCMYK) in (
                    pikepdf.Name.DeviceCMYK, pikepdf.Name.DeviceGray)
                assert "/SMask" not in x
            for _, font in page.Resources.get("/Font", {}).items():
                assert re.match(r"^/[A-Z]{6}\+", str(font.BaseFont))


def test_the_same_deck_gives_the_same_bytes(drivethru_export, fixture_game, tmp_path):
    work, _ = drivethru_export
    again, _ = exported(fixture_game, tmp_path, to="pod", preset="drivethrucards")
    assert (again.final / "deck.pdf").read_bytes() == (work.final / "deck.pdf").read_bytes()


@pytest.mark.parametrize(("cmyk", "want"), [
    ([0.6, 0.4, 0.4, 1.0], [0.6, 0.4, 0.4, 1.0]),  # DriveThru's rich black: 240 %, kept
    ([0.9, 0.9, 0.9, 0.9], [0.5, 0.5, 0.5, 0.9]),  # 360 % -> 240 %, black kept
    ([0.0, 0.0, 0.0, 1.0], [0.0, 0.0, 0.0, 1.0]),
])
def test_ink_limit_takes_back_colour_not_black(cmyk, want):
    assert limit(cmyk) == pytest.approx(want)
    assert sum(limit(cmyk)) <= TAC_LIMIT + 1e-9


def test_max_ink_reads_colours_set_in_content(tmp_path):
    pdf = pikepdf.new()
    page = pdf.add_blank_page()
    page.obj.Contents = pdf.make_stream(b"0.9 0.9 0.9 0.9 k 0 0 10 10 re f")
    assert max_ink(pdf) == pytest.approx(3.6)
    out = io.BytesIO()
    pdf.save(out)


def test_drivethru_pdf_renders_in_ghostscript_with_a_trim_box_on_every_page(drivethru_export):
    work, index = drivethru_export
    for entry in index["files"]:
        if entry["path"].endswith(".pdf"):
            assert rip_complaints(work.final / entry["path"]) == [], entry["path"]
            assert pages_without_trim_box(work.final / entry["path"]) == [], entry["path"]


def test_drivethru_black_text_and_lines_are_black_ink_alone(drivethru_export):
    from generator.export.pdfx import TEXT_SHOWS, _content_holders

    work, index = drivethru_export
    (entry,) = [f for f in index["files"] if f["piece"] == "deck"]
    shown = 0
    with pikepdf.open(work.final / entry["path"]) as pdf:
        for holder in _content_holders(pdf):
            fill = None
            for instruction in pikepdf.parse_content_stream(holder):
                if isinstance(instruction, pikepdf.ContentStreamInlineImage):
                    continue
                operator = str(instruction.operator)
                values = ([float(v) for v in instruction.operands]
                          if operator in ("k", "K") else [])
                if operator == "k":
                    fill = values
                if operator in TEXT_SHOWS and fill is not None and fill[3] >= 0.6:
                    assert fill[:3] == [0.0, 0.0, 0.0], fill  # no four-colour black type
                    shown += 1
                neutral = values and max(values[:3]) - min(values[:3]) < 0.15
                if operator == "K" and neutral and values[3] >= 0.6:
                    assert values[:3] == [0.0, 0.0, 0.0], values
    assert shown  # the deck's black text was seen


@pytest.mark.parametrize(("cmyk", "want"), [
    ([0.75, 0.68, 0.67, 0.9], [0.0, 0.0, 0.0, 1.0]),  # RGB black through SWOP
    ([0.0, 0.0, 0.0, 0.8], [0.0, 0.0, 0.0, 0.8]),
    ([0.1, 0.9, 0.9, 0.7], [0.1, 0.9, 0.9, 0.7]),  # a dark red stays red
    ([0.4, 0.4, 0.4, 0.2], [0.4, 0.4, 0.4, 0.2]),  # a mid grey is no black
])
def test_a_neutral_dark_becomes_black_ink_alone(cmyk, want):
    from generator.export.pdfx import pure_black

    assert pure_black(cmyk) == pytest.approx(want)
