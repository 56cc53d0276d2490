"""Board tiling and die nets: the geometry a player cuts and glues."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.render.dice import OPPOSITE, SQUARES, net_for
from generator.render.geometry import PAPERS, Rect
from generator.render.seams import crosses
from generator.render.tiling import OVERLAP, fits_page, tile, window_size


@settings(max_examples=150)
@given(st.floats(60, 1200), st.floats(60, 1200), st.sampled_from(sorted(PAPERS)))
def test_tiles_cover_the_board_overlap_enough_and_fit_the_page(w, h, paper_name):
    paper = PAPERS[paper_name]
    tiling = tile(w, h, paper)
    room_w, room_h = window_size(paper)
    xs = sorted({t.window.x for t in tiling.tiles})
    ys = sorted({t.window.y for t in tiling.tiles})
    assert (len(xs), len(ys)) == (tiling.cols, tiling.rows)
    for t in tiling.tiles:
        assert t.window.w <= room_w + 1e-6 and t.window.h <= room_h + 1e-6
        assert paper.printable.contains(t.on_page(t.window))
    ww = tiling.tiles[0].window
    assert xs[0] == 0 and abs(xs[-1] + ww.w - tiling.w) < 1e-3  # both ends covered
    assert ys[0] == 0 and abs(ys[-1] + ww.h - tiling.h) < 1e-3
    for a, b in itertools.pairwise(xs):
        assert a + ww.w - b >= OVERLAP - 1e-6  # overlap wide enough to glue and to print
    for a, b in itertools.pairwise(ys):
        assert a + ww.h - b >= OVERLAP - 1e-6


@settings(max_examples=80)
@given(st.floats(300, 900), st.floats(300, 900), st.sampled_from(sorted(PAPERS)))
def test_alignment_marks_sit_at_the_same_board_spot_on_both_neighbours(w, h, paper_name):
    tiling = tile(w, h, PAPERS[paper_name])
    xs, ys = tiling.seams()
    for x0, y0, x1, y1 in tiling.alignment_marks():
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        holders = [t for t in tiling.tiles if t.window.x <= cx <= t.window.x1
                   and t.window.y <= cy <= t.window.y1]
        assert len(holders) >= 2  # the seam's mark shows on both sides of it
        assert any(crosses(path, Rect(cx - 0.01, cy - 0.01, 0.02, 0.02)) for path in xs + ys)


def test_a_board_that_fits_is_not_tiled_and_a_big_one_turns_when_that_saves_pages():
    a4 = PAPERS["a4"]
    assert fits_page(150, 120, 3, a4) is False
    assert fits_page(270, 190, 3, a4) is True  # fits turned
    assert fits_page(420, 300, 3, a4) is None
    for paper in PAPERS.values():  # the contract's largest sheet fits both papers upright
        assert fits_page(200, 265, 3, paper) is False
    tiling = tile(426, 306, a4)
    assert (tiling.turned, tiling.rows, tiling.cols) == (True, 2, 2)


def test_seams_move_off_text_when_the_room_allows():
    a4 = PAPERS["a4"]
    plain = tile(400, 250, a4)
    xs = [path[0][0] for path in plain.seams()[0]]
    words = [Rect(x - 10, 100, 20, 6) for x in xs]  # a word on every even seam
    moved = tile(400, 250, a4, words)
    assert not plain.turned and len(xs) == 2
    assert (moved.rows, moved.cols, moved.turned) == (plain.rows, plain.cols, plain.turned)
    for (x, _), *_ in moved.seams()[0]:
        assert not any(w.x - 1 < x < w.x1 + 1 for w in words)
    for a, b in itertools.pairwise(sorted(t.window.x for t in moved.tiles if t.row == 0)):
        assert a + moved.tiles[0].window.w - b >= OVERLAP - 1e-6


def test_die_net_puts_opposite_values_on_opposite_faces():
    def adjacent(a: int, b: int) -> bool:
        (ca, ra), (cb, rb) = SQUARES[a], SQUARES[b]
        return abs(ca - cb) + abs(ra - rb) == 1

    for a, b in OPPOSITE:  # values[i] and values[5 - i]: 1-6, 2-5, 3-4
        assert a + b == 5 and not adjacent(a, b)
    # a cross net: the column's 1st and 3rd squares, and the two arms, are opposite pairs
    assert {SQUARES[0], SQUARES[5]} == {(1, 0), (1, 2)}
    assert {SQUARES[2], SQUARES[3]} == {(0, 1), (2, 1)}


def test_die_net_has_seven_glue_tabs_and_the_right_cuts_and_folds():
    net = net_for(18)
    assert net.tab == 5.4 and net.size == (54, 77.4)
    tabs = net.tabs()
    assert len(tabs) == 7  # one per pair of edges that meet when folded
    assert len(net.folds()) == 5 + 7  # shared square edges + tab bases
    assert len(net.cuts()) == 7 + 7 * 3  # untabbed outer edges + three sides per tab
    whole = Rect(0, 0, *net.size)
    for poly in tabs:
        for x, y in poly:
            assert whole.outset(1e-9).contains(Rect(x, y, 0, 0))
    squares = [net.square(i) for i in range(6)]
    assert not any(a.overlaps(b) for a, b in itertools.combinations(squares, 2))
