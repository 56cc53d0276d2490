"""The generator's own pages keep their words on the page: the registration test of a
single-sided build and a contents page whose rules version is as long as allowed."""

from __future__ import annotations

import pytest

from generator.render.drawn import read
from generator.render.furniture import FLIP_WORDS
from generator.render.geometry import PAPERS
from generator.render.pagewords import PAGE_WORDS
from generator.render.svg import page_svg


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "none"])
def test_every_line_of_the_registration_test_is_on_the_page(paper, duplex):
    w, h = PAPERS[paper].w, PAPERS[paper].h
    svg = page_svg("_shared/registration.svg.j2", w=w, h=h, bleed=0, side="front", sx=1,
                   sy=-1, dx=0.0, dy=0.0, flip=FLIP_WORDS[duplex], duplex=duplex,
                   offset=(0.0, 0.0), words=PAGE_WORDS)
    lines = read(svg).lines
    assert any("single-sided" in ln.text for ln in lines) == (duplex == "none")
    for line in lines:
        assert 10 <= line.box.x and line.box.x1 <= w - 10, line.text
    texts = [ln for ln in lines if ln.box.y < 80]  # the instructions, one under another
    for upper, lower in zip(texts, texts[1:], strict=False):
        assert upper.box.y1 <= lower.box.y, (upper.text, lower.text)


def test_a_rules_version_of_80_characters_stays_in_the_contents_column(fixture_game):
    game = fixture_game.data.game.model_dump(mode="json")
    game["rules_version"] = "Revised edition 2nd printing, with the designer's errata of 2025" \
        " (all)."[:80].ljust(80, "x")
    svg = page_svg("_shared/contents.svg.j2", drop=0, w=210.0, h=297.0, bleed=0, first=True,
                   rows=[], game=game, paper="A4", flip=FLIP_WORDS["long"], duplex="long",
                   offset=(0.0, 0.0), registration=3, page_no=1, total=4, bring=["pencil."],
                   top=84.0, variant=[], words=PAGE_WORDS)
    head = [ln for ln in read(svg).lines if 25 < ln.box.y1 < 34]
    assert len(head) == 2 and head[0].box.y1 <= head[1].box.y
    assert all(15 <= ln.box.x and ln.box.x1 <= 195 for ln in head)
    assert all(ln.size_mm >= 3.0 - 1e-6 for ln in head)


def _settings(fixture_game, duplex: str = "none", **kw):  # type: ignore[no-untyped-def]
    from generator.render.furniture import Settings
    return Settings(fixture_game.data.game, PAPERS["a4"], duplex, (0.0, 0.0), **kw)


def test_single_sided_words_say_how_the_backs_reach_their_fronts(fixture_game):
    folded = _settings(fixture_game, fold=True, back_sheets=False)
    assert folded.single_lines() == [PAGE_WORDS["page_single_fold"]]
    both = _settings(fixture_game, fold=True, back_sheets=True)
    assert both.single_lines() == [PAGE_WORDS["page_single_fold"],
                                   PAGE_WORDS["page_single_backs_too"]]
    sheets = _settings(fixture_game, back_sheets=True)
    assert sheets.single_lines() == [PAGE_WORDS["page_single"]]
    bare = _settings(fixture_game, back_sheets=False)  # --backs none: nothing to glue behind
    assert bare.single_lines() == [PAGE_WORDS["page_single_plain"]]


def test_glue_is_asked_for_only_where_something_is_glued(fixture_game):
    die = [{"kind": "die"}]
    assert _settings(fixture_game, fold=True, back_sheets=False).glued([])
    assert _settings(fixture_game, back_sheets=True).glued([])
    assert not _settings(fixture_game, back_sheets=False).glued([])
    assert not _settings(fixture_game, "long").glued([])  # a duplexer puts the backs behind
    assert _settings(fixture_game, "long").glued(die)


def test_four_lines_of_how_to_print_push_what_to_bring_down(fixture_game):
    from generator.render.furniture import _tops, bring_lines

    settings = _settings(fixture_game, fold=True, back_sheets=True)
    bring = bring_lines(["pencil."], True)
    top = _tops(settings, True)[0]
    svg = page_svg("_shared/contents.svg.j2", drop=settings.drop, w=210.0, h=297.0, bleed=0,
                   first=True, rows=[], game=fixture_game.data.game.model_dump(mode="json"), paper="A4",
                   flip=FLIP_WORDS["none"], duplex="none", offset=(0.0, 0.0),
                   single=settings.single_lines(), registration=3, page_no=1, total=4,
                   bring=bring, top=top, variant=[], words=PAGE_WORDS)
    lines = sorted((ln for ln in read(svg).lines if 40 < ln.box.y < top), key=lambda ln: ln.box.y)
    for upper, lower in zip(lines, lines[1:], strict=False):
        assert upper.box.y1 <= lower.box.y, (upper.text, lower.text)
    assert any(ln.text == PAGE_WORDS["page_bring"] for ln in lines)


def test_a_fold_build_says_fold_on_its_contents_page(fixture_game, tmp_path):
    import pypdf

    from tests.render.conftest import build

    built = build(fixture_game, tmp_path, paper="a4", duplex="none", layout="fold")
    text = pypdf.PdfReader(built.result.pdf).pages[0].extract_text()
    assert "Fold each piece on the dashed line" in " ".join(text.split())


