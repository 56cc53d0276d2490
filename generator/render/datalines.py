"""Where a piece's text came from in its YAML: the line a designer edits to fix it."""

from __future__ import annotations

from typing import Any

from generator.data.components import LoadedGame
from generator.data.yamlsrc import Loc
from generator.files.problems import Problem


def face_location(loaded: LoadedGame, piece: Any, face: Any,
                  text: str | None = None) -> Problem | None:
    """Where the face field holding ``text`` is (or the face itself, or the piece's field
    holding it), as an empty problem there: its path, line and column, and a spreadsheet's
    cell (``where``); None when the piece is not in the loaded data."""
    for loc, candidate in loaded.data.pieces():
        if candidate is not piece:
            continue
        source = loaded.sources[str(loc[0])]
        rest: Loc = tuple(loc[1:])
        j = next((j for j, f in enumerate(piece.faces) if f is face), None)
        where = rest if j is None else rest + ("faces", j)
        key = _field_with(face.model_dump(mode="json"), text) if j is not None else None
        if key is None and text:
            piece_key = _field_with(piece.model_dump(mode="json", exclude={"faces"}), text)
            if piece_key is not None:
                where = rest + (piece_key,)
            else:  # text from elsewhere in the game (a board names its mines' titles)
                found = _anywhere(loaded, text)
                if found is not None:
                    return found
        elif key is not None:
            where = where + (key,)
        return source.problem(where, "", "")
    return None


def _anywhere(loaded: LoadedGame, text: str) -> Problem | None:
    """The first value in the game equal to ``text``."""
    for source in loaded.sources.values():
        for loc in source.values:
            if _value(source.data, loc) == text:
                return source.problem(loc, "", "")
    return None


def _value(data: Any, loc: Loc) -> Any:
    for part in loc:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _field_with(fields: dict[str, Any], text: str | None) -> str | None:
    """The field whose string value holds ``text`` (equal first, then containing)."""
    if not text:
        return None
    strings = {k: v for k, v in fields.items() if isinstance(v, str) and v}
    for key, value in strings.items():
        if value == text:
            return key
    for key, value in strings.items():
        if text in value or value in text:
            return key
    return None
