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

from generator.export.pdfx import (
    TAC_LIMIT,
    _content_holders,
    _limit_ink,
    convert,
    limit,
    max_ink,
)
from generator.export.pictures import pictures
from generator.export.pod import oriented
from generator.export.presets import PRESETS
from generator.render.jobs import jobs

from .conftest import edited_export, exported


def test_vendor_pixel_sizes_are_the_documented_ones():
    assert PRESETS["tgc"].product_for((63.5, 88.9)).px == (825, 1125)
    assert PRESETS["tgc"].product_for((44.45, 63.5)).px == (600, 825)
    assert PRESETS["mpc"].product_for((63.5, 88.9)).px == (822, 1122)
    page = PRESETS["drivethrucards"].product_for((63.5, 88.9))
    assert (page.trim_in[0] + 2 * page.bleed_in, page.trim_in[1] + 2 * page.bleed_in) == (2.75, 3.75)
    assert page.matches((63.0, 88.0))  # metric poker fits it, but goes to euro-poker, nearer
    assert PRESETS["tgc"].product_for((60.0, 90.0)) is None  # 3.5 mm narrower is not poker
    assert PRESETS["tgc"].product_for((88.9, 63.5)) is not None  # landscape is the same card


@pytest.mark.parametrize(("preset", "size", "kind", "shape", "product", "px"), [
    ("tgc", (25.4, 25.4), "chip", "circle", "LargeCircleChit", (375, 375)),
    ("tgc", (19.0, 19.0), "token", "circle", "MediumCircleChit", (300, 300)),
    ("tgc", (50.8, 44.45), "tile", "hex", "SmallHexTile", (675, 600)),
    ("tgc", (63.5, 63.5), "tile", "rect", "MediumSquareTile", (825, 825)),  # a tile: punchout
    ("tgc", (63.5, 63.5), "card", "rect", "SmallSquareDeck", (825, 825)),  # a card: a deck
    ("tgc", (70.0, 120.0), "card", "rect", "TarotDeck", (900, 1500)),
    ("tgc", (457.2, 457.2), "board", "rect", "QuadFoldBoard", (5475, 5475)),
    ("tgc", (254.0, 406.4), "board", "rect", "SmallGameMat", (3075, 4875)),  # a mat as board
    ("tgc", (82.55, 114.3), "aid", "rect", "USGameMat", (1050, 1425)),
    ("mpc", (44.45, 63.5), "card", "rect", "mini", (597, 822)),
    ("mpc", (57.15, 88.9), "card", "rect", "bridge", (747, 1122)),  # inkwell's MPC table
    ("mpc", (50.8, 88.9), "card", "rect", "business", (672, 1122)),
    ("mpc", (88.9, 146.05), "card", "rect", "big", (1122, 1797)),
    ("mpc", (69.85, 120.65), "card", "rect", "tarot", (897, 1497)),
    ("tgc", (88.9, 139.7), "sheet", "rect", "SmallScorePadColor", (1125, 1725)),  # a pad
    ("tgc", (203.2, 254.0), "sheet", "rect", "LargeScorePadColor", (2475, 3075)),
    ("tgc", (133.35, 114.3), "board", "hex", "HexMat", (1650, 1425)),  # a hexagonal board
])
def test_products_are_matched_by_kind_shape_and_size_at_their_template_size(
        preset, size, kind, shape, product, px):
    found = PRESETS[preset].product_for(size, kind, shape)
    assert found is not None and (found.name, found.px) == (product, px)
    assert found.source.startswith("https://")


def test_a_shape_or_kind_no_product_makes_finds_nothing():
    assert PRESETS["tgc"].product_for((25.4, 25.4), "chip", "rect").name == "LargeSquareChit"
    assert PRESETS["tgc"].product_for((25.4, 25.4), "chip", "hex") is None
    assert PRESETS["tgc"].product_for((457.2, 457.2), "card", "rect") is None  # no 18 in card
    assert PRESETS["tgc"].product_for((25.4, 25.4), "die", "rect") is None


