"""The contents page's small rules: page ranges and how many pages the list takes."""

from __future__ import annotations

import pytest

from generator.render.build import order_pages
from generator.render.document import Page
from generator.render.furniture import ROW_H, Settings, contents_chunks, page_ranges
from generator.render.geometry import PAPERS


@pytest.mark.parametrize(("pages", "text"), [
    ([], "–"), ([7], "7"), ([3, 5], "3, 5"), ([3, 5, 7, 9], "3–9 (odd)"),
    ([4, 6, 8], "4–8 (even)"), ([4, 5, 6], "4–6"), ([3, 5, 6], "3, 5, 6"),
])
def test_page_ranges(pages, text):
    assert page_ranges(pages) == text


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_contents_rows_split_into_pages_by_height(paper, fixture_game):
    settings = Settings(fixture_game.data.game, PAPERS[paper], "long", (0.0, 0.0))
    rows = [{"name": f"c{i}", "kind": "card", "how": ["x"] * (1 + i % 4)} for i in range(40)]
    chunks = contents_chunks(rows, settings)
    assert [r["name"] for chunk in chunks for r in chunk] == [r["name"] for r in rows]
    assert len(chunks) >= 3
    for chunk in chunks:
        for a, b in zip(chunk, chunk[1:], strict=False):
            assert b["y"] - a["y"] >= ROW_H + 3.2 * (len(a["how"]) - 1) - 1e-9  # no overlap
        last = chunk[-1]
        assert last["y"] + ROW_H + 3.2 * (len(last["how"]) - 1) <= PAPERS[paper].h - 18
    short = contents_chunks(rows[:3], settings)
    assert len(short) == 1


def test_double_sided_order_gives_every_front_a_back_page():
    a, b, c = Page("front"), Page("front"), Page("back")
    b_back = Page("back")
    assert order_pages([(a, None), (b, b_back)], "long")[1].role == "blank"
    assert order_pages([(a, None), (b, b_back)], "short")[2:] == [b, b_back]
    assert order_pages([(a, c), (b, b_back)], "none") == [a, b]  # backs with nothing on them
    b_back.placements.append(object())  # type: ignore[arg-type]
    assert order_pages([(a, c), (b, b_back)], "none") == [a, b, b_back]


def test_front_only_sheets_come_out_of_the_pairs_only_double_sided_with_needed_backs():
    from generator.render.furniture import front_only_last

    a, b, c = Page("front"), Page("front"), Page("front")
    b_back, c_back = Page("back"), Page("back")  # c's back has nothing on it
    b_back.placements.append(object())  # type: ignore[arg-type]
    pairs = [(a, None), (b, b_back), (c, c_back)]
    assert front_only_last(pairs, "long", "needed") == ([(b, b_back)], [a, c], "long")
    assert front_only_last(pairs, "long", "all") == (pairs, [], "long")  # one job
    assert front_only_last(pairs, "none", "needed") == (pairs, [], "none")
    alone = [(a, None), (c, c_back)]
    assert front_only_last(alone, "short", "none") == ([(a, None), (c, None)], [], "none")


def test_an_assembly_page_stays_before_its_tiles_when_they_have_backs():
    # ruling: moved to the end it would be pages away from the tiles it explains
    from generator.render.furniture import front_only_last

    overview, tile, tile_back = Page("overview"), Page("tile"), Page("back")
    tile_back.placements.append(object())  # type: ignore[arg-type]
    bill = Page("front")
    pairs = [(bill, None), (overview, None), (tile, tile_back)]
    kept, alone, sides = front_only_last(pairs, "long", "needed")
    assert (kept, alone, sides) == ([(overview, None), (tile, tile_back)], [bill], "long")
    assert [p.role for p in order_pages(kept, sides)] == ["overview", "blank", "tile", "back"]
    bare = [(overview, None), (tile, Page("back"))]  # tiles with nothing behind them
    assert front_only_last(bare + [(bill, tile_back)], "long", "needed")[1] == [overview, tile]
