"""Read the built fixture PDF back: page size, boxes, fonts, text, crop marks, duplex order."""

from __future__ import annotations

import pdfplumber
import pikepdf
import pytest

from generator.render.geometry import PT_PER_MM

from .conftest import Built


def forms(pdf: pikepdf.Pdf):
    for page in pdf.pages:
        for _, xobj in page.Resources.get("/XObject", {}).items():
            yield xobj


def test_pages_are_exactly_a4_and_letter(a4_long: Built, letter_short: Built):
    for built, size in ((a4_long, (595.28, 841.89)), (letter_short, (612.0, 792.0))):
        with pikepdf.open(built.pdf) as pdf:
            assert len(pdf.pages) == built.result.pages == built.manifest["page_count"]
            for page in pdf.pages:
                w, h = (float(v) for v in page.MediaBox[2:])
                assert (round(w, 2), round(h, 2)) == size


def test_every_font_is_embedded_and_subset_and_no_helvetica(a4_long: Built):
    with pikepdf.open(a4_long.pdf) as pdf:
        fonts = [f for x in forms(pdf) for _, f in x.Resources.get("/Font", {}).items()]
        assert fonts
        for font in fonts:
            descriptor = (font.DescendantFonts[0] if font.Subtype == "/Type0" else font).FontDescriptor
            assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            name = str(font.BaseFont).lstrip("/")
            assert name[7:].startswith("DejaVu") and name[6] == "+", name  # ABCDEF+DejaVu…
        assert not any("/Image" == x.get("/Subtype") for x in forms(pdf))
        for page in pdf.pages:  # nothing but our forms at page level
            assert "/Font" not in page.Resources


def test_text_is_extractable_and_escaped_text_survives(a4_long: Built):
    with pdfplumber.open(a4_long.pdf) as pdf:
        first = pdf.pages[0].extract_text(x_tolerance_ratio=0.15)
        sheet = pdf.pages[2].extract_text(x_tolerance_ratio=0.15)
    assert "Print Fixture & Co" in first and "Claim Deck" in first
    assert "100 %" in first and "pencil" in first
    assert "Gold <Strike>" in sheet and "Silver & Sons" in sheet


def test_crop_marks_are_present_off_the_trim_and_print(a4_long: Built):
    page_no = 3  # the first sheet of cards: a 3 x 3 block
    with pdfplumber.open(a4_long.pdf) as pdf:
        page = pdf.pages[page_no - 1]
        lines = [ln for ln in page.lines if abs(ln["linewidth"] - 0.15 * PT_PER_MM) < 0.01]
        height = float(page.height)
    with pikepdf.open(a4_long.pdf) as pdf:
        trim = [float(v) for v in pdf.pages[page_no - 1].TrimBox]
    assert len(lines) == 4 * 2 + 4 * 2  # 4 cut lines each way, a mark at both ends of each
    for ln in lines:
        x0, x1 = ln["x0"], ln["x1"]
        y0, y1 = height - ln["bottom"], height - ln["top"]
        outside = x1 <= trim[0] or x0 >= trim[2] or y1 <= trim[1] or y0 >= trim[3]
        assert outside, ln
        # at least 2 mm of it inside a home printer's 5 mm margin
        margin = 5 * PT_PER_MM
        inside = (min(x1, 595.28 - margin) - max(x0, margin) if abs(y0 - y1) < 0.01
                  else min(y1, height - margin) - max(y0, margin))
        assert inside >= 2 * PT_PER_MM - 0.01, ln
        # every mark lies on a cut line: the trim's edges or a card edge inside it
        on_x = abs(x0 - x1) < 0.01 and any(abs(x0 - (trim[0] + k * 63.5 * PT_PER_MM)) < 0.05
                                           for k in range(4))
        on_y = abs(y0 - y1) < 0.01 and any(abs(y0 - (trim[3] - k * 88.9 * PT_PER_MM)) < 0.05
                                           for k in range(4))
        assert on_x or on_y, ln


def test_page_boxes_nest_and_printing_is_unscaled(a4_long: Built):
    with pikepdf.open(a4_long.pdf) as pdf:
        prefs = pdf.Root.ViewerPreferences
        assert prefs.PrintScaling == "/None" and prefs.Duplex == "/DuplexFlipLongEdge"
        boxed = 0
        for page in pdf.pages:
            if "/TrimBox" in page:
                trim, bleed, media = ([float(v) for v in page[k]] for k in
                                      ("/TrimBox", "/BleedBox", "/MediaBox"))
                assert bleed[0] <= trim[0] and bleed[1] <= trim[1]
                assert trim[2] <= bleed[2] and trim[3] <= bleed[3]
                assert media[0] <= bleed[0] and bleed[2] <= media[2] and bleed[3] <= media[3]
                boxed += 1
        assert boxed >= 10
        assert "/CreationDate" not in pdf.docinfo and "/ModDate" not in pdf.docinfo


@pytest.mark.parametrize("name", ["a4_long", "letter_short"])
def test_every_front_sheet_is_odd_and_its_backs_are_behind_it(name, request):
    built: Built = request.getfixturevalue(name)
    manifest = built.manifest
    w_pt, h_pt = manifest["page_size_pt"]
    dx, dy = (v * PT_PER_MM for v in built.options.back_offset_mm)
    fronts = {(i["component"], i["copy"], i.get("tile")): i for i in manifest["items"]
              if i["side"] == "front"}
    backs = [i for i in manifest["items"] if i["side"] == "back"]
    assert backs
    for item in fronts.values():
        assert item["page"] % 2 == 1, item
    for back in backs:
        front = fronts[(back["component"], back["copy"], back.get("tile"))]
        assert back["page"] == front["page"] + 1
        x0, y0, x1, y1 = front["trim_pt"]
        if built.options.duplex == "long":  # x → W − x; the offset moves right and down
            expected = [w_pt - x1 + dx, y0 - dy, w_pt - x0 + dx, y1 - dy]
        else:  # y → H − y
            expected = [x0 + dx, h_pt - y1 - dy, x1 + dx, h_pt - y0 - dy]
        assert back["trim_pt"] == pytest.approx(expected, abs=0.01)
