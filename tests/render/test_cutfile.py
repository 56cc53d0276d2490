"""``build --cut-file``: registration marks in a band free of pieces, and an SVG of each
page's cuts beside the PDF, in the same place on the paper."""

from __future__ import annotations

from defusedxml import ElementTree
from rip import rip_complaints

from generator.render.build import BuildOptions, plan
from generator.render.cutfile import REG_BAND
from generator.render.geometry import PAPERS, Rect

from .conftest import build

SVG = "{http://www.w3.org/2000/svg}"


def test_every_cut_page_has_marks_clear_of_the_pieces_and_its_cut_svg(fixture_game, tmp_path):
    built = build(fixture_game, tmp_path, paper="letter", cut_file=True)
    paper = PAPERS["letter"]
    band = Rect(0, 0, paper.w, paper.h).outset(-(paper.margin + REG_BAND))
    cut_pages = sorted({i["page"] for i in built.manifest["items"] if i["side"] == "front"})
    files = sorted(built.pdf.parent.glob("pnp-fixture-letter-cut-p*.svg"))
    assert [int(f.stem[-3:]) for f in files] == cut_pages
    doc = plan(fixture_game, BuildOptions(paper="letter", cut_file=True))
    for number in cut_pages:
        page = doc.pages[number - 1]
        marks = [p for p in page.placements if "data-ink=\"keep\"" in doc.arts[p.art]]
        assert len(marks) == 1, number
        for item in page.items:  # every piece, bleed and all, inside the band's edge
            assert band.outset(0.01).contains(item["bleed"]), (number, item["component"])
    root = ElementTree.parse(files[0]).getroot()
    assert root.get("viewBox") == f"0 0 {paper.w} {paper.h}"
    shapes = [e for e in root.iter() if e.tag.removeprefix(SVG) in
              ("rect", "circle", "polygon", "polyline")]
    assert shapes and all(e.tag.removeprefix(SVG) != "line" for e in shapes)
    assert rip_complaints(built.pdf) == []


def test_a_folded_pair_is_cut_as_one_rectangle(fixture_game, tmp_path):
    built = build(fixture_game, tmp_path, paper="a4", cut_file=True, layout="fold",
                  duplex="none")
    deck = [i for i in built.manifest["items"] if i["component"] == "deck"]
    page = deck[0]["page"]
    svg = (built.pdf.parent / f"pnp-fixture-a4-cut-p{page:03d}.svg").read_text()
    pieces = {i["copy"] for i in deck if i["page"] == page}
    assert svg.count("<rect") == len(pieces)  # front and back together, not two
    width = 2 * 63.5  # poker cards, front and back side by side
    assert svg.count(f'width="{width:.3f}"') == len(pieces)


def test_without_the_option_nothing_is_added(a4_long):
    assert list(a4_long.pdf.parent.glob("*-cut-p*.svg")) == []


def test_a_new_build_leaves_no_stale_cut_file_beside_the_pdf(fixture_game, tmp_path):
    """Cut files of an earlier build (more pages, or a page no longer cut) go with it;
    other files in the folder stay."""
    built = build(fixture_game, tmp_path, paper="a4", cut_file=True)
    folder = built.pdf.parent
    stale = folder / "pnp-fixture-a4-cut-p999.svg"
    stale.write_text("<svg/>")
    (folder / "notes.txt").write_text("mine")
    build(fixture_game, tmp_path, paper="a4", cut_file=True)
    assert not stale.exists() and (folder / "notes.txt").exists()
    assert list(folder.glob("pnp-fixture-a4-cut-p*.svg"))
    build(fixture_game, tmp_path, paper="a4")  # no cut files asked: none left from before
    assert list(folder.glob("*-cut-p*.svg")) == []
