"""The face rules take short ways on the common case (a rectangular piece's room inside
its trim, a face with no declared area): each must say what the plain definition says."""

from __future__ import annotations

import math
import random
from types import SimpleNamespace

from generator.lint.faces import Face
from generator.lint.rules import _hex_room, _room, text_icon
from generator.render.drawn import Drawing, read
from generator.render.geometry import Rect


def defined_room(face: Face, box: Rect) -> float:
    """``_room`` as first written: every corner, then the shape of the piece."""
    w, h = face.size
    corners = [(x, y) for x in (box.x, box.x1) for y in (box.y, box.y1)]
    if face.piece.shape == "circle" and face.piece.kind != "die":
        r = min(w, h) / 2
        return min(r - math.hypot(x - w / 2, y - h / 2) for x, y in corners)
    if face.piece.shape == "hex" and face.piece.kind != "die":
        return min(_hex_room(w, h, x, y) for x, y in corners)
    return min(box.x, box.y, w - box.x1, h - box.y1)


def test_the_room_inside_the_trim_is_the_plain_definitions_for_every_shape() -> None:
    rng = random.Random(7)
    for shape in ("rect", "circle", "hex", "rounded", None):
        for kind in ("card", "die", "token"):
            face = Face(SimpleNamespace(shape=shape, kind=kind), None, "front",
                        (rng.uniform(20, 90), rng.uniform(20, 90)), Drawing())
            for _ in range(200):
                box = Rect(rng.uniform(-5, 60), rng.uniform(-5, 60), rng.uniform(0, 30),
                           rng.uniform(0, 9))
                assert _room(face, box) == defined_room(face, box), (shape, kind, box)


def test_a_face_without_declared_areas_has_no_icon_findings_and_one_with_them_does() -> None:
    text = '<text x="10" y="41" font-size="4">HEAD FRAME</text>'
    icon = '<g data-area="icon"><circle cx="20" cy="40" r="4" fill="#0072B2"/></g>'
    piece = SimpleNamespace(id="card", shape="rect", kind="card", safe_mm=None)

    def found(inner: str) -> list[str]:
        drawing = read(f'<svg xmlns="http://www.w3.org/2000/svg">{inner}</svg>')
        face = Face(piece, SimpleNamespace(id="first"), "front", (63.5, 88.9), drawing)
        return [f.message for f in text_icon(face)]

    assert found(text) == []
    assert len(found(icon + text)) == 1
