"""Imposition maths: properties over any mix of pieces, and the layouts the issue names."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.render.geometry import PAPERS, Paper, Rect, mirror
from generator.render.layout import (
    MARK_INSIDE,
    Cut,
    capacity,
    crop_marks,
    fits,
    impose,
    mark_area,
    mark_limits,
    slots,
)

cuts = st.builds(Cut, w=st.floats(8, 180), h=st.floats(8, 260), bleed=st.sampled_from([0, 2, 3, 3.175, 5]),
                 butted=st.booleans())
runs = st.lists(st.tuples(cuts, st.integers(1, 30)), min_size=1, max_size=5)
papers = st.sampled_from(sorted(PAPERS))


def placed(run_list: list[tuple[Cut, int]], paper: Paper):
    sheets = impose(run_list, paper)
    out = []
    for n, sheet in enumerate(sheets):
        for run, block in sheet.blocks:
            out += [(run, s) for s in slots(block, n)]
    return sheets, out


def fitting(run_list: list[tuple[Cut, int]], paper: Paper) -> list[tuple[Cut, int]]:
    return [(c, k) for c, k in run_list if fits(c, paper)]


@settings(max_examples=150, deadline=None)
@given(runs, papers)
def test_every_copy_is_placed_exactly_once(run_list, paper_name):
    paper = PAPERS[paper_name]
    run_list = fitting(run_list, paper)
    _, found = placed(run_list, paper)
    counts = Counter((run, s.index) for run, s in found)
    expected = Counter((run, i) for run, (_, k) in enumerate(run_list) for i in range(k))
    assert counts == expected


@settings(max_examples=150, deadline=None)
@given(runs, papers)
def test_pieces_never_overlap_and_stay_inside_the_margins(run_list, paper_name):
    paper = PAPERS[paper_name]
    _, found = placed(fitting(run_list, paper), paper)
    for _, s in found:
        assert paper.printable.contains(s.clip), s
        assert s.clip.contains(s.trim)
    by_sheet: dict[int, list] = {}
    for _, s in found:
        by_sheet.setdefault(s.sheet, []).append(s)
    for group in by_sheet.values():
        for i, a in enumerate(group):
            for b in group[i + 1:]:
                assert not a.trim.overlaps(b.trim)
                assert not a.clip.overlaps(b.trim) and not b.clip.overlaps(a.trim)


@settings(max_examples=100, deadline=None)
@given(runs, papers)
def test_crop_marks_stay_off_every_piece_and_the_paper_edge(run_list, paper_name):
    paper = PAPERS[paper_name]
    sheets, found = placed(fitting(run_list, paper), paper)
    for n, sheet in enumerate(sheets):
        trims = [s.trim for _, s in found if s.sheet == n]
        clips = [s.clip for _, s in found if s.sheet == n]
        for (_, block), limit in zip(sheet.blocks, mark_limits(sheet, paper), strict=True):
            for x0, y0, x1, y1 in crop_marks(block, paper, limit):
                mark = Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
                assert 4.0 - 1e-6 <= mark.x and mark.x1 <= paper.w - 4.0 + 1e-6
                assert 4.0 - 1e-6 <= mark.y and mark.y1 <= paper.h - 4.0 + 1e-6
                # a mark is a zero-width line: test it against each trim grown by a hair
                assert not any(t.outset(0.25).overlaps(mark.outset(0.001)) for t in trims)
                # it reaches over a bleed only as far as it needs to print 2 mm
                if any(c.overlaps(mark.outset(0.001)) for c in clips):
                    assert inside(mark, paper) <= MARK_INSIDE + 0.01


def inside(mark: Rect, paper) -> float:
    cut = mark_area(paper).intersection(mark.outset(0.001))
    return 0.0 if cut is None else max(cut.w, cut.h)


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_every_mark_of_a_poker_sheet_prints_inside_a_5mm_margin(paper_name):
    paper = PAPERS[paper_name]
    sheets = impose([(Cut(63.5, 88.9, 3.0), 9)], paper)
    for sheet in sheets:
        for (_, block), limit in zip(sheet.blocks, mark_limits(sheet, paper), strict=True):
            marks = crop_marks(block, paper, limit)
            assert len(marks) == 2 * (block.cols + 1) + 2 * (block.rows + 1)
            for x0, y0, x1, y1 in marks:
                mark = Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
                assert inside(mark, paper) >= MARK_INSIDE - 1e-6


@settings(max_examples=150)
@given(st.floats(0, 200), st.floats(0, 270), st.floats(1, 100), st.floats(1, 100), papers,
       st.sampled_from(["long", "short"]))
def test_backs_mirror_fronts_for_both_flips(x, y, w, h, paper_name, flip):
    paper = PAPERS[paper_name]
    front = Rect(x, y, w, h)
    back = mirror(front, paper, flip)
    again = mirror(back, paper, flip)  # turning over twice gives the front again
    assert abs(again.x - x) < 1e-9 and abs(again.y - y) < 1e-9
    if flip == "long":  # turning over the long edge: x → W − x, y kept
        assert abs(back.x - (paper.w - front.x1)) < 1e-9 and back.y == front.y
    else:
        assert abs(back.y - (paper.h - front.y1)) < 1e-9 and back.x == front.x


def test_a4_holds_a_3_by_3_poker_grid_letter_turns_it_2_by_4():
    poker = Cut(63.5, 88.9, 3.0)
    assert capacity(poker, PAPERS["a4"], turned=False) == (3, 3)
    a4 = impose([(poker, 54)], PAPERS["a4"])
    assert len(a4) == 6 and all(b.count == 9 and not b.turned for s in a4 for _, b in s.blocks)
    assert capacity(poker, PAPERS["letter"], turned=False) == (3, 2)  # 3 x 3 breaks the 5 mm margin
    letter = impose([(poker, 54)], PAPERS["letter"])
    first = letter[0].blocks[0][1]
    assert (first.cols, first.rows, first.turned) == (2, 4, True)
    assert len(letter) == 7


def test_different_pieces_share_a_sheet_and_blocks_are_centred():
    paper = PAPERS["a4"]
    sheets = impose([(Cut(63.5, 88.9, 3.0), 3), (Cut(25, 25, 3.0, butted=False), 8)], paper)
    assert len(sheets) == 1 and [run for run, _ in sheets[0].blocks] == [0, 1]
    for _, block in sheets[0].blocks:
        b = block.bounds()
        assert abs((b.x - 0) - (paper.w - b.x1)) < 1e-6


def test_butted_bleed_reaches_only_past_free_edges():
    paper = PAPERS["a4"]
    block = impose([(Cut(63.5, 88.9, 3.0), 4)], paper)[0].blocks[0][1]
    first, second, third, fourth = slots(block, 0)
    assert first.clip == first.trim.grow(3, 3, 0, 0)  # neighbours right and below
    assert third.clip == third.trim.grow(0, 3, 3, 3)  # nothing below it: bleed into the gap
    assert fourth.clip == fourth.trim.grow(3, 0, 3, 3)


@settings(max_examples=60)
@given(st.sampled_from(["long", "short"]), st.booleans(), papers,
       st.floats(0, 100), st.floats(0, 150))
def test_a_cut_piece_is_the_same_object_whichever_way_the_printer_flips(flip, turned,
                                                                      paper_name, x, y):
    """Seen through the paper, the back's top is behind the front's top and the back's left
    behind the front's right, as on a real card turned over about its long side."""
    from generator.render.document import Document, Placement
    from generator.render.pdfwriter import Writer
    from generator.render.sheets import Duplex

    paper = PAPERS[paper_name]
    writer = Writer(Document(), [], paper)
    duplex = Duplex(flip, (0.0, 0.0))
    aw, ah = 69 * 72 / 25.4, 94.9 * 72 / 25.4  # the art's own box, points
    box = Rect(x, y, 94.9, 69) if turned else Rect(x, y, 69, 94.9)
    front = writer._matrix(Placement(0, box, turn=90 if turned else 0), aw, ah)
    back = writer._matrix(Placement(0, duplex.back_rect(box, paper),
                                    turn=duplex.back_turn(turned)), aw, ah)

    def apply(m, u, v):
        return (m[0] * u + m[2] * v + m[4], m[1] * u + m[3] * v + m[5])

    def through_paper(point):
        px, py = point
        w, h = paper.w * 72 / 25.4, paper.h * 72 / 25.4
        return (w - px, py) if flip == "long" else (px, h - py)

    for (fu, fv), (bu, bv) in ((((aw / 2, ah), (aw / 2, ah))),  # top behind top
                               (((aw, ah / 2), (0, ah / 2)))):  # right behind left
        f = apply(front, fu, fv)
        b = through_paper(apply(back, bu, bv))
        assert abs(f[0] - b[0]) < 1e-6 and abs(f[1] - b[1]) < 1e-6


def test_pieces_cut_alike_share_one_grid_across_components():
    from types import SimpleNamespace

    from generator.render.sheets import runs_by_cut

    def job(name, w, h, copies):
        return SimpleNamespace(name=name, copies=[f"{name}{i}" for i in range(copies)],
                               cut=lambda: Cut(w, h, 3.0))

    jobs = [job("events", 63.5, 88.9, 4), job("chips", 25, 25, 3), job("roles", 63.5, 88.9, 5)]
    runs = runs_by_cut(jobs)  # type: ignore[arg-type]
    assert [len(entries) for _, entries in runs] == [9, 3]  # 4 + 5 poker cards: one 3 x 3 grid
    assert [copy for _, copy in runs[0][1]] == [*jobs[0].copies, *jobs[2].copies]
    sheets = impose([(cut, len(e)) for cut, e in runs], PAPERS["a4"])
    assert [[b.count for _, b in sheet.blocks] for sheet in sheets] == [[9], [3]]