def test_every_product_names_its_source_and_is_a_whole_pixel_size():
    for vendor in PRESETS.values():
        for product in vendor.products:
            assert product.source.startswith("https://"), product.name
            w, h = product.trim_in
            exact = ((w + 2 * product.bleed_in) * product.dpi, (h + 2 * product.bleed_in) * product.dpi)
            if product.family == "tuckbox":  # a flat sheet round the cards' room
                assert product.holds > 0 and product.sheet_px is not None, product.name
                assert all(s > e for s, e in zip(product.px, exact, strict=True)), product.name
                continue
            if vendor.output == "png":  # a PDF page has no pixels (DTC's mini: 562.5 px wide)
                # drawn with its bleed all round; a template with less bleed on one axis is
                # cut to its pixels, the larger bleed's drawing rounded to a whole pixel
                cut = product.sheet_px is not None
                assert product.drawn_px == pytest.approx(exact, abs=0.5 if cut else 0.01), \
                    product.name
                assert all(p <= d for p, d in zip(product.px, product.drawn_px, strict=True))


@pytest.mark.parametrize(("size", "kind", "product", "page_in"), [
    ((63.5, 88.9), "card", "poker", (2.75, 3.75)),
    ((63.0, 88.0), "card", "euro-poker", (2.73, 3.71)),  # metric poker: the nearer product
    ((41.275, 63.5), "card", "mini", (1.875, 2.75)),  # DTC's mini is 1 5/8 in wide
    ((70.0, 120.0), "card", "tarot", (3.0, 5.0)),
    ((152.4, 152.4), "tile", "tile-6x6", (6.25, 6.25)),
    ((279.4, 215.9), "aid", "page-8.5x11", (8.75, 11.25)),  # a Letter aid, either way up
    ((203.2, 254.0), "sheet", "page-8x10", (8.25, 10.25)),
    ((304.8, 457.2), "aid", "poster-12x18", (12.25, 18.25)),
])
def test_drivethru_products_are_the_pages_its_upload_tool_lists(size, kind, product, page_in):
    found = PRESETS["drivethrucards"].product_for(size, kind)
    assert found is not None and found.name == product
    assert (found.trim_in[0] + 2 * found.bleed_in,
            found.trim_in[1] + 2 * found.bleed_in) == pytest.approx(page_in)
    assert found.source.startswith("https://github.com/Lukas-Sander/dtcpdfgen/blob/") or (
        product == "poker" and "drivethrupartners" in found.source)


def test_drivethru_makes_no_1_75_inch_mini_and_names_its_own():
    dtc = PRESETS["drivethrucards"]
    assert dtc.product_for((44.45, 63.5), "card") is None  # Boomtown's minis: 3.2 mm too wide
    assert dtc.describe((44.45, 63.5), "rect", "card").startswith("mini 41.27 x 63.50 mm")
    assert dtc.product_for((152.4, 152.4), "board") is None  # a tile card is no board


@pytest.mark.parametrize(("name", "px", "trim_in"), [
    ("PlayMoney", (675, 1125), (2.0, 3.5)),  # Templative: [675, 1125], [2.0, 3.5]
    ("QuadFoldMat", (3375, 5175), (11.0, 17.0)),
    ("SlopesideBiFoldMat", (2175, 1125), (7.0, 3.5)),
])
def test_templative_products_agree_with_its_pixels_and_inches(name, px, trim_in):
    (product,) = [p for p in PRESETS["tgc"].products if p.name == name]
    assert product.px == px and product.trim_in == trim_in
    assert "github.com/templative/templative/blob/" in product.source


@pytest.mark.parametrize(("size", "nearest"), [
    ((60.0, 30.0), ["PlayMoney", "MiniDeck", "MicroDeck"]),  # Copper Creek's bills
    ((76.0, 38.0), ["PlayMoney", "MiniDeck", "BusinessDeck"]),  # Boomtown's
])
def test_a_bill_is_made_only_at_a_products_own_size_and_names_the_shops_money(size, nearest):
    tgc = PRESETS["tgc"]
    assert tgc.product_for(size, "bill") is None  # 60 x 30 mm is no 2 x 3.5 in bill
    assert [p.name for p in tgc.nearest(size, "rect", "bill")] == nearest
    found = tgc.product_for((51.5, 88.0), "bill")  # within 1.5 mm: play money's own size
    assert found is not None and found.name == "PlayMoney" and found.px == (675, 1125)
    assert tgc.product_for((50.8, 91.0), "bill") is None  # 2.1 mm off: not re-laid out


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
    coins = [f for f in index["files"] if f["piece"] == "coins"]  # a 25 mm chip: a 1 in chit
    assert coins and all(f["px"] == [375, 375] and f["product"] == "LargeCircleChit"
                         and f["source"].endswith("/make/products/LargeCircleChit") for f in coins)
    where = {s["piece"]: s.get("where", "") for s in index["skipped"]}
    assert where["money"].endswith("pnp-fixture/bills.yaml:5:11")  # where its size is written
    skipped = {s["piece"]: s["reason"] for s in index["skipped"]}
    assert set(skipped) == {"lots", "claims", "money", "reference", "score-pad", "map",
                            "track", "dice", "hints:tuck-box"}
    assert skipped["money"] == ("100 x 50 mm (bill, rect) matches no The Game Crafter product; "
                                "nearest: PlayMoney 50.80 x 88.90 mm, BridgeDeck 57.15 x "
                                "88.90 mm, BusinessDeck 50.80 x 88.90 mm")
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


