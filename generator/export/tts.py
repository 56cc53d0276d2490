"""``--to tts``: Tabletop Simulator deck sheets and a saved object that loads them.

Cards, tiles, bills and aids (rectangles) become decks: their distinct faces on sheets
(``ttsgrid``), each copy a card of the deck (a face printed five times is five cards of
one CardID). Boards become ``Custom_Board`` objects; chips, tokens, score sheets and
round or hexagonal tiles become ``Custom_Tile`` objects, one per copy, front and back.
``GAME.json`` (field names from the TTS save-file format) points at the files by their
local ``file://`` address, so the game loads from the export folder where it lies.
"""

from __future__ import annotations

import hashlib
import io
import json
from dataclasses import replace
from pathlib import Path
from typing import Any
from urllib.parse import quote

from generator.export import raster
from generator.export.base import Export
from generator.export.pictures import Picture, pictures
from generator.export.ttsgrid import Grid, plan
from generator.export.ttslayout import bag, lay_out
from generator.render.jobs import Job, jobs

DECK_KINDS = ("card", "tile", "bill", "aid")
BAG_KINDS = ("chip", "token")
TILE_TYPE = {"rect": 0, "hex": 1, "circle": 2}  # CustomTile.Type: box, hex, circle
HIDDEN_GREY = (128, 128, 128)
POKER_W_MM = 63.5  # objects are scaled against a poker card (scale 1)


