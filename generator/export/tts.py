"""``--to tts``: Tabletop Simulator deck sheets and a saved object that loads them.

Cards, tiles, bills and aids (rectangles) become decks: their distinct faces on sheets
(``ttsgrid``), each copy a card of the deck (a face printed five times is five cards of
one CardID); money is one stack per denomination. Boards become ``Custom_Board`` objects;
chips and tokens ``Custom_Tile`` objects in one ``Bag`` per piece; score sheets and round
or hexagonal tiles a pile of ``Custom_Tile`` objects, one per copy, front and back.
``GAME.json`` (field names from the TTS save-file format) lays them out on the table
(``ttslayout``): decks face down, money and aids face up, each object nicknamed as a
player calls it (``ttsnames``). It names its images relative
to its own folder, or under ``--base-url`` (TTS itself loads only ``http(s)://`` and
``file:///`` addresses).
"""

from __future__ import annotations

import hashlib
import io
import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

from generator.export import raster
from generator.export.base import Export
from generator.export.pictures import Picture, pictures
from generator.export.ttsgrid import Grid, plan
from generator.export.ttslayout import TABLE_Y, footprint, place
from generator.export.ttsnames import named_things, nickname
from generator.render.jobs import Job, jobs

DECK_KINDS = ("card", "tile", "bill", "aid")
FACE_UP_KINDS = ("bill", "aid")  # money and aids lie face up; decks with a back face down
BAG_KINDS = ("chip", "token")
TILE_TYPE = {"rect": 0, "hex": 1, "circle": 2}  # CustomTile.Type: box, hex, circle
HIDDEN_GREY = (128, 128, 128)
POKER_W_MM = 63.5  # objects are scaled against a poker card (scale 1)
BAG_MM = (80.0, 80.0)  # a bag's footprint on the table
PILE_STEP = 0.2  # height between the objects of a pile
# the set-up order: boards, decks, money, aids, piles, bags
RANK = {"board": 0, "card": 1, "tile": 1, "bill": 2, "aid": 3, "sheet": 4, "chip": 5,
        "token": 5}

Placed = tuple[int, tuple[float, float], list[dict[str, Any]]]  # rank, footprint, a pile


