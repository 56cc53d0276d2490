"""Tile seams round play spaces: stepped where no straight line is free, each tile's PDF
art holding only what the tile shows."""

from __future__ import annotations

import random

import pytest

from generator.deck.validate import validate_game
from generator.games import GAMES
from generator.render.cropsvg import cropped
from generator.render.document import Document
from generator.render.drawn import read
from generator.render.geometry import EPS, PAPERS, Rect
from generator.render.jobs import jobs
from generator.render.large import board_tiling
from generator.render.seams import STEP_COST, _free, _reach, _step, crosses, stepped
from generator.render.tiling import _steps_from, nearest_first, tile


def test_a_seam_steps_round_boxes_when_no_straight_line_is_free():
    # two boxes side by side leave no x free from top to bottom, but a way round them
    boxes = [Rect(0, 20, 60, 10), Rect(40, 50, 60, 10)]
    path = stepped(10, 90, 50, 100, boxes)
    assert path is not None and len(path) > 2  # not straight
    assert path[0][1] == 0 and path[-1][1] == 100
    assert not any(crosses(path, b) for b in boxes)
    assert all(10 <= x <= 90 for x, _ in path)
    assert stepped(10, 90, 50, 100, [Rect(0, 20, 100, 10)]) is None  # a wall: no way


def test_a_free_straight_line_is_kept_straight():
    assert stepped(10, 90, 50, 100, [Rect(0, 20, 30, 10)]) == ((50, 0.0), (50, 100))


