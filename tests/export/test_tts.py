"""``--to tts``: deck sheets and the saved object, checked against the Tabletop Simulator
documentation: the save-file field names, at most 10 x 7 cards and 4096 px a side per
sheet, the last slot the hidden card, CardID = CustomDeck key x 100 + slot; the objects
laid out inside the table, decks face down, money one stack a denomination, chips in
bags, every image named relative to the JSON or under ``--base-url``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Literal
from urllib.parse import unquote, urlparse

import pytest
from fixture_model import FOLDER, load_fixture
from PIL import Image, ImageChops, ImageStat
from pydantic import BaseModel, ConfigDict, field_validator

from generator.export.base import ExportError
from generator.export.ttsgrid import MAX_PX, MIN_DPI, card_px, plan
from generator.export.ttslayout import TABLE_HALF, place

from .conftest import exported

DECK_ENTRY = {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack",
              "Type"}


def local(url: str, folder: Path) -> Path:
    """The file a relative image address names, beside the saved object."""
    assert not urlparse(url).scheme and not url.startswith("/"), url
    return folder / unquote(url)


def saved(tts_export) -> dict:
    work, _ = tts_export
    return json.loads((work.final / "pnp-fixture.json").read_text(encoding="utf-8"))


# What Tabletop Simulator reads of a saved object (its save-file format), as a model:
# unknown keys are refused where TTS would silently ignore a misspelt one.
class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class TransformModel(Strict):
    posX: float
    posY: float
    posZ: float
    rotX: float
    rotY: float
    rotZ: float
    scaleX: float
    scaleY: float
    scaleZ: float


class DeckSheet(Strict):
    FaceURL: str
    BackURL: str
    NumWidth: int
    NumHeight: int
    BackIsHidden: bool
    UniqueBack: bool
    Type: int


class TileModel(Strict):
    Type: Literal[0, 1, 2]
    Thickness: float
    Stackable: bool
    Stretch: bool


class ImageModel(Strict):
    ImageURL: str
    ImageSecondaryURL: str
    ImageScalar: float
    WidthScale: float
    CustomTile: TileModel | None = None


class ObjectState(Strict):
    Name: Literal["DeckCustom", "Card", "Custom_Tile", "Custom_Board", "Bag"]
    Nickname: str
    Description: str
    GUID: str
    Transform: TransformModel
    Locked: bool = False
    CardID: int | None = None
    DeckIDs: list[int] | None = None
    CustomDeck: dict[str, DeckSheet] | None = None
    CustomImage: ImageModel | None = None
    ContainedObjects: list[ObjectState] | None = None

    @field_validator("GUID")
    @classmethod
    def six_hex(cls, value: str) -> str:
        assert len(value) == 6 and int(value, 16) >= 0
        return value


class SaveFile(Strict):
    SaveName: str
    GameMode: str
    Date: str
    Table: str
    Sky: str
    Note: str
    Rules: str
    PlayerTurn: str
    ObjectStates: list[ObjectState]


def urls(state: ObjectState) -> list[str]:
    """Every image address of an object and of what it contains."""
    found = [u for sheet in (state.CustomDeck or {}).values()
             for u in (sheet.FaceURL, sheet.BackURL)]
    if state.CustomImage:
        found += [u for u in (state.CustomImage.ImageURL, state.CustomImage.ImageSecondaryURL)
                  if u]
    return found + [u for inner in state.ContainedObjects or [] for u in urls(inner)]


def all_guids(state: ObjectState) -> list[str]:
    return [state.GUID] + [g for inner in state.ContainedObjects or [] for g in all_guids(inner)]


def test_the_saved_object_is_what_tts_reads_and_every_image_is_beside_it(tts_export):
    work, _ = tts_export
    save = SaveFile.model_validate(saved(tts_export))
    kinds = {s.Name for s in save.ObjectStates}
    assert {"DeckCustom", "Custom_Board", "Bag", "Custom_Tile"} <= kinds
    found = [u for state in save.ObjectStates for u in urls(state)]
    assert found and all(local(u, work.final).is_file() for u in found)
    guids = [g for state in save.ObjectStates for g in all_guids(state)]
    assert len(guids) == len(set(guids))  # TTS keys every object by its GUID
    for state in save.ObjectStates:
        if state.Name == "DeckCustom":
            assert state.DeckIDs == [c.CardID for c in state.ContainedObjects or []]
        if state.Name == "Bag":
            assert state.ContainedObjects and state.CustomImage is None


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
    for path in sorted(work.final.iterdir()):  # no path of the build machine in the JSON
        assert path.read_bytes() == (again.final / path.name).read_bytes(), path.name


def test_objects_lie_inside_the_table_decks_face_down_money_and_aids_face_up(tts_export):
    save = saved(tts_export)
    for state in save["ObjectStates"]:
        t = state["Transform"]
        assert abs(t["posX"]) <= TABLE_HALF[0] and abs(t["posZ"]) <= TABLE_HALF[1], state
        assert t["posY"] >= 1.0
    rot = {s["Nickname"]: s["Transform"]["rotZ"] for s in save["ObjectStates"]}
    assert rot["Claim Deck"] == 180.0  # a deck shows its backs
    assert rot["Player Aid"] == 0.0  # a player aid lies face up
    assert rot["Bank Notes"] == 0.0  # money face up: its value shows
    spots = [(s["Transform"]["posX"], s["Transform"]["posZ"]) for s in save["ObjectStates"]
             if s["Name"] != "Custom_Tile"]
    assert len(spots) == len(set(spots))  # nothing spawns on top of something else


def test_layout_keeps_forty_decks_in_rows_on_the_table():
    spots = place([(2.2, 3.1)] * 40 + [(16.0, 16.0)])
    assert all(abs(s.x) <= TABLE_HALF[0] and abs(s.z) <= TABLE_HALF[1] for s in spots)
    assert len({s.z for s in spots}) > 1  # more than one row
    xs = sorted((s.x, s.z) for s in spots[:40])
    assert len(set(xs)) == 40


def test_a_game_larger_than_the_table_is_one_line():
    with pytest.raises(ExportError, match=r"^the pieces need .* units of table depth"):
        place([(20.0, 20.0)] * 5)


def test_chips_and_tokens_are_in_bags_with_every_copy(tts_export, fixture_game):
    save = saved(tts_export)
    bags = {s["Nickname"]: s for s in save["ObjectStates"] if s["Name"] == "Bag"}
    for _, piece in fixture_game.data.pieces():
        if piece.kind in ("chip", "token"):
            inside = bags[piece.name]["ContainedObjects"]
            assert len(inside) == piece.total()
            assert all(o["Name"] == "Custom_Tile" for o in inside)
    loose = {s["Nickname"] for s in save["ObjectStates"] if s["Name"] == "Custom_Tile"}
    assert not loose & {"1", "Claim"}  # no chip or token is left on the table


@pytest.fixture(scope="module")
def two_notes(tmp_path_factory):
    """The fixture game with a second bank note, exported with ``--base-url``."""
    tmp = tmp_path_factory.mktemp("notes")
    folder = tmp / "game"
    shutil.copytree(FOLDER, folder)
    bills = folder / "bills.yaml"
    bills.write_text(bills.read_text(encoding="utf-8") + '      - {id: fifty, name: "$50", '
                     'count: 2, colour: "#D55E00", symbol: "50"}\n', encoding="utf-8")
    work, _ = exported(load_fixture(folder), tmp / "out", to="tts", dpi=100,
                       base_url=BASE.rstrip("/"))
    return work, (work.final / "pnp-fixture.json").read_text(encoding="utf-8")


BASE = "https://example.org/games/pnp/"


def test_money_is_one_stack_per_denomination(two_notes):
    save = json.loads(two_notes[1])
    stacks = {s["Nickname"]: s for s in save["ObjectStates"]
              if s["Nickname"].startswith("Bank Notes")}
    assert set(stacks) == {"Bank Notes: $10", "Bank Notes: $50"}
    assert [len(s["DeckIDs"]) for s in stacks.values()] == [3, 2]
    for stack in stacks.values():
        names = {c["Nickname"] for c in stack["ContainedObjects"]}
        assert names == {stack["Nickname"].split(": ")[1]}


def test_base_url_names_every_image_under_it(two_notes):
    work, text = two_notes
    save = SaveFile.model_validate_json(text)
    found = [u for state in save.ObjectStates for u in urls(state)]
    assert found and all(u.startswith(BASE) for u in found)
    assert all((work.final / unquote(u[len(BASE):])).is_file() for u in found)
