"""``--to tts``: deck sheets and the saved object, checked against the Tabletop Simulator
documentation: the save-file field names, at most 10 x 7 cards and 4096 px a side per
sheet, the last slot the hidden card, CardID = CustomDeck key x 100 + slot."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image, ImageChops, ImageStat

from generator.export.base import ExportError
from generator.export.ttsgrid import MAX_PX, MIN_DPI, card_px, plan

from .conftest import exported

SAVE_KEYS = {"SaveName", "GameMode", "Date", "Table", "Sky", "Note", "Rules", "PlayerTurn",
             "ObjectStates"}
TRANSFORM = {"posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"}
DECK_ENTRY = {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack",
              "Type"}
OBJECT_NAMES = {"DeckCustom", "Card", "Custom_Tile", "Custom_Board", "Bag"}


def local(url: str, folder: Path) -> Path:
    """An image named next to the saved object: a name, never a path of this machine."""
    parsed = urlparse(url)
    assert parsed.scheme == "" and "/" not in url, url
    return folder / unquote(url)


def saved(tts_export) -> dict:
    work, _ = tts_export
    return json.loads((work.final / "pnp-fixture.json").read_text(encoding="utf-8"))


def every_object(states: list[dict]) -> list[dict]:
    """The objects of the save, those in bags too."""
    return [o for s in states for o in [s, *every_object(s.get("ContainedObjects", [])
                                                         if s["Name"] == "Bag" else [])]]


def test_the_saved_object_has_the_documented_shape(tts_export):
    save = saved(tts_export)
    assert set(save) == SAVE_KEYS and save["SaveName"] == "Print Fixture & Co"
    for state in every_object(save["ObjectStates"]):
        assert state["Name"] in OBJECT_NAMES
        assert set(state["Transform"]) == TRANSFORM
        assert isinstance(state["Nickname"], str) and len(state["GUID"]) == 6
        if state["Name"] in ("Custom_Tile", "Custom_Board"):
            image = state["CustomImage"]
            assert {"ImageURL", "ImageSecondaryURL", "ImageScalar", "WidthScale"} <= set(image)
            assert local(image["ImageURL"], tts_export[0].final).is_file()
            if state["Name"] == "Custom_Tile":
                assert set(image["CustomTile"]) == {"Type", "Thickness", "Stackable", "Stretch"}
        if state["Name"] == "Bag":
            assert state["ContainedObjects"] and "CustomImage" not in state
    guids = [s["GUID"] for s in every_object(save["ObjectStates"])]
    assert len(guids) == len(set(guids))


def test_every_deck_copy_is_a_card_of_a_sheet_slot_before_the_hidden_one(tts_export,
                                                                         fixture_game):
    save = saved(tts_export)
    decks = {s["Nickname"]: s for s in save["ObjectStates"] if s["Name"] == "DeckCustom"}
    keys: list[str] = []
    for _, piece in fixture_game.data.pieces():
        if piece.kind not in ("card", "tile", "bill", "aid") or piece.shape != "rect":
            continue
        deck = decks[piece.name]
        assert len(deck["DeckIDs"]) == piece.total()
        assert deck["DeckIDs"] == [c["CardID"] for c in deck["ContainedObjects"]]
        for card in deck["ContainedObjects"]:  # a card names the one sheet it is cut from
            assert card["Name"] == "Card" and set(card["CustomDeck"]) == {str(card["CardID"] // 100)}
        for card_id in deck["DeckIDs"]:
            entry = deck["CustomDeck"][str(card_id // 100)]
            assert set(entry) == DECK_ENTRY and entry["BackIsHidden"] is False
            assert 1 <= entry["NumWidth"] <= 10 and 1 <= entry["NumHeight"] <= 7
            assert card_id % 100 < entry["NumWidth"] * entry["NumHeight"] - 1
        keys += list(deck["CustomDeck"])
    assert len(keys) == len(set(keys))  # a key names one sheet in the whole save


def test_sheets_fit_4096_and_the_last_slot_shows_the_back(tts_export):
    work, index = tts_export
    save = saved(tts_export)
    deck = next(s for s in save["ObjectStates"] if s["Nickname"] == "Claim Deck")
    entry = deck["CustomDeck"][str(deck["DeckIDs"][0] // 100)]
    assert entry["UniqueBack"] is True  # copper has its own back
    with Image.open(local(entry["FaceURL"], work.final)) as sheet:
        sheet = sheet.convert("RGB")
    cols, rows = entry["NumWidth"], entry["NumHeight"]
    assert sheet.size[0] <= MAX_PX and sheet.size[1] <= MAX_PX
    w, h = sheet.size[0] // cols, sheet.size[1] // rows
    files = [f for f in index["files"] if f["piece"] == "deck" and f["side"] == "front"]
    assert all(f["px"] == [w, h] and f["grid"] == [cols, rows] for f in files)
    hidden = sheet.crop(((cols - 1) * w, (rows - 1) * h, cols * w, rows * h))
    back_slot = next(f for f in index["files"] if f["piece"] == "deck" and f["side"] == "back"
                     and f["face"] == "back")
    with Image.open(work.final / back_slot["path"]) as backs:
        row, col = divmod(back_slot["slot"], back_slot["grid"][0])
        back = backs.convert("RGB").crop((col * w, row * h, (col + 1) * w, (row + 1) * h))
    assert max(ImageStat.Stat(ImageChops.difference(hidden, back)).mean) < 1


@pytest.mark.parametrize(("count", "size", "grid"), [
    (11, (63.5, 88.9), (10, 2)),  # 11 faces + the hidden card
    (69, (63.5, 88.9), (10, 7)),  # a full sheet
    (5, (63.5, 88.9), (6, 1)),
    (1, (63.5, 88.9), (2, 1)),
])
def test_grid_maths(count, size, grid):
    sheets = plan(count, size, 300, "deck")
    assert len(sheets) == 1
    g = sheets[0]
    assert (g.cols, g.rows) == grid and g.faces == count
    assert g.sheet_px[0] <= MAX_PX and g.sheet_px[1] <= MAX_PX
    assert g.hidden_slot == g.cols * g.rows - 1 >= count
    assert abs(g.card_px[1] / g.card_px[0] - size[1] / size[0]) < 0.01


def test_poker_on_a_full_sheet_is_409_px_wide_and_big_decks_take_more_sheets():
    assert card_px((63.5, 88.9), 10, 7, 300) == (409, 573)  # 4090 x 4011
    sheets = plan(140, (63.5, 88.9), 300, "deck")
    assert [s.faces for s in sheets] == [69, 69, 2]
    tall = plan(69, (70, 120), 300, "tarot")  # too tall for 7 rows at 100 dpi: fewer a sheet
    assert all(s.card_px[0] / (70 / 25.4) >= MIN_DPI - 0.5 for s in tall)


def test_a_piece_too_large_for_a_sheet_is_one_line():
    with pytest.raises(ExportError, match=r"^piece 'banner' \(1200 x 60 mm\) is too large "
                                          r"for a Tabletop Simulator deck sheet"):
        plan(3, (1200, 60), 300, "banner")


def test_the_same_game_gives_the_same_files(tts_export, fixture_game, tmp_path):
    work, _ = tts_export
    again, _ = exported(fixture_game, tmp_path, to="tts", dpi=100)
    for path in sorted(work.final.iterdir()):
        mine, theirs = path.read_bytes(), (again.final / path.name).read_bytes()
        if path.suffix == ".json":  # the saved object names its own folder
            theirs = theirs.replace(again.final.resolve().as_uri().encode(),
                                    work.final.resolve().as_uri().encode())
        assert mine == theirs, path.name


def test_the_table_is_set_up_decks_face_down_chips_in_bags(tts_export, fixture_game):
    states = saved(tts_export)["ObjectStates"]
    spots = [(s["Transform"]["posX"], s["Transform"]["posZ"]) for s in states]
    assert len(spots) == len(set(spots))  # no two objects on one spot
    assert all(abs(x) <= 36 and abs(z) <= 30 for x, z in spots)  # on the table
    bills = {p.name for _, p in fixture_game.data.pieces() if p.kind == "bill"}
    for state in states:  # decks face down, as they are drawn; money face up, counted
        face_down = state["Transform"]["rotZ"] == 180.0
        deck = state["Name"] in ("DeckCustom", "Card") and state["Nickname"] not in bills
        assert face_down == deck, state["Nickname"]
    chips = [p for _, p in fixture_game.data.pieces() if p.kind in ("chip", "token")
             and p.total() > 1]
    bags = [s for s in states if s["Name"] == "Bag"]
    assert chips and {b["Nickname"].split(":")[0] for b in bags} == {p.name for p in chips}
    assert not any(s["Name"] == "Custom_Tile" and s["Nickname"] in
                   {f.name for p in chips for f in p.faces} for s in states)


def test_money_is_one_stack_per_denomination():
    from generator.export.tts import _stacks
    from generator.games import GAMES
    from generator.render.jobs import jobs
    from generator.validate import validate_game

    loaded = validate_game(GAMES["kings-of-copper"])
    money = next(j for j in jobs(loaded, 0.0) if j.kind == "bill")
    stacks = _stacks(money)
    assert len(stacks) == len(money.piece.faces) > 1
    for stem, stack in stacks:
        assert len({c.face.id for c in stack.copies}) == 1 and stem.startswith(money.piece.id)
    assert sum(len(s.copies) for _, s in stacks) == len(money.copies)


def test_a_base_url_addresses_every_image(fixture_game, tmp_path):
    work, _ = exported(fixture_game, tmp_path, to="tts", dpi=100,
                       base_url="https://example.org/pnp/")
    save = json.loads((work.final / "pnp-fixture.json").read_text(encoding="utf-8"))
    urls = [u for s in every_object(save["ObjectStates"]) for u in _urls(s)]
    assert urls and all(u.startswith("https://example.org/pnp/") for u in urls)
    assert all((work.final / u.removeprefix("https://example.org/pnp/")).is_file()
               for u in urls)


def _urls(state: dict) -> list[str]:
    image = state.get("CustomImage", {})
    found = [image.get("ImageURL", ""), image.get("ImageSecondaryURL", "")]
    for entry in state.get("CustomDeck", {}).values():
        found += [entry["FaceURL"], entry["BackURL"]]
    return [u for u in found if u]
