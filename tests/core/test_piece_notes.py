"""A piece's notes follow the contents page's own cutting words: one more sentence, never a
second way to cut the same piece."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.data.components import BUNDLED_COMPONENTS

# The contents page already says how each kind of piece is cut, folded or trimmed.
CUTTING_WORDS = ("cut", "fold", "trim")


def piece_notes() -> list[tuple[str, str]]:
    """(file: piece id, notes) of every bundled piece that has notes."""
    found = []
    for path in sorted(BUNDLED_COMPONENTS.glob("*/*.yaml")):
        data: Any = yaml.safe_load(path.read_text(encoding="utf-8"))
        for piece in (data or {}).get("pieces", []) if isinstance(data, dict) else []:
            if isinstance(piece, dict) and isinstance(piece.get("notes"), str):
                where = f"{path.parent.name}/{path.name}: {piece.get('id')}"
                found.append((where, piece["notes"]))
    return found


def test_some_bundled_pieces_have_notes() -> None:
    assert len(piece_notes()) >= 5


@pytest.mark.parametrize(("where", "notes"), piece_notes(), ids=lambda v: str(v)[:40])
def test_piece_notes_are_a_sentence_after_the_cutting_words(where: str, notes: str) -> None:
    assert notes[:1].isupper() or notes[:1].isdigit(), f"{where}: notes start a sentence: {notes!r}"
    assert notes.endswith("."), f"{where}: notes end with a full stop: {notes!r}"
    words = notes.lower().replace(",", " ").replace(";", " ").split()
    said_twice = [w for w in words if w.startswith(CUTTING_WORDS)]
    assert not said_twice, f"{where}: the contents page already says how to cut: {notes!r}"


def test_the_bundled_tree_is_where_the_notes_are_read() -> None:
    assert Path(BUNDLED_COMPONENTS, "kings-of-copper", "tokens.yaml").is_file()