@pytest.mark.parametrize("layout", [None, "fold"])
def test_a_single_sided_build_prints_no_duplex_test(fixture_game, tmp_path, layout):
    """The duplex test tests nothing printed single-sided (or folded): it is left out, and
    the contents page neither points at it nor counts it."""
    import pypdf

    from tests.render.conftest import build

    built = build(fixture_game, tmp_path, paper="a4", duplex="none", layout=layout)
    reader = pypdf.PdfReader(built.result.pdf)
    texts = [" ".join(page.extract_text().split()) for page in reader.pages]
    assert not any(PAGE_WORDS["page_registration"] in t for t in texts)
    assert "duplex test" not in texts[0]
    assert f"page 1 of {len(reader.pages)}" in texts[0]
    assert built.manifest["page_count"] == len(reader.pages)


def test_a_double_sided_build_ends_with_the_duplex_test(a4_long):
    import pypdf

    reader = pypdf.PdfReader(a4_long.result.pdf)
    texts = [" ".join(page.extract_text().split()) for page in reader.pages]
    n = len(reader.pages)
    assert PAGE_WORDS["page_registration"] in texts[-2]
    assert f"(pages {n - 1}–{n})" in texts[0]


def test_double_sided_needed_backs_print_front_only_sheets_last_with_no_blanks(fixture_game,
                                                                              tmp_path):
    """``--backs needed`` double-sided: a sheet with nothing on its back was followed by a
    blank page. The sheets with backs come first, each front on an odd page with its
    backs on the next; then the duplex test; then the front-only sheets, which the
    contents page says to print single-sided, on their own."""
    import pikepdf
    import pypdf

    from tests.render.conftest import build

    built = build(fixture_game, tmp_path, paper="a4", duplex="long", backs="needed")
    items = built.manifest["items"]
    n = built.manifest["page_count"]
    fronts = {(i["component"], i["copy"], i.get("tile")): i["page"] for i in items
              if i["side"] == "front"}
    backed = {(i["component"], i["copy"], i.get("tile")) for i in items if i["side"] == "back"}
    assert backed and len(backed) < len(fronts)  # the fixture has both kinds
    for item in items:
        if item["side"] == "back":
            key = (item["component"], item["copy"], item.get("tile"))
            assert item["page"] == fronts[key] + 1 and fronts[key] % 2 == 1
    alone = sorted({p for k, p in fronts.items()} - {fronts[k] for k in backed})
    assert all(fronts[k] < alone[0] for k in backed)  # together, at the end
    assert alone[-1] == n and not [i for i in items if i["side"] == "back"
                                   and i["page"] >= alone[0]]
    alone = list(range(alone[0], n + 1))
    # ruling: a board whose tiles have backs keeps its assembly page (no back) just
    # before its first tile, a blank behind it, not among the sheets at the end
    assemblies = sorted(fronts[k] - 2 for k in backed if k[2] == "A1")
    assert assemblies and all(a < alone[0] for a in assemblies)
    reader = pypdf.PdfReader(built.result.pdf)
    test_at = alone[0] - 2
    assert PAGE_WORDS["page_registration"] in reader.pages[test_at - 1].extract_text()
    contents = " ".join(reader.pages[0].extract_text().split())
    said = f"{alone[0]}–{alone[-1]}" if len(alone) > 1 else str(alone[0])
    assert f"Pages {said} have nothing on their backs: print them single-sided" in contents
    with pikepdf.open(built.pdf) as pdf:
        blanks = [k for k, page in enumerate(pdf.pages, 1) if k > 2
                  and ("/Contents" not in page or not page.Contents.read_bytes().strip())]
    assert blanks == [a + 1 for a in assemblies], blanks
    reader_pages = pypdf.PdfReader(built.result.pdf).pages
    assert all("assembly" in reader_pages[a - 1].extract_text() for a in assemblies)


def test_double_sided_all_backs_keep_one_job(fixture_game, a4_long):
    """``--backs all`` (the default) stays one double-sided job: a front-only sheet keeps
    its blank back and the contents page names no pages to print single-sided."""
    import pypdf

    contents = " ".join(pypdf.PdfReader(a4_long.result.pdf).pages[0].extract_text().split())
    assert "print them single-sided" not in contents


def test_double_sided_with_no_backs_at_all_prints_single_sided(fixture_game, tmp_path):
    """``--backs none`` on a duplexer: nothing has a back, so the file is one single-sided
    job (no duplex test, no blank pages, the viewer told Simplex), not a duplex test
    followed by pages to print single-sided."""
    import pikepdf
    import pypdf

    from tests.render.conftest import build

    built = build(fixture_game, tmp_path, paper="a4", duplex="long", backs="none")
    reader = pypdf.PdfReader(built.result.pdf)
    texts = [" ".join(page.extract_text().split()) for page in reader.pages]
    assert not any(PAGE_WORDS["page_registration"] in t for t in texts)
    assert PAGE_WORDS["page_single_plain"] in texts[0] and "double-sided" not in texts[0]
    with pikepdf.open(built.pdf) as pdf:
        assert pdf.Root.ViewerPreferences.Duplex == "/Simplex"
        assert all(page.Contents.read_bytes().strip() for page in pdf.pages)
