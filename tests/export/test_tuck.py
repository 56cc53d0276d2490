"""``--to tuck``: a designed tuck box for every deck, its dieline and its pages."""

from __future__ import annotations

import pdfplumber
import pikepdf
import pytest
from rip import pages_without_trim_box, rip_complaints

from generator.cli import main
from generator.export import ExportError, tuck
from generator.export.tuckbox import CARD_MM, EASE_MM, GLUE_MM, MIN_MM, SAFE_MM, TuckBox, problems
from generator.render.document import Document
from generator.render.geometry import Rect, paper_for

from .conftest import exported

POKER = TuckBox("Copperdale", "Playing cards", "deck", (63.5, 88.9), 52)


@pytest.fixture(scope="module")
def tuck_export(fixture_game, tmp_path_factory):
    return exported(fixture_game, tmp_path_factory.mktemp("tuck"), to="tuck")


def test_the_box_is_the_card_with_room_and_the_deck_deep():
    assert (POKER.w, POKER.h) == pytest.approx((63.5 + EASE_MM, 88.9 + EASE_MM))
    assert POKER.d == pytest.approx(52 * CARD_MM + EASE_MM)
    deeper = TuckBox("G", "D", "d", (63.5, 88.9), 104)
    assert deeper.d - POKER.d == pytest.approx(52 * CARD_MM)
    w, h = POKER.size  # side, front, side, back, glue; tuck, lid, body, bottom, tuck
    assert w == pytest.approx(2 * POKER.d + 2 * POKER.w + GLUE_MM)
    assert h == pytest.approx(2 * POKER.tuck + 2 * POKER.d + POKER.h)
    assert TuckBox("G", "D", "d", (88.9, 63.5), 52).size == POKER.size  # landscape cards


def test_cuts_and_folds_lie_on_the_sheet_and_folds_on_panel_edges():
    w, h = POKER.size
    for line in POKER.cuts() + POKER.folds():
        assert all(-1e-9 <= x <= w + 1e-9 and -1e-9 <= y <= h + 1e-9 for x, y in line)
    edges_x = {round(v, 6) for v in POKER.columns()}
    edges_y = {round(v, 6) for v in POKER.rows()}
    for (x0, y0), (x1, y1) in POKER.folds():  # every fold is straight, on a panel edge
        assert (x0 == x1 and round(x0, 6) in edges_x) or (y0 == y1 and round(y0, 6) in edges_y)
    # the front's sides and the glue flap's hinge are folds, the sheet's left edge a cut
    front = POKER.panels()["front"]
    verticals = {round(a[0], 6) for a, b in POKER.folds() if a[0] == b[0]}
    assert {round(front.x, 6), round(front.x1, 6)} <= verticals
    assert ((0.0, POKER.rows()[2]), (0.0, POKER.rows()[3])) in POKER.cuts()
    notch = POKER.cuts()[5]  # the back's top edge dips for a thumb
    assert max(y for _, y in notch) > POKER.rows()[2] + 5


@pytest.mark.parametrize("cards", [1, 5, 52, 120])
def test_the_words_fit_inside_their_panels(cards):
    box = TuckBox("Boomtown Builders & Friends", "Building Cards", "b", (44.45, 63.5), cards)
    assert problems(box) == []
    panels = {word[0] for word in box.words()}
    assert {"front", "back"} <= panels
    assert ("left" in panels) == (box.d - 2 * SAFE_MM >= MIN_MM)  # a thin deck's sides: bare


class Spilling(TuckBox):
    def words(self):
        front = self.panels()["front"]
        return [("front", "Copperdale", front.x, front.y, 6.0, 0)]  # centred on a corner


def test_a_word_outside_its_panel_is_found_and_stops_the_export(fixture_game, tmp_path,
                                                                  monkeypatch):
    assert problems(Spilling(*vars(POKER).values())) == [
        "front: 'Copperdale' runs out of its panel"]
    real = tuck.boxes
    monkeypatch.setattr(tuck, "boxes", lambda work: [(p, Spilling(*vars(b).values()))
                                                     for p, b in real(work)])
    with pytest.raises(ExportError, match="the tuck box of deck: front: 'Copperdale' runs out of its panel"):
        exported(fixture_game, tmp_path, to="tuck")
    assert list(tmp_path.iterdir()) == []