def test_tiles_overlap_and_cover_when_seams_step():
    """A board whose every straight seam would cut a space tiles with stepped seams, every
    window still on the page and the seam inside both neighbours' windows."""
    spaces = [Rect(x, y, 24, 24) for y in range(10, 380, 30) for x in
              ((150, 190) if y // 30 % 2 else (170, 210))]
    tiling = tile(400, 400, PAPERS["a4"], spaces)
    xs, ys = tiling.seams()
    for path in xs + ys:
        assert not any(crosses(path, s) for s in spaces)
    for t in tiling.tiles:
        assert PAPERS["a4"].printable.contains(t.on_page(t.window))
        if t.col:
            assert all(t.window.x < x for x, _ in xs[t.col - 1])
        if t.col < tiling.cols - 1:
            assert all(x < t.window.x1 for x, _ in xs[t.col])


def test_a_tile_art_holds_only_what_it_shows():
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
           '<text x="5" y="10" font-size="4">Uptown</text>'
           '<g transform="translate(80,80)"><circle r="5"/><text font-size="3">Far</text></g>'
           '<rect x="45" y="0" width="10" height="100"/></svg>')
    kept = cropped(svg, lambda box: box.x < 50)
    assert "Uptown" in kept and "Far" not in kept and "circle" not in kept
    assert "rect" in kept  # it straddles the edge: kept whole, the clip hides the rest
    assert "<text" in kept and "ns0:" not in kept  # plain tags, as the ink reads them


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_kings_of_copper_seams_cross_no_space_and_marks_sit_outside(paper):
    loaded = validate_game(GAMES["kings-of-copper"])
    job = next(j for j in jobs(loaded, 3.0) if j.piece.id == "board")
    doc = Document()
    svg = doc.arts[job.front(doc, job.copies[0])]
    drawing = read(svg)
    b = job.bleed
    spaces = [box.moved(b, b) for box, _ in drawing.spaces]
    words = [line.box.moved(b, b) for line in drawing.lines]
    assert len(spaces) == len(loaded.data.board.spaces)
    tiling = board_tiling(job, PAPERS[paper], [svg])
    xs, ys = tiling.seams()
    assert any(len(path) > 2 for path in xs + ys)  # no straight way: stepped
    for path in xs + ys:
        assert not [s for s in spaces + words if crosses(path, s)]
    for x0, y0, x1, y1 in tiling.alignment_marks():
        cross = Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
        assert not [s for s in spaces + words if s.overlaps(cross)]


@pytest.fixture(scope="module")
def koc_board():  # type: ignore[no-untyped-def]
    loaded = validate_game(GAMES["kings-of-copper"])
    job = next(j for j in jobs(loaded, 3.0) if j.piece.id == "board")
    doc = Document()
    art = job.front(doc, job.copies[0])
    return job, doc, art


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_kings_of_copper_seams_keep_text_room_from_every_word(koc_board, paper):
    """A seam is cut: one 1 mm from a word (it ran down beside "Butte, Montana") clips a
    letter when the cut is a little off. Text keeps TEXT_ROOM, spaces SEAM_ROOM."""
    from generator.render.tiling import TEXT_ROOM

    job, doc, art = koc_board
    svg = doc.arts[art]
    b = job.bleed
    words = [line.box.moved(b, b) for line in read(svg).lines]
    xs, ys = board_tiling(job, PAPERS[paper], [svg]).seams()
    assert TEXT_ROOM == 2.0  # mm: what a cut a little off needs
    for path in xs + ys:
        assert not [w for w in words if crosses(path, w, 2.0 - 0.01)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_assembly_labels_sit_on_no_board_text_or_space(koc_board, paper):
    """Each tile's label on the assembly page lies in its own tile's part, on no word or
    play space of the board's picture (B3 sat on "Butte, Montana")."""
    from generator.render.large import overview_page
    from generator.render.tiling import LABEL_H, label_w

    job, doc, art = koc_board
    svg = doc.arts[art]
    tiling = board_tiling(job, PAPERS[paper], [svg])
    page = overview_page(job, job.copies[0], art, tiling, PAPERS[paper])
    box, scale = page.placements[0].box, page.overview["scale"]
    drawing = read(svg)
    b = job.bleed
    assert not tiling.turned
    art_boxes = [line.box for line in drawing.lines] + [s for s, _ in drawing.spaces]
    on_page = [Rect(box.x + (a.x + b) * scale, box.y + (a.y + b) * scale, a.w * scale,
                    a.h * scale) for a in art_boxes]
    labels = page.overview["labels"]
    assert len(labels) == len(tiling.tiles)
    for label, t in zip(labels, tiling.tiles, strict=True):
        w, h = label_w(label["text"]), LABEL_H
        spot = Rect(label["x"] - w / 2, label["y"] - h / 2, w, h)
        assert not [a for a in on_page if a.overlaps(spot)], label
        window = t.window
        x, y = (label["x"] - box.x) / scale, (label["y"] - box.y) / scale
        assert window.x <= x <= window.x1 and window.y <= y <= window.y1, label


def _boxes(rnd: random.Random, n: int) -> list[Rect]:
    """Boxes on a coarse grid, so edges meet and coincide as a board's spaces do."""
    return [Rect(rnd.randrange(-10, 100, 5) + rnd.choice((0, 0.5, EPS / 2)),
                 rnd.randrange(-10, 100, 5), rnd.randrange(1, 40, 2) + rnd.choice((0, 0.25)),
                 rnd.randrange(1, 30, 3)) for _ in range(n)]


def test_bisected_candidates_are_those_every_box_is_asked_about():
    """The seam search finds which candidate x a band leaves free, and which neighbours a
    step may join, by bisection: the same answers as asking every box about every x (the
    open spans, EPS on either side, as before)."""
    rnd = random.Random(7)
    for _ in range(400):
        boxes = _boxes(rnd, rnd.randrange(0, 20))
        # every edge, and just beside it: where open and closed spans part
        xs = sorted({e + d for b in boxes for e in (b.x, b.x1) for d in (-EPS, 0.0, EPS)}
                    | {0.0, 50.0})
        edges = ([x - EPS for x in xs], [x + EPS for x in xs])
        y = rnd.choice([b.y for b in boxes] + [rnd.uniform(-10, 120)])
        assert _free(xs, boxes) == [not any(b.x + EPS < x < b.x1 - EPS for b in boxes)
                                    for x in xs]
        across = [(b.x, b.x1) for b in boxes if b.y + EPS < y < b.y1 - EPS]
        groups = [0]
        for a, b in zip(xs, xs[1:], strict=False):
            groups.append(groups[-1] + any(x0 < b - EPS and x1 > a + EPS for x0, x1 in across))
        assert _reach(xs, edges, y, boxes) == groups


def test_a_step_is_taken_only_when_cheaper_then_from_the_lower_index():
    # candidate 0 costs 5; 1 is blocked (None) and reached only by a step; 2 costs
    # 5 + STEP_COST, a tie with a step from 0: the lower (cost, index) pair wins, the step
    # (as min() over the options chose); 3 is alone in its group and stays
    costs, came = _step([5.0, None, 5.0 + STEP_COST, 1.0], [0, 0, 0, 1])
    assert costs == [5.0, 5.0 + STEP_COST, 5.0 + STEP_COST, 1.0]
    assert came == [0, 0, 0, 3]
    # the other way round: the cheapest comes later, so a tie stays put
    assert _step([1.0 + STEP_COST, 1.0], [0, 0]) == ([1.0 + STEP_COST, 1.0], [0, 1])


def test_label_places_come_nearest_first_as_sorting_them_all_would():
    """The overview's label places are taken from a heap as far as needed: the same order
    as sorting every place by distance from the middle, then by place (ties included: a
    middle on the grid has four places at each distance)."""
    rnd = random.Random(3)
    for _ in range(300):
        mx, my = rnd.choice([rnd.uniform(0, 300), 100.0]), rnd.choice([rnd.uniform(0, 300), 50.0])
        xs = _steps_from(mx, mx - rnd.uniform(-5, 60), mx + rnd.uniform(-5, 60))
        ys = _steps_from(my, my - rnd.uniform(-5, 40), my + rnd.uniform(-5, 40))
        want = sorted(((x, y) for x in xs for y in ys),
                      key=lambda p: ((p[0] - mx) ** 2 + (p[1] - my) ** 2, p))
        assert list(nearest_first(xs, ys, mx, my)) == want
