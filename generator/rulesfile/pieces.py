"""A rules-file game's pieces: every piece of its component files as plain data (what the
rules compile against), and what a player holds, for the ``pieces`` command: the catalogue of
distinct faces and, in a position, the faces in each seat's own zones (its hand,
tableau, bank, its places of a grid…). Module-level functions, so picklable."""

from __future__ import annotations

from typing import Any

from generator.engine.api import State
from generator.rulesfile.state import RulesState


def pieces_of(data: Any) -> dict[str, list[dict[str, Any]]]:
    """Every piece of a generic game's component files: id -> its faces as plain data."""
    out: dict[str, list[dict[str, Any]]] = {}
    for _, piece_file in data.piece_files():
        for piece in piece_file.pieces:
            out[piece.id] = [face.model_dump(mode="json") for face in piece.faces]
    return out


def catalogue(data: Any) -> list[tuple[str, str]]:
    """(face id, name) of every face printed at least once, in file order."""
    seen: dict[str, str] = {}
    for faces in pieces_of(data).values():
        for face in faces:
            if face.get("count", 1) > 0 and face["id"] not in seen:
                seen[face["id"]] = str(face.get("title") or face.get("name") or face["id"])
    return list(seen.items())


def holdings(state: State) -> list[frozenset[str]]:
    """Per seat, the faces of the cards in the zones that are its own (not those of a
    zone ``held: false``: a draft's hand, passed on)."""
    assert isinstance(state, RulesState)
    held: list[set[str]] = [set() for _ in range(state.players)]
    faces = state.prog.table.faces
    for slot, index in enumerate(state.owner_zone):
        zone = state.prog.zones[index]
        if zone.owned and zone.held:
            seat = (slot - state.zone_slot[zone.name]) // zone.cells
            held[seat].update(faces[card] for card in state.zones[slot])
    return [frozenset(h) for h in held]
