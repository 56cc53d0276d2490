"""The contents page's small rules: page ranges and how many pages the list takes."""

from __future__ import annotations

import pytest

from generator.render.build import order_pages
from generator.render.document import Page
from generator.render.furniture import ROWS_FIRST, ROWS_MORE, contents_page_count, page_ranges


@pytest.mark.parametrize(("pages", "text"), [
    ([], "–"), ([7], "7"), ([3, 5], "3, 5"), ([3, 5, 7, 9], "3–9 (odd)"),
    ([4, 6, 8], "4–8 (even)"), ([4, 5, 6], "4–6"), ([3, 5, 6], "3, 5, 6"),
])
def test_page_ranges(pages, text):
    assert page_ranges(pages) == text


def test_contents_pages_grow_with_the_component_list():
    assert contents_page_count(1) == contents_page_count(ROWS_FIRST) == 1
    assert contents_page_count(ROWS_FIRST + 1) == 2
    assert contents_page_count(ROWS_FIRST + ROWS_MORE) == 2
    assert contents_page_count(ROWS_FIRST + ROWS_MORE + 1) == 3


def test_double_sided_order_gives_every_front_a_back_page():
    a, b, c = Page("front"), Page("front"), Page("back")
    b_back = Page("back")
    assert order_pages([(a, None), (b, b_back)], "long")[1].role == "blank"
    assert order_pages([(a, None), (b, b_back)], "short")[2:] == [b, b_back]
    assert order_pages([(a, c), (b, b_back)], "none") == [a, b]  # backs with nothing on them
    b_back.placements.append(object())  # type: ignore[arg-type]
    assert order_pages([(a, c), (b, b_back)], "none") == [a, b, b_back]