def text_and_line_colours(holder) -> list[tuple[str, tuple[float, ...]]]:
    """The CMYK colour of every text shown and every stroke colour set, in pages and forms."""
    found = []
    fill: tuple[float, ...] = ()
    for instruction in pikepdf.parse_content_stream(holder):
        op = str(instruction.operator)
        if op == "k":
            fill = tuple(float(v) for v in instruction.operands)
        elif op == "K":
            found.append(("line", tuple(float(v) for v in instruction.operands)))
        elif op in ("Tj", "TJ"):
            found.append(("text", fill))
    for _, x in holder.get("/Resources", {}).get("/XObject", {}).items():
        if x.get("/Subtype") == "/Form":
            found += text_and_line_colours(x)
    return found


def test_drivethru_black_text_and_lines_are_black_ink_only(drivethru_export):
    work, index = drivethru_export
    (entry,) = [f for f in index["files"] if f["piece"] == "deck"]
    with pikepdf.open(work.final / entry["path"]) as pdf:
        colours = [c for page in pdf.pages for c in text_and_line_colours(page)]
    assert ("text", (0.0, 0.0, 0.0, 1.0)) in colours and ("line", (0.0, 0.0, 0.0, 1.0)) in colours
    rich = [c for c in colours if c[1] and c[1][3] > 0.5 and sum(c[1][:3]) > 0]
    assert rich == []  # no text or line in four-colour black


def test_drivethru_pdfx4_is_pdf_1_6_with_its_version_in_info_and_xmp(fixture_game, tmp_path):
    work, index = exported(fixture_game, tmp_path / "a", to="pod", preset="drivethrucards",
                           pdfx="x4")
    (entry,) = [f for f in index["files"] if f["piece"] == "deck"]
    assert entry["colour"] == "CMYK PDF/X-4"
    path = work.final / entry["path"]
    with pikepdf.open(path) as pdf:
        assert pdf.pdf_version == "1.6"
        assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-4"
        assert "/GTS_PDFXConformance" not in pdf.docinfo  # an X-1a key only
        assert pdf.Root.OutputIntents[0].S == "/GTS_PDFX"
        meta = pdf.open_metadata()
        assert meta["pdfxid:GTS_PDFXVersion"] == "PDF/X-4"
        info_date = str(pdf.docinfo.CreationDate)  # D:YYYYMMDDHHmmSS, the same moment
        assert meta["xmp:CreateDate"].replace("-", "").startswith(info_date[2:10])
        assert meta["xmpMM:DocumentID"].startswith("uuid:")
        assert max_ink(pdf) <= TAC_LIMIT + 1e-6
    assert rip_complaints(path) == [] and pages_without_trim_box(path) == []
    again, _ = exported(fixture_game, tmp_path / "b", to="pod", preset="drivethrucards",
                        pdfx="x4")
    assert (again.final / entry["path"]).read_bytes() == path.read_bytes()


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


GRADIENT_CARD = """<svg xmlns="http://www.w3.org/2000/svg" width="25.4mm" height="38.1mm"
 viewBox="0 0 25.4 38.1"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
 <stop offset="0" stop-color="#f4e0c8"/><stop offset="1" stop-color="#3a1a08"/></linearGradient>
 </defs><rect width="25.4" height="38.1" fill="url(#g)"/></svg>"""


