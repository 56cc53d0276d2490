"""What to print: every piece of a game with its copies, and the art of each side.

Quantities expand here once (``Piece.copies()``); copies are numbered per component from 1
for the manifest, and keep their per-face number for the template's ``copy``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.data.components import LoadedGame
from generator.render.dice import Net, net_for
from generator.render.document import Document
from generator.render.errors import BuildError
from generator.render.faces import face_svg, template_file
from generator.render.geometry import Paper
from generator.render.layout import Cut, fits
from generator.render.stamp import stamped

LARGE_KINDS = ("board", "sheet")  # one per page, or tiled when bigger than a page
LAYOUTS = ("butted", "spaced", "fold")
BACKS = ("all", "needed", "none")
# decks of many alike (cards, tiles, bills) share their cuts: half the cutting, and a 3 x 3
# poker grid still fits A4; the few odd pieces (aids, rectangular tokens and chips) are
# spaced, each with its own bleed all round, cut on its own
SPACED_KINDS = ("aid", "token", "chip")


@dataclass(frozen=True)
class Copy:
    face: Any
    face_copy: int  # 1-based within its face (the template's ``copy``)
    number: int  # 1-based within the component (the manifest's ``copy``)


@dataclass
class Job:
    loaded: LoadedGame
    piece: Any
    bleed: float
    copies: list[Copy]
    layout: str | None = None  # butted, spaced, or None: the piece kind's default
    backs: str = "all"  # all, needed (``back_needed``) or none: which backs are printed
    stamp: bool = False  # a version stamp on every face with room for it (``render.stamp``)

    @property
    def kind(self) -> str:
        return str(self.piece.kind)

    @property
    def size(self) -> tuple[float, float]:
        w, h = self.piece.size_mm
        return (float(w), float(h))

    def net(self) -> Net:
        return net_for(self.size[0])

    def cut(self) -> Cut:
        if self.kind == "die":
            w, h = self.net().size
            return Cut(w, h, self.bleed, butted=False, turnable=False)
        w, h = self.size
        rect = self.piece.shape == "rect"
        if rect and self.layout == "fold" and any(self.has_back(c) for c in self.copies):
            # front and back side by side, folded between them: cut as one spaced piece
            return Cut(2 * w, h, self.bleed, butted=False, spaced=True, fold=True)
        spaced = rect and (self.layout or ("spaced" if self.kind in SPACED_KINDS
                                           else "butted")) == "spaced"
        return Cut(w, h, self.bleed, butted=rect and not spaced, spaced=spaced)

    def is_large(self, paper: Paper) -> bool:
        if self.kind == "die" and not fits(self.cut(), paper):
            w, h = self.cut().w, self.cut().h
            raise BuildError(f"the net of die '{self.piece.id}' ({w:g} x {h:g} mm with its "
                             f"glue tabs) does not fit on {paper.name}: make the die smaller")
        return self.kind in LARGE_KINDS or not fits(self.cut(), paper)

    def has_back(self, copy: Copy) -> bool:
        if self.backs == "none" or (self.backs == "needed" and not back_needed(self.piece)):
            return False
        return bool(copy.face.back or self.piece.back) and self.kind != "die"

    def origin(self, copy: Copy, side: str) -> str:
        name = (copy.face.back or self.piece.back) if side == "back" else (
            copy.face.template or self.piece.template)
        return f"the {side} of '{self.piece.id}' face '{copy.face.id}' ({name})"

    def place(self, copy: Copy, side: str) -> str:
        return f"{template_file(self.loaded, self.piece, copy.face, side)}:1:1"

    def front(self, doc: Document, copy: Copy) -> int:
        return doc.art(self.front_svg(copy), self.origin(copy, "front"),
                       self.place(copy, "front"), self.piece.shape)

    def front_svg(self, copy: Copy) -> str:
        """The front's SVG as drawn, before the document's ink."""
        return self._stamped(face_svg(self.loaded, self.piece, copy.face, side="front",
                                      copy=copy.face_copy, bleed=self.bleed))

    def back(self, doc: Document, copy: Copy) -> int | None:
        if not self.has_back(copy):
            return None
        return doc.art(self._stamped(face_svg(self.loaded, self.piece, copy.face,
                                              side="back", copy=copy.face_copy,
                                              bleed=self.bleed)),
                       self.origin(copy, "back"), self.place(copy, "back"),
                       self.piece.shape)

    def _stamped(self, svg: str) -> str:
        return stamped(svg, self.loaded, self.piece, self.size) if self.stamp else svg

    def die_faces(self, doc: Document, copy: Copy) -> list[int]:
        """One square face per value, in value order; drawn by the piece's template."""
        side = self.net().side
        values = getattr(copy.face, "values", None)
        if not isinstance(values, list) or len(values) != 6:
            raise BuildError(f"'{self.piece.id}' is a die but its face '{copy.face.id}' has no "
                             "list of six 'values' (use DieFace in the game's model)")
        return [doc.art(face_svg(self.loaded, self.piece, copy.face, side="front",
                                 copy=copy.face_copy, bleed=self.bleed,
                                 extra={"value": value, "index": i}, size=(side, side)),
                        self.origin(copy, "front"), self.place(copy, "front"))
                for i, value in enumerate(values)]

    def item(self, copy: Copy, side: str, kind: str | None = None) -> dict[str, Any]:
        return {"component": self.piece.id, "kind": kind or self.kind, "copy": copy.number,
                "side": side, "face": copy.face.id}


def back_needed(piece: Any) -> bool:
    """Whether a piece's back says anything: not for money (counted face up, its back hides
    nothing) nor for a piece whose every back repeats its front (the same either way up);
    yes for the rest (a deck's back hides what is drawn, an aid's back holds rules)."""
    if piece.kind == "bill":
        return False
    fronts = [face.template or piece.template for face in piece.faces]
    backs = [face.back or piece.back for face in piece.faces]
    return any(back and back != front for front, back in zip(fronts, backs, strict=True))


def jobs(loaded: LoadedGame, default_bleed: float, layout: str | None = None,
         backs: str = "all", stamp: bool = False) -> list[Job]:
    out = []
    for _, piece in loaded.data.pieces():
        copies = [Copy(face, n, i + 1) for i, (face, n) in enumerate(piece.copies())]
        if copies:
            bleed = default_bleed if piece.bleed_mm is None else float(piece.bleed_mm)
            out.append(Job(loaded, piece, bleed, copies, layout, backs, stamp))
    return out