def export(work: Export) -> None:
    states: list[dict[str, Any]] = []
    next_key = 1  # CustomDeck keys, unique across the save: CardID = key * 100 + slot
    for job in jobs(work.loaded, 0.0):
        if job.kind == "die":
            work.skip(job.piece, "a die is not exported to Tabletop Simulator: use its "
                                 "own six-sided die (Die_6)")
        elif job.kind in DECK_KINDS and job.piece.shape == "rect":
            for stem, stack in _stacks(job):
                state = _deck(work, stack, next_key, stem)
                if job.kind != "bill":  # drawn face down; money is counted face up
                    state["Transform"]["rotZ"] = 180.0
                states.append(state)
                next_key += len(state["CustomDeck"])
        elif job.kind in BAG_KINDS:
            states += _bags(job, _tiles(work, job, len(states)))
        else:
            states += _tiles(work, job, len(states))
    lay_out(states)
    save = {"SaveName": work.loaded.data.game.name, "GameMode": "", "Date": "",
            "Table": "", "Sky": "", "Note": "", "Rules": "", "PlayerTurn": "",
            "ObjectStates": states}
    path = work.staging / f"{work.loaded.game_id}.json"
    path.write_text(json.dumps(save, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def url(work: Export, path: Path) -> str:
    """Where TTS will find a file: under ``--base-url`` (a web folder, or ``file:///`` of
    where the export will lie), else its name, next to the saved object."""
    name = quote(path.relative_to(work.staging).as_posix())
    base = work.options.base_url
    return f"{base.rstrip('/')}/{name}" if base else name


def _stacks(job: Job) -> list[tuple[str, Job]]:
    """Money is one stack per denomination (a face); any other deck is one stack."""
    if job.kind != "bill" or len(job.piece.faces) < 2:
        return [(job.piece.id, job)]
    return [(f"{job.piece.id}-{face.id}", replace(job, copies=[
        c for c in job.copies if c.face is face])) for face in job.piece.faces
        if any(c.face is face for c in job.copies)]


def _bags(job: Job, tiles: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Chips and tokens in bags: one per face when every face comes several times (a
    player's shares), else one for the piece, mixed (chips drawn blind); a lone piece
    (the start marker) stands on the table."""
    if len(tiles) < 2:
        return tiles
    by_face: dict[str, list[dict[str, Any]]] = {}
    for tile in tiles:
        by_face.setdefault(tile["Nickname"], []).append(tile)
    if len(by_face) > 1 and all(len(group) > 1 for group in by_face.values()):
        return [bag(f"{job.piece.name}: {name}", guid(job.piece.id, "bag", name), group,
                    transform(_scale(job))) for name, group in by_face.items()]
    return [bag(job.piece.name, guid(job.piece.id, "bag"), tiles, transform(_scale(job)))]


def guid(*parts: object) -> str:
    return hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()[:6]


def transform(scale: float) -> dict[str, float]:
    return {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 0.0,
            "scaleX": scale, "scaleY": 1.0, "scaleZ": scale}


def _deck(work: Export, job: Job, first_key: int, stem: str) -> dict[str, Any]:
    drawn = pictures(job, 0.0)
    fronts = [p for p in drawn if p.side == "front"]
    backs = {c: p for p in drawn if p.side == "back" for c in p.copies}
    grids = plan(len(fronts), job.size, work.options.dpi, job.piece.id)
    unique_back = len({id(p) for p in backs.values()}) > 1
    custom: dict[str, Any] = {}
    cards: list[tuple[int, int, Picture]] = []  # (card id, copy, front)
    start = 0
    for n, grid in enumerate(grids):
        key = first_key + n
        on_sheet = fronts[start:start + grid.faces]
        face_url = _sheet(work, job, grid, on_sheet, (stem, n + 1), "front", backs)
        back_url = (_sheet(work, job, grid, on_sheet, (stem, n + 1), "back", backs)
                    if unique_back
                    else _single_back(work, job, grid, backs))
        custom[str(key)] = {"FaceURL": face_url, "BackURL": back_url, "NumWidth": grid.cols,
                            "NumHeight": grid.rows, "BackIsHidden": False,
                            "UniqueBack": unique_back, "Type": 0}
        cards += [(key * 100 + slot, copy, picture) for slot, picture in enumerate(on_sheet)
                  for copy in picture.copies]
        start += grid.faces
    cards.sort(key=lambda card: card[1])
    contained = [{"Name": "Card", "Nickname": _face_name(job, p), "Description": "",
                  "CardID": card_id, "GUID": guid(job.piece.id, copy),
                  "Transform": transform(_scale(job)),
                  "CustomDeck": {str(card_id // 100): custom[str(card_id // 100)]}}
                 for card_id, copy, p in cards]
    name = job.piece.name if stem == job.piece.id else f"{job.piece.name}: {contained[0]['Nickname']}"
    if len(contained) == 1:
        return {**contained[0], "Nickname": name}
    return {"Name": "DeckCustom", "Nickname": name, "Description": "",
            "GUID": guid(stem), "Transform": transform(_scale(job)),
            "DeckIDs": [c["CardID"] for c in contained], "CustomDeck": custom,
            "ContainedObjects": contained}


def _sheet(work: Export, job: Job, grid: Grid, faces: list[Picture], which: tuple[str, int],
           side: str, backs: dict[int, Picture]) -> str:
    from PIL import Image

    sheet = Image.new("RGB", grid.sheet_px, (255, 255, 255))
    for slot, picture in enumerate(faces):
        shown = picture if side == "front" else backs.get(picture.copies[0])
        if shown is not None:
            sheet.paste(_card(shown, grid), grid.slot_box(slot)[:2])
    sheet.paste(_hidden(job, grid, backs), grid.slot_box(grid.hidden_slot)[:2])
    path = work.staging / f"{which[0]}-{side}s-{which[1]}.png"
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


def _face_name(job: Job, picture: Picture) -> str:
    face = next((f for f in job.piece.faces if f.id == picture.face), None)
    return str(getattr(face, "name", None) or picture.face)


def _tiles(work: Export, job: Job, before: int) -> list[dict[str, Any]]:
    found = pictures(job, 0.0)
    backs = {c: p for p in found if p.side == "back" for c in p.copies}
    written: dict[str, str] = {}
    states = []
    for picture in (p for p in found if p.side == "front"):
        front = _image(work, job, picture, written)
        for copy in picture.copies:
            back = backs.get(copy)
            states.append(_tile_state(job, picture, copy, front,
                                      _image(work, job, back, written) if back else ""))
    return states


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


def _tile_state(job: Job, picture: Picture, copy: int, front: str,
                back: str) -> dict[str, Any]:
    image: dict[str, Any] = {"ImageURL": front, "ImageSecondaryURL": back,
                             "ImageScalar": 1.0, "WidthScale": 0.0}
    name = "Custom_Board" if job.kind == "board" else "Custom_Tile"
    if name == "Custom_Tile":
        image["CustomTile"] = {"Type": TILE_TYPE[job.piece.shape], "Thickness": 0.1,
                               "Stackable": job.kind in ("chip", "token"), "Stretch": True}
    return {"Name": name, "Nickname": _face_name(job, picture), "Description": "",
            "GUID": guid(job.piece.id, copy), "Transform": transform(_scale(job)),
            "Locked": False, "CustomImage": image}
