"""``--to pod``: a deck's tuck box on the shop's own template (TGC's panels, read from
the published SVGs), the box a deck goes in, and a shop that has none."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest
from PIL import Image

from generator.export import presets
from generator.export.base import Export, ExportOptions
from generator.export.panels import AGREE_UNITS, MM_PER_UNIT
from generator.export.panels import TGC_TUCK_LAYOUTS as PANELS
from generator.export.pod import _tuck_box
from generator.export.presets import PRESETS
from generator.export.tuckbox import TuckBox, problems


def test_tgc_tuck_boxes_are_the_published_sheets_for_their_card_counts():
    boxes = {p.name: (p.px, p.holds, p.trim_in) for p in PRESETS["tgc"].products
             if p.family == "tuckbox"}
    assert boxes["PokerTuckBox36"] == ((2100, 1800), 36, (2.6, 3.6))
    assert boxes["PokerTuckBox108"] == ((3075, 2250), 108, (2.6, 3.6))
    assert boxes["TarotTuckBox90"] == ((3000, 2475), 90, (2.85, 4.85))
    assert len(boxes) == 12
    # a tuck box is never what a card is matched to, nor named as nearest to one
    assert all(p.family != "tuckbox" for p in PRESETS["tgc"].nearest((63.5, 88.9), "rect", "card"))


def test_a_tgc_deck_gets_its_tuck_box_on_the_published_template(tgc_export):
    work, index = tgc_export
    (box,) = [f for f in index["files"] if f["piece"] == "deck:tuck-box"]
    assert box["product"] == "PokerTuckBox36" and box["px"] == [2100, 1800]  # 11 cards
    assert box["layout"].endswith("/componentTemplates/PokerTuckBox36.svg")
    with Image.open(work.final / box["path"]) as image:
        assert image.size == (2100, 1800) and image.mode == "RGB"
        # the game's name is written on the front panel, where the template has it
        front = PANELS["PokerTuckBox36"].panels()["front"]
        crop = image.crop(tuple(round(v * 300 / 25.4) for v in (front.x, front.y, front.x1,
                                                                   front.y1)))
        assert crop.getextrema()[0][0] < 100  # dark letters inside the front
    skipped = {s["piece"]: s["reason"] for s in index["skipped"]}
    assert skipped["hints:tuck-box"].startswith(  # mini cards: TGC has no mini tuck box
        "no The Game Crafter tuck box with a published panel layout holds 4 cards of "
        "44.45 x 63.5 mm; nearest: BridgeTuckBox108 (108 cards) 59.69 x 91.44 mm")
    assert skipped["hints:tuck-box"].endswith("(--to tuck makes one to fold at home)")


def test_a_shop_without_tuck_boxes_says_so_and_points_home(drivethru_export):
    _, index = drivethru_export
    skipped = {s["piece"]: s["reason"] for s in index["skipped"]}
    assert skipped["deck:tuck-box"] == ("DriveThruCards lists no tuck box here (no published "
                                        "size could be read) (--to tuck makes one to fold at "
                                        "home)")
    assert not [f for f in index["files"] if "tuck" in f["piece"]]


@pytest.mark.parametrize(("card", "cards", "box"), [
    ((63.5, 88.9), 1, "PokerTuckBox36"), ((63.5, 88.9), 36, "PokerTuckBox36"),
    ((63.5, 88.9), 37, "PokerTuckBox54"), ((63.5, 88.9), 72, "PokerTuckBox72"),
    ((63.5, 88.9), 73, "PokerTuckBox90"), ((63.5, 88.9), 108, "PokerTuckBox108"),
    ((63.5, 88.9), 109, None),  # TGC makes no bigger poker box
    ((57.15, 88.9), 54, "BridgeTuckBox54"), ((57.15, 88.9), 55, "BridgeTuckBox108"),
    ((70.0, 120.0), 40, "TarotTuckBox40"), ((120.0, 70.0), 41, "TarotTuckBox90"),
    ((88.9, 88.9), 48, "SquareTuckBox48"), ((88.9, 88.9), 96, "SquareTuckBox96"),
    ((88.9, 139.7), 90, "JumboTuckBox90"),
    ((44.45, 63.5), 10, None),  # a mini rattles in every box TGC makes
    ((60.0, 90.0), 10, None),  # too wide for the bridge room, 6 mm narrow for the poker one
    ((63.5, 80.0), 10, None),  # 11.4 mm short of the poker room: more than 3/8 in
])
def test_a_deck_gets_the_smallest_tuck_box_that_holds_it(card, cards, box):
    found = PRESETS["tgc"].tuck_box_for(card, cards)
    assert (found.name if found else None) == box
    assert PRESETS["mpc"].tuck_box_for(card, cards) is None


@pytest.mark.parametrize("name", sorted(PANELS))
def test_a_template_layout_is_a_box_its_fronts_and_sides_agree(name):
    layout = PANELS[name]
    assert layout.agrees()
    panels = layout.panels()
    front, back, left, right, lid = (panels[k] for k in ("front", "back", "left", "right", "lid"))
    slack = AGREE_UNITS * MM_PER_UNIT  # 0.25 mm: 3 px of the 300 dpi sheet
    assert (front.w, front.h) == pytest.approx((back.w, back.h), abs=slack)
    assert left.w == pytest.approx(right.w, abs=slack)  # both sides the deck's depth,
    assert lid.h == pytest.approx(left.w, abs=slack)  # and the lid as deep
    product = next(p for p in PRESETS["tgc"].products if p.name == name)
    assert product.layout is layout
    assert [round(v / 25.4 * 300) for v in layout.sheet_mm] == list(product.px)
    # the template's front is the product table's room less 0.072 in, in every box: the
    # panels read from the drawing and the inches Templative lists agree
    room_w, room_h = product.trim_mm
    assert (room_w - front.w, room_h - front.h) == pytest.approx((1.83, 1.83), abs=0.1)
    box = TuckBox("Kings of Copper", "Event cards", "events", (63.5, 88.9), product.holds,
                  layout)
    assert problems(box) == []


def test_a_template_that_disagrees_with_itself_is_not_drawn(monkeypatch):
    good = PANELS["PokerTuckBox90"]
    lid, top, bottom = good.rows
    bad = dataclasses.replace(good, rows=(lid - 9.5, top, bottom))  # a lid deeper than the sides
    assert good.agrees() and not bad.agrees()
    assert bad.disagreement() == pytest.approx(9.5 + good.disagreement(), abs=0.05)
    monkeypatch.setitem(presets.TGC_TUCK_LAYOUTS, "PokerTuckBox90", bad)
    product = presets.templative("PokerTuckBox90", (2775, 2100), "tuckbox", 90, (2.6, 3.6))
    assert product.layout is None  # named with the nearest boxes, never drawn


@pytest.mark.parametrize(("card", "cards", "name"), [
    ((57.15, 88.9), 54, "BridgeTuckBox54"), ((70.0, 120.0), 90, "TarotTuckBox90"),
    ((88.9, 88.9), 48, "SquareTuckBox48"), ((88.9, 139.7), 60, "JumboTuckBox90"),
    ((63.5, 88.9), 100, "PokerTuckBox108"),
])
def test_every_kind_of_tgc_tuck_box_is_written_at_its_template_size(fixture_game, tmp_path,
                                                                    card, cards, name):
    work = Export(fixture_game, ExportOptions(to="pod", preset="tgc"), tmp_path, tmp_path)
    piece = SimpleNamespace(id="events", name="Event cards", total=lambda: cards)
    _tuck_box(work, PRESETS["tgc"], SimpleNamespace(size=card, piece=piece))
    (entry,) = work.files
    product = next(p for p in PRESETS["tgc"].products if p.name == name)
    assert (entry["product"], entry["px"], entry["piece"]) == (name, list(product.px),
                                                               "events:tuck-box")
    assert entry["layout"] == PANELS[name].source and "/templative-electron/blob/" in entry["layout"]
    panels = PANELS[name].panels()
    with Image.open(tmp_path / entry["path"]) as image:
        assert image.size == product.px and image.mode == "RGB"
        for panel in ("front", "back", "lid"):  # words on the template's own panels
            box = tuple(round(v * 300 / 25.4) for v in (panels[panel].x, panels[panel].y,
                                                        panels[panel].x1, panels[panel].y1))
            assert image.crop(box).getextrema()[0][0] < 100, panel
        glue = round(panels["back"].x1 * 300 / 25.4) + 10  # nothing on the glue flap
        assert image.crop((glue, 0, product.px[0], product.px[1])).getextrema()[0][0] == 255
    again = Export(fixture_game, work.options, tmp_path / "again", tmp_path / "again")
    again.staging.mkdir()
    _tuck_box(again, PRESETS["tgc"], SimpleNamespace(size=card, piece=piece))
    assert (again.staging / entry["path"]).read_bytes() == (tmp_path / entry["path"]).read_bytes()
