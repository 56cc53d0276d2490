"""Shared component models: every kind of printed piece and the game's own description.

Each game extends these (``Piece[ItsFace]``, its own file models) in its ``model.py``.
"""

from generator.schema.base import Model, Slug, TemplateRef
from generator.schema.game import GameData, GameInfo, Players
from generator.schema.pieces import (
    KINDS,
    SIZE_PRESETS,
    DieFace,
    Face,
    GenericFace,
    Piece,
    PieceFile,
    PieceFileOf,
    Size,
)

__all__ = [
    "KINDS", "SIZE_PRESETS", "DieFace", "Face", "GameData", "GameInfo", "GenericFace", "Model", "Piece", "PieceFile",
    "PieceFileOf", "Players", "Size", "Slug", "TemplateRef",
]
