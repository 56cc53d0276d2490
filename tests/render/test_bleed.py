"""Layouts that tell the truth: ``bleed_pt`` is the bleed printed, butted or spaced."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.render.geometry import PAPERS, Rect
from generator.render.layout import MARK_INSIDE, Cut, crop_marks, impose, mark_limits, slots

from .conftest import Built, build

MM = 72 / 25.4


def rect(box: list[float]) -> Rect:
    return Rect(box[0], box[1], box[2] - box[0], box[3] - box[1])


def cards(built: Built) -> list[dict]:
    return [i for i in built.manifest["items"] if i["kind"] == "card" and i["side"] == "front"]


def test_butted_cards_claim_no_bleed_over_a_neighbour(a4_long: Built):
    items = cards(a4_long)
    by_page: dict[int, list[dict]] = {}
    for item in items:
        by_page.setdefault(item["page"], []).append(item)
    shared = 0
    for group in by_page.values():
        for a in group:
            bleed, trim = rect(a["bleed_pt"]), rect(a["trim_pt"])
            assert bleed.contains(trim)
            for b in group:
                if b is not a:  # a bleed never reaches into another card's trim
                    assert not bleed.overlaps(rect(b["trim_pt"]))
            shared += sum(abs(x - y) < 0.01 for x, y in zip(a["bleed_pt"], a["trim_pt"],
                                                            strict=True))
    assert shared > 0  # butted edges: bleed equals trim there


@pytest.fixture(scope="module")
def spaced(fixture_game, tmp_path_factory: pytest.TempPathFactory) -> Built:
    return build(fixture_game, Path(tmp_path_factory.mktemp("spaced")), paper="a4",
                 layout="spaced")


def test_spaced_cards_have_their_full_bleed_on_every_side(spaced: Built):
    items = cards(spaced)
    assert items
    for item in items:
        bleed, trim = item["bleed_pt"], item["trim_pt"]
        for side in range(4):
            assert abs(abs(bleed[side] - trim[side]) - 3 * MM) < 0.01
        for other in items:
            if other is not item and other["page"] == item["page"]:
                assert not rect(bleed).overlaps(rect(other["bleed_pt"]))


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_a_spaced_block_has_two_cuts_per_gutter_and_every_mark_prints(paper_name):
    paper = PAPERS[paper_name]
    cut = Cut(63.5, 88.9, 3.0, butted=False, spaced=True)
    sheet = impose([(cut, 6)], paper)[0]
    (_, block), limit = sheet.blocks[0], mark_limits(sheet, paper)[0]
    placed = slots(block, 0)
    for s in placed:
        assert s.clip == s.trim.outset(3.0)
    marks = crop_marks(block, paper, limit)
    xs = {round(m[0], 3) for m in marks if m[0] == m[2]}
    assert len(xs) == 2 * block.cols  # each column's own two cuts
    for x0, y0, x1, y1 in marks:
        mark = Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
        cut_part = paper.printable.intersection(mark.outset(0.001))
        assert cut_part is not None and max(cut_part.w, cut_part.h) >= MARK_INSIDE - 0.01
        assert not any(s.trim.outset(0.25).overlaps(mark.outset(0.001)) for s in placed)


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_every_board_tile_has_trim_marks_on_the_board_edges_it_holds(paper_name):
    from generator.deck.validate import validate_game
    from generator.games import GAMES
    from generator.render.build import BuildOptions, plan
    from generator.render.document import MARK

    doc = plan(validate_game(GAMES["kings-of-copper"]), BuildOptions(paper=paper_name))
    tiles = [p for p in doc.pages if p.role == "tile"]
    assert len(tiles) >= 6  # the middle tiles hold one board edge, or none
    for page in tiles:
        window, trim = page.bleed, page.trim
        assert window is not None and trim is not None
        marks = [ln for ln in page.lines if ln.style == MARK
                 and not (window.x < ln.points[0][0] < window.x1
                          and window.y < ln.points[0][1] < window.y1)]
        holds = (any(window.x + 0.01 < v < window.x1 - 0.01 for v in (trim.x, trim.x1))
                 or any(window.y + 0.01 < v < window.y1 - 0.01 for v in (trim.y, trim.y1)))
        if holds:  # two ticks at the ends of each board edge it holds, outside the art
            assert len(marks) >= 2, page.footer


def test_the_command_line_takes_a_layout(capsys):
    from generator.cli import parser

    assert parser().parse_args(["build", "--layout", "spaced"]).layout == "spaced"
    assert parser().parse_args(["build"]).layout is None  # each kind's own default
    with pytest.raises(SystemExit) as exit_:
        parser().parse_args(["build", "--layout", "glued"])
    assert exit_.value.code == 2 and "invalid choice" in capsys.readouterr().err


def test_each_kind_has_its_default_layout(fixture_game):
    from generator.render.jobs import jobs

    cuts = {job.kind: job.cut() for job in jobs(fixture_game, 3.0)
            if job.piece.shape == "rect"}
    assert cuts["card"].butted and not cuts["card"].spaced
    assert cuts["aid"].spaced and not cuts["aid"].butted
    spaced = {job.kind: job.cut() for job in jobs(fixture_game, 3.0, "spaced")
              if job.piece.shape == "rect"}
    assert spaced["card"].spaced
