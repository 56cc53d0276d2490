"""Document-level PDF properties: one font subset per typeface, page boxes on every page
with pieces, Producer and a reproducible creation date."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pdfplumber
import pikepdf
import pytest

from generator.render.fontmerge import to_unicode
from generator.render.fonts import DEJAVU_DIR
from generator.render.fontsubset import installed_font

from .conftest import Built, build

BENCH = Path(__file__).resolve().parents[2] / "bench"


def fonts_of(pdf: pikepdf.Pdf) -> list[pikepdf.Object]:
    found = {}
    for page in pdf.pages:
        for _, form in page.Resources.get("/XObject", {}).items():
            for _, font in form.get("/Resources", {}).get("/Font", {}).items():
                found[font.objgen] = font
    return list(found.values())


def test_each_typeface_is_embedded_once_per_document(a4_long: Built):
    with pikepdf.open(a4_long.pdf) as pdf:
        fonts = fonts_of(pdf)
        names = Counter(str(f.BaseFont)[8:] for f in fonts)
        assert names and max(names.values()) == 1, names
        programs = {f.DescendantFonts[0].FontDescriptor.FontFile2.objgen for f in fonts}
        assert len(programs) == len(fonts)


def test_text_survives_the_merge_with_its_characters(a4_long: Built):
    with pikepdf.open(a4_long.pdf) as pdf:
        mapped = {c for f in fonts_of(pdf) for c in to_unicode(f).values()}
    assert {"G", "&", "<", ">"} <= mapped
    with pdfplumber.open(a4_long.pdf) as pdf:
        assert "Gold <Strike>" in pdf.pages[2].extract_text(x_tolerance_ratio=0.15)


def test_font_files_are_named_after_their_postscript_names():
    from fontTools.ttLib import TTFont

    for path in sorted(DEJAVU_DIR.glob("*.ttf")):
        with TTFont(path, lazy=True) as font:
            name = str(font["name"].getDebugName(6))
        assert installed_font(name) == path
    assert installed_font("../etc/passwd") is None and installed_font("Helvetica") is None


def test_every_page_with_pieces_has_nested_trim_and_bleed_boxes(a4_long: Built):
    with pikepdf.open(a4_long.pdf) as pdf:
        pages = list(pdf.pages)
        for number in sorted({i["page"] for i in a4_long.manifest["items"]}):
            page = pages[number - 1]
            assert "/TrimBox" in page and "/BleedBox" in page, number
            trim, bleed = ([float(v) for v in page[k]] for k in ("/TrimBox", "/BleedBox"))
            media = [float(v) for v in page.MediaBox]
            assert media[0] <= bleed[0] <= trim[0] and trim[2] <= bleed[2] <= media[2]
            assert media[1] <= bleed[1] <= trim[1] and trim[3] <= bleed[3] <= media[3]


def test_producer_and_creation_date_come_from_source_date_epoch(fixture_game, tmp_path,
                                                                 monkeypatch, a4_long):
    with pikepdf.open(a4_long.pdf) as pdf:  # built without SOURCE_DATE_EPOCH: no date at all
        assert str(pdf.docinfo.Producer).startswith("copperplate")
        assert "/CreationDate" not in pdf.docinfo
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    first = build(fixture_game, tmp_path / "one")
    second = build(fixture_game, tmp_path / "two")
    assert first.pdf.read_bytes() == second.pdf.read_bytes()
    with pikepdf.open(first.pdf) as pdf:
        assert str(pdf.docinfo.CreationDate) == "D:20231114221320Z"
        assert str(pdf.docinfo.ModDate) == "D:20231114221320Z"


def test_a_source_date_epoch_that_is_not_seconds_is_one_line(fixture_game, tmp_path,
                                                             monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "yesterday")
    with pytest.raises(SystemExit) as exc:
        build(fixture_game, tmp_path)
    assert str(exc.value) == "SOURCE_DATE_EPOCH='yesterday' is not a number of seconds"


@pytest.fixture(scope="module")
def bench_deck(tmp_path_factory) -> Built:
    sys.path.insert(0, str(BENCH))
    try:
        from build import deck_tree
    finally:
        sys.path.remove(str(BENCH))
    from generator.data.components import load_game
    from generator.schema import GameData, PieceFile

    class BenchDeck(GameData):
        cards: PieceFile

    folder = tmp_path_factory.mktemp("bench-deck")
    loaded = load_game("bench-deck", BenchDeck, deck_tree(folder))
    assert loaded.ok
    return build(loaded, folder / "out")


def test_the_54_card_bench_deck_fits_in_250_kib_with_its_text(bench_deck: Built):
    assert bench_deck.pdf.stat().st_size <= 250 * 1024
    assert bench_deck.result.pages == 16
    with pdfplumber.open(bench_deck.pdf) as pdf:
        text = pdf.pages[2].extract_text(x_tolerance_ratio=0.15)  # the first sheet of cards
    assert "A of Spades" in text and "♠" in text