def export(work: Export) -> None:
    laid: list[Placed] = []
    next_key = 1  # CustomDeck keys, unique across the save: CardID = key * 100 + slot
    things = named_things(work.loaded.data)
    for job in jobs(work.loaded, 0.0):
        if job.kind == "die":
            work.skip(job.piece, "a die is not exported to Tabletop Simulator: use its "
                                 "own six-sided die (Die_6)")
        elif job.kind in DECK_KINDS and job.piece.shape == "rect":
            drawn = pictures(job, 0.0)
            for stack in _stacks(job, drawn):
                state = _deck(work, job, stack, drawn, next_key, things)
                laid.append((RANK[job.kind], footprint(job.size), [state]))
                next_key += len(state["CustomDeck"])
        else:
            laid += _tiles(work, job, things)
    laid.sort(key=lambda item: item[0])
    for spot, (_, _, pile) in zip(place([f for _, f, _ in laid]), laid, strict=True):
        for height, state in enumerate(pile):
            state["Transform"].update(posX=spot.x, posY=round(TABLE_Y + height * PILE_STEP, 3),
                                      posZ=spot.z)
    save = {"SaveName": work.loaded.data.game.name, "GameMode": "", "Date": "",
            "Table": "", "Sky": "", "Note": "", "Rules": "", "PlayerTurn": "",
            "ObjectStates": [state for _, _, pile in laid for state in pile]}
    path = work.staging / f"{work.loaded.game_id}.json"
    path.write_text(json.dumps(save, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def url(work: Export, path: Path) -> str:
    """How the saved object names a file: under ``--base-url``, else relative to itself."""
    relative = path.relative_to(work.staging).as_posix()
    base = work.options.base_url
    return f"{base.rstrip('/')}/{quote(relative)}" if base else relative


def guid(*parts: object) -> str:
    return hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()[:6]


def transform(scale: float, face_down: bool = False) -> dict[str, float]:
    return {"posX": 0.0, "posY": TABLE_Y, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if face_down else 0.0,
            "scaleX": scale, "scaleY": 1.0, "scaleZ": scale}


def _stacks(job: Job, drawn: list[Picture]) -> list[str | None]:
    """One deck per piece, except money: one stack per denomination (face)."""
    faces = list(dict.fromkeys(p.face for p in drawn if p.side == "front"))
    return list(faces) if job.kind == "bill" and len(faces) > 1 else [None]


def _deck(work: Export, job: Job, face: str | None, drawn: list[Picture],
          first_key: int, things: dict[str, str]) -> dict[str, Any]:
    fronts = [p for p in drawn if p.side == "front" and face in (None, p.face)]
    mine = {c for p in fronts for c in p.copies}
    backs = {c: p for p in drawn if p.side == "back" for c in p.copies if c in mine}
    grids = plan(len(fronts), job.size, work.options.dpi, job.piece.id)
    unique_back = len({id(p) for p in backs.values()}) > 1
    face_down = job.kind not in FACE_UP_KINDS and bool(backs)  # no back: face up
    stem = job.piece.id + (f"-{face}" if face else "")
    name = _stack_name(job, _face_name(job, fronts[0], things)) if face else job.piece.name
    custom: dict[str, Any] = {}
    cards: list[tuple[int, int, Picture]] = []  # (card id, copy, front)
    start = 0
    for n, grid in enumerate(grids):
        key = first_key + n
        on_sheet = fronts[start:start + grid.faces]
        face_url = _sheet(work, job, grid, on_sheet, f"{stem}-fronts-{n + 1}", "front", backs)
        back_url = (_sheet(work, job, grid, on_sheet, f"{stem}-backs-{n + 1}", "back", backs)
                    if unique_back else _single_back(work, job, grid, backs))
        custom[str(key)] = {"FaceURL": face_url, "BackURL": back_url, "NumWidth": grid.cols,
                            "NumHeight": grid.rows, "BackIsHidden": False,
                            "UniqueBack": unique_back, "Type": 0}
        cards += [(key * 100 + slot, copy, picture) for slot, picture in enumerate(on_sheet)
                  for copy in picture.copies]
        start += grid.faces
    cards.sort(key=lambda card: card[1])
    contained = [{"Name": "Card", "Nickname": _face_name(job, p, things), "Description": "",
                  "CardID": card_id, "GUID": guid(job.piece.id, copy),
                  "Transform": transform(_scale(job), face_down),
                  "CustomDeck": {str(card_id // 100): custom[str(card_id // 100)]}}
                 for card_id, copy, p in cards]
    if len(contained) == 1:
        return {**contained[0], "Nickname": name}
    return {"Name": "DeckCustom", "Nickname": name, "Description": "",
            "GUID": guid(job.piece.id, *([face] if face else [])),
            "Transform": transform(_scale(job), face_down),
            "DeckIDs": [c["CardID"] for c in contained], "CustomDeck": custom,
            "ContainedObjects": contained}


def _sheet(work: Export, job: Job, grid: Grid, faces: list[Picture], stem: str, side: str,
           backs: dict[int, Picture]) -> str:
    from PIL import Image

    sheet = Image.new("RGB", grid.sheet_px, (255, 255, 255))
    for slot, picture in enumerate(faces):
        shown = picture if side == "front" else backs.get(picture.copies[0])
        if shown is not None:
            sheet.paste(_card(shown, grid), grid.slot_box(slot)[:2])
    sheet.paste(_hidden(job, grid, backs), grid.slot_box(grid.hidden_slot)[:2])
    path = work.staging / f"{stem}.png"
    _save(sheet, path, work.options.dpi)
    for slot, picture in enumerate(faces):
        shown = picture if side == "front" else backs.get(picture.copies[0])
        if shown is not None:
            work.add(path, piece=job.piece.id, face=shown.face, side=side,
                     copies=list(picture.copies), px=list(grid.card_px),
                     dpi=_dpi(grid, job), slot=slot, grid=[grid.cols, grid.rows])
    return url(work, path)


def _single_back(work: Export, job: Job, grid: Grid, backs: dict[int, Picture]) -> str:
    path = work.staging / f"{job.piece.id}-back.png"
    if not path.exists():
        _save(_hidden(job, grid, backs), path, work.options.dpi)
        back = next(iter(backs.values()), None)
        work.add(path, piece=job.piece.id, face=back.face if back else "plain", side="back",
                 copies=sorted(backs) if backs else [c.number for c in job.copies],
                 px=list(grid.card_px), dpi=_dpi(grid, job))
    return url(work, path)


def _hidden(job: Job, grid: Grid, backs: dict[int, Picture]) -> Any:
    """What other players see of a card in a hand: the back, or plain grey without one."""
    from PIL import Image

    back = next(iter(backs.values()), None)
    if back is None:
        return Image.new("RGB", grid.card_px, HIDDEN_GREY)
    return _card(back, grid)


def _card(picture: Picture, grid: Grid) -> Any:
    from PIL import Image

    return Image.open(io.BytesIO(raster.png(picture.svg, grid.card_px, 72)))


def _save(image: Any, path: Path, dpi: int) -> None:
    image.save(path, "PNG", dpi=(dpi, dpi))


def _dpi(grid: Grid, job: Job) -> int:
    return round(grid.card_px[0] / (job.size[0] / 25.4))


def _scale(job: Job) -> float:
    return round(job.size[0] / POKER_W_MM, 3)


def _face_name(job: Job, picture: Picture, things: dict[str, str]) -> str:
    """The picture's face as a player calls it (``ttsnames``); a back shared by several
    faces (or a front several faces share) is the piece's name."""
    face = next((f for f in job.piece.faces if f.id == picture.face), None)
    return nickname(job.piece, face, things) if face is not None else str(job.piece.name)


def _stack_name(job: Job, face_name: str) -> str:
    """A stack of one denomination: the piece's name and the face's, the piece's once."""
    own = f"{job.piece.name}: "
    return face_name if face_name.startswith(own) else own + face_name


def _tiles(work: Export, job: Job, things: dict[str, str]) -> list[Placed]:
    """A board each, one bag of a piece's chips or tokens, or one pile of its copies."""
    found = pictures(job, 0.0)
    backs = {c: p for p in found if p.side == "back" for c in p.copies}
    written: dict[str, str] = {}
    states = []
    for picture in (p for p in found if p.side == "front"):
        front = _image(work, job, picture, written)
        for copy in picture.copies:
            back = backs.get(copy)
            states.append(_tile_state(job, copy, front,
                                      _image(work, job, back, written) if back else "",
                                      _face_name(job, picture, things)))
    rank = RANK.get(job.kind, RANK["sheet"])
    if job.kind == "board":
        return [(rank, footprint(job.size), [state]) for state in states]
    if job.kind in BAG_KINDS:
        bag = {"Name": "Bag", "Nickname": job.piece.name, "Description": "",
               "GUID": guid(job.piece.id, "bag"), "Transform": transform(1.0),
               "ContainedObjects": states}
        return [(rank, footprint(BAG_MM), [bag])]
    return [(rank, footprint(job.size), states)]


def _image(work: Export, job: Job, picture: Picture, written: dict[str, str]) -> str:
    if picture.stem not in written:
        dpi = raster.fitting_dpi(picture.extent_mm, work.options.dpi, limit=4096)
        px = raster.pixels(picture.extent_mm, dpi)
        path = work.staging / f"{picture.stem}.png"
        path.write_bytes(raster.png(picture.svg, px, dpi, alpha=job.piece.shape != "rect"))
        work.add(path, piece=job.piece.id, face=picture.face, side=picture.side,
                 copies=list(picture.copies), px=list(px), dpi=dpi)
        written[picture.stem] = url(work, path)
    return written[picture.stem]


def _tile_state(job: Job, copy: int, front: str,
                back: str, name: str) -> dict[str, Any]:
    image: dict[str, Any] = {"ImageURL": front, "ImageSecondaryURL": back,
                             "ImageScalar": 1.0, "WidthScale": 0.0}
    kind = "Custom_Board" if job.kind == "board" else "Custom_Tile"
    if kind == "Custom_Tile":
        image["CustomTile"] = {"Type": TILE_TYPE[job.piece.shape], "Thickness": 0.1,
                               "Stackable": job.kind in ("chip", "token"), "Stretch": True}
    return {"Name": kind, "Nickname": name, "Description": "",
            "GUID": guid(job.piece.id, copy), "Transform": transform(_scale(job)),
            "Locked": False, "CustomImage": image}
