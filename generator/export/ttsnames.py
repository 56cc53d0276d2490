"""Player-readable nicknames for the objects of a Tabletop Simulator export.

A face's own ``name`` where it has one; else a name built from what the face shows, read
from its data: the names of the buildings drawn on it (Copper Creek's cards), a playing
card's rank and suit ("Q of Hearts"), or the piece's name followed by the face's short
fields, an id that names something of the game (a player colour, a character) read as
that thing's name ("Share Tokens: Black", "Money: 1"). A piece with a single unnamed
face is called by the piece's name. Never the face's id alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

# fields that are not shown as words on the face, or too long for a name
HIDDEN = {"id", "name", "count", "source", "template", "back", "role", "values",
          "steps", "price", "notes", "sand", "layout", "streets", "arrow"}
RANKS = {"a": "A", "j": "J", "q": "Q", "k": "K"}


def named_things(data: Any) -> dict[str, str]:
    """Every id in the game's data that names something with a ``name`` (a colour, a
    player colour, a character), as that name; the first one found wins."""
    found: dict[str, str] = {}
    for thing in _walk(data.model_dump(mode="json") if hasattr(data, "model_dump") else data):
        if isinstance(thing.get("id"), str) and isinstance(thing.get("name"), str):
            found.setdefault(thing["id"], thing["name"])
    return found


def _walk(value: Any) -> Iterable[dict[str, Any]]:
    if isinstance(value, dict):
        yield value
        for inner in value.values():
            yield from _walk(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _walk(inner)


def nickname(piece: Any, face: Any, things: dict[str, str]) -> str:
    """What a player calls this face (see the module's docstring)."""
    if getattr(face, "name", None):
        return str(face.name)
    fields = face.model_dump(mode="json")
    if len(piece.faces) == 1:
        return str(piece.name)
    buildings = [b["name"] for b in fields.get("buildings") or [] if b.get("name")]
    if buildings:
        return " / ".join(buildings)
    if fields.get("rank") and fields.get("suit"):
        rank = str(fields["rank"])
        return f"{RANKS.get(rank, rank.upper())} of {str(fields['suit']).title()}"
    shown = [_shown(key, value, things) for key, value in fields.items() if key not in HIDDEN]
    words = [w for w in shown if w] or [face.id.replace("-", " ")]
    return f"{piece.name}: {', '.join(words)}"


def _shown(key: str, value: Any, things: dict[str, str]) -> str:
    """One short field as words: an id as the name of what it names, a range as
    ``rows 1-2`` (``column 5`` when it is one), a number or a short word as it is; long text, lists and hex colours
    ("#D55E00": shown as a colour, not as words) are left out."""
    if isinstance(value, bool) or value is None:
        return ""
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(
            isinstance(v, int) for v in value):
        low, high = value
        return f"{key.removesuffix('s')} {low}" if low == high else f"{key} {low}-{high}"
    if isinstance(value, (int, float)):
        return f"{value:g}"
    if isinstance(value, str) and len(value) <= 40 and not value.startswith("#"):
        return things.get(value, value.replace("-", " ").capitalize())
    return ""
