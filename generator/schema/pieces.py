"""Printable pieces: card, tile, board, chip, token, bill, sheet, die, aid.

A piece is one component of a game (a deck, a set of chips, a board): its kind, size,
shape, templates for face and back, and its faces, each with a count. Quantities expand
in one place, ``Piece.copies()``. Games subclass ``Face`` with their own fields and use
``Piece[TheirFace]`` as the ``pieces`` of a ``PieceFileOf[Any]``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any, Generic, Literal, TypeVar

from pydantic import ConfigDict, Field

from generator.schema.base import EAGER, Model, Slug, TemplateRef, empty_list
from generator.schema.composition import CompositionRule

KINDS = ("card", "tile", "board", "chip", "token", "bill", "sheet", "die", "aid")
Kind = Literal["card", "tile", "board", "chip", "token", "bill", "sheet", "die", "aid"]

SIZE_PRESETS: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "mini": (44.45, 63.5),
    "tarot": (70.0, 120.0),
    "square": (70.0, 70.0),
}
Preset = Literal["poker", "bridge", "mini", "tarot", "square"]

Millimetres = Annotated[float, Field(gt=4, le=2000)]
MAX_COPIES = 1000


class Size(Model):
    model_config = EAGER

    width_mm: Millimetres
    height_mm: Millimetres


class Face(Model):
    """One distinct face of a piece. ``count`` copies of it are printed."""

    model_config = EAGER

    id: Slug
    name: str | None = Field(default=None, max_length=120)
    count: int = Field(default=1, ge=0, le=MAX_COPIES)
    template: TemplateRef | None = None  # overrides the piece's face template
    back: TemplateRef | None = None  # overrides the piece's back template
    source: str | None = Field(default=None, max_length=200)  # "rulebook §3" or "designed"


class GenericFace(Face):
    """A face whose extra fields go straight to its template (no game-specific model)."""

    model_config = ConfigDict(extra="allow")


class DieFace(Face):
    """One die of a ``kind: die`` piece: its six face labels, printed as a net to fold.

    The piece's template draws one square die face; it is rendered once per value with
    ``value`` (the label) and ``index`` (0-5) in its context."""

    values: list[str] = Field(min_length=6, max_length=6)


FaceT = TypeVar("FaceT", bound=Face)


class Piece(Model, Generic[FaceT]):
    model_config = EAGER

    id: Slug
    name: str = Field(min_length=1, max_length=120)
    kind: Kind
    size: Preset | Size
    shape: Literal["rect", "circle", "hex"] = "rect"
    template: TemplateRef
    back: TemplateRef | None = None  # None: one-sided (no back printed)
    bleed_mm: float | None = Field(default=None, ge=0, le=10)
    safe_mm: float | None = Field(default=None, ge=0, le=20)  # text keeps this far from the trim
    source: str | None = Field(default=None, max_length=200)
    notes: str | None = Field(default=None, max_length=300)  # cutting/folding hints for the contents page
    faces: list[FaceT] = Field(min_length=1, max_length=2000)

    @property
    def size_mm(self) -> tuple[float, float]:
        if isinstance(self.size, str):
            return SIZE_PRESETS[self.size]
        return (self.size.width_mm, self.size.height_mm)

    def copies(self) -> Iterator[tuple[FaceT, int]]:
        """Every printed copy, in order: (face, copy number starting at 1)."""
        for face in self.faces:
            for n in range(1, face.count + 1):
                yield face, n

    def total(self) -> int:
        return sum(face.count for face in self.faces)

    def face_context(self, face: FaceT) -> dict[str, Any]:
        return face.model_dump(mode="json")


class PieceFileOf(Model, Generic[FaceT]):
    """A component file that holds printable pieces of one face model (games add their
    own keys): a game's file subclasses ``PieceFileOf[Any]`` and declares its own
    ``pieces: list[Piece[TheirFace]]`` (say, with ``min_length=1``). ``PieceFileOf[Any]``
    is one model for every game: ``PieceFileOf[TheirFace]`` would build a model of its
    own for each face model that nothing validates (about 1.5 M instructions each)."""

    source: str | None = Field(default=None, max_length=300)
    pieces: list[Piece[FaceT]] = Field(default_factory=empty_list)
    composition: list[CompositionRule] = Field(default_factory=empty_list, max_length=200)

    def located_faces(self, stem: str) -> Iterator[tuple[tuple[str | int, ...], FaceT]]:
        """Every face with its location in the file ``stem``: (stem, "pieces", i, "faces", j)."""
        for i, piece in enumerate(self.pieces):
            for j, face in enumerate(piece.faces):
                yield (stem, "pieces", i, "faces", j), face


class PieceFile(PieceFileOf[GenericFace]):
    """A component file of pieces whose extra face fields go straight to the templates."""