def test_the_box_says_it_is_designed_and_escapes_names():
    box = TuckBox("Print Fixture & Co", "Gold <Strike>", "d", (63.5, 88.9), 11)
    svg = box.svg()
    assert "Print Fixture &amp; Co" in svg and "Gold &lt;Strike&gt;" in svg
    back = " ".join(text for panel, text, *_ in box.words() if panel == "back")
    assert "Designed tuck box, not a shop's template: 11 cards of 63.5 x 88.9 mm" in back
    assert "shop&#x27;s" in svg


def test_every_deck_has_a_page_on_a4_and_letter(tuck_export, fixture_game):
    work, index = tuck_export
    decks = [p.id for _, p in fixture_game.data.pieces() if p.kind == "card"]
    for paper, size in (("a4", [595.28, 841.89]), ("letter", [612.0, 792.0])):
        entries = [f for f in index["files"] if f["paper"] == paper]
        assert [f["piece"] for f in entries] == decks
        assert all(f["designed"] and f["path"] == f"tuck-boxes-{paper}.pdf" for f in entries)
        path = work.final / entries[0]["path"]
        with pikepdf.open(path) as pdf:
            assert len(pdf.pages) == len(decks)
            assert [round(float(v), 2) for v in pdf.pages[0].MediaBox[2:]] == size
        with pdfplumber.open(path) as pdf:
            text = pdf.pages[0].extract_text()
        assert "Print Fixture & Co" in text and "Claim Deck" in text and "11 cards" in text
        assert rip_complaints(path) == [] and pages_without_trim_box(path) == []


def test_a_round_deck_is_named_and_left_out(fixture_game, tmp_path, monkeypatch):
    (deck,) = [p for _, p in fixture_game.data.pieces() if p.id == "hints"]
    monkeypatch.setattr(deck, "shape", "circle")
    work, index = exported(fixture_game, tmp_path, to="tuck")
    assert {s["piece"]: s["reason"] for s in index["skipped"]} == {
        "hints": "a circle deck: the designed tuck box is for rectangular cards"}
    assert [f["piece"] for f in index["files"]] == ["deck", "deck"]  # on A4 and Letter


def test_the_box_lies_inside_the_printers_reach():
    for name in tuck.PAPERS:
        paper = paper_for(name)
        doc = Document()
        sheet = tuck.page(doc, POKER, paper)
        points = [p for line in sheet.lines for p in line.points]
        assert all(paper.printable.contains(Rect(x, y, 0, 0)) for x, y in points)


def test_a_box_no_page_holds_is_left_out_and_none_stops_the_export(fixture_game, tmp_path,
                                                                   monkeypatch):
    real = tuck.boxes

    def too_deep(work):
        return [(piece, TuckBox(b.game, b.deck, b.piece, b.card, 2000)) for piece, b in
                real(work)]

    monkeypatch.setattr(tuck, "boxes", too_deep)
    with pytest.raises(ExportError, match="no deck of .* has a tuck box that fits"):
        exported(fixture_game, tmp_path, to="tuck")
    assert list(tmp_path.iterdir()) == []  # nothing half-written


def test_the_same_game_gives_the_same_bytes(tuck_export, fixture_game, tmp_path):
    work, _ = tuck_export
    again, _ = exported(fixture_game, tmp_path, to="tuck")
    for name in ("tuck-boxes-a4.pdf", "tuck-boxes-letter.pdf"):
        assert (again.final / name).read_bytes() == (work.final / name).read_bytes()


def test_the_command_counts_the_files_it_wrote(capsys, tmp_path):
    assert main(["export", "boomtown-builders", "--to", "tuck", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.strip().startswith("boomtown-builders: 2 file(s) -> ")  # 3 decks, 2 papers
    written = sorted(p.name for p in (tmp_path / "boomtown-builders" / "export-tuck").iterdir())
    assert written == ["index.json", "tuck-boxes-a4.pdf", "tuck-boxes-letter.pdf"]