def test_a_gradient_ghostscript_rasterises_keeps_300_dpi_and_its_colours():
    import cairosvg

    data = convert(cairosvg.svg2pdf(bytestring=GRADIENT_CARD.encode()), "gradient")
    with pikepdf.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        width_in = float(page.MediaBox[2]) / 72
        images = [x for _, x in page.Resources.get("/XObject", {}).items()
                  if x.get("/Subtype") == pikepdf.Name.Image]
        shadings = page.Resources.get("/Shading", {})
        assert images or shadings  # the gradient is there, as vector or as an image
        for image in images:  # the one image spans the card
            assert int(image.Width) / width_in >= 300
            pixels = pikepdf.PdfImage(image).as_pil_image()
            w, h = pixels.size
            corners = sorted((pixels.getpixel(xy) for xy in ((0, 0), (w - 1, 0), (0, h - 1),
                                                             (w - 1, h - 1))), key=sum)
            assert sum(corners[0]) < 120 and corners[0][3] == 0  # the light corner stays light
            assert corners[-1][3] > 150  # and the dark one dark (nothing inverted)
        assert max_ink(pdf) <= TAC_LIMIT + 1e-6


def test_an_image_over_the_ink_limit_gives_back_colour_not_black():
    pdf = pikepdf.new()
    page = pdf.add_blank_page()
    pixels = bytes([230, 230, 230, 230, 10, 20, 30, 40])  # 360 %, then 39 %
    image = pdf.make_stream(pixels, Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image,
                            Width=2, Height=1, ColorSpace=pikepdf.Name.DeviceCMYK,
                            BitsPerComponent=8)
    page.obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Im0=image))
    page.obj.Contents = pdf.make_stream(b"q 2 0 0 1 0 0 cm /Im0 Do Q")
    assert max_ink(pdf) == pytest.approx(920 / 255)
    for holder in _content_holders(pdf):
        _limit_ink(pdf, holder)
    data = pikepdf.PdfImage(page.Resources.XObject.Im0).as_pil_image().tobytes()
    assert list(data[4:]) == [10, 20, 30, 40]  # under the limit: untouched
    assert data[3] == 230 and sum(data[:4]) <= TAC_LIMIT * 255  # black kept, colour down
    assert max_ink(pdf) <= TAC_LIMIT


def test_max_ink_reads_colours_set_in_content(tmp_path):
    pdf = pikepdf.new()
    page = pdf.add_blank_page()
    page.obj.Contents = pdf.make_stream(b"0.9 0.9 0.9 0.9 k 0 0 10 10 re f")
    assert max_ink(pdf) == pytest.approx(3.6)
    out = io.BytesIO()
    pdf.save(out)


@pytest.fixture(scope="module")
def drivethru_sizes(tmp_path_factory):
    """The fixture game with minis of DriveThruCards' own size and a Letter aid (its poker
    deck made 60 x 90 mm, which no product fits, to convert less)."""
    return edited_export(tmp_path_factory, "dtc-sizes", (
        ("cards.yaml", "size: mini", "size: {width_mm: 41.275, height_mm: 63.5}"),
        ("cards.yaml", "size: poker", "size: {width_mm: 60, height_mm: 90}"),
        ("aids.yaml", "size: {width_mm: 100, height_mm: 140}",
         "size: {width_mm: 215.9, height_mm: 279.4}")),
        to="pod", preset="drivethrucards")


@pytest.mark.parametrize(("piece", "product", "page_pt"), [
    ("hints", "mini", (135, 198)),  # 1.875 x 2.75 in
    ("reference", "page-8.5x11", (630, 810)),  # 8.75 x 11.25 in
])
def test_drivethru_minis_and_pages_are_pdfs_of_their_own_page_size(drivethru_sizes, piece,
                                                                     product, page_pt):
    work, index = drivethru_sizes
    (entry,) = [f for f in index["files"] if f["piece"] == piece]
    assert entry["product"] == product and "dtcpdfgen" in entry["source"]
    path = work.final / entry["path"]
    w, h = page_pt
    with pikepdf.open(path) as pdf:
        assert len(pdf.pages) == entry["pages"] and len(pdf.pages) % 2 == 0
        for page in pdf.pages:
            assert [float(v) for v in page.MediaBox] == [0, 0, w, h]
            assert [float(v) for v in page.TrimBox] == [9, 9, w - 9, h - 9]  # 1/8 in bleed
        assert max_ink(pdf) <= TAC_LIMIT + 1e-6
    assert rip_complaints(path) == [] and pages_without_trim_box(path) == []


def test_drivethru_pdf_renders_in_ghostscript_with_a_trim_box_on_every_page(drivethru_export):
    work, index = drivethru_export
    for entry in index["files"]:
        if entry["path"].endswith(".pdf"):
            assert rip_complaints(work.final / entry["path"]) == [], entry["path"]
            assert pages_without_trim_box(work.final / entry["path"]) == [], entry["path"]
