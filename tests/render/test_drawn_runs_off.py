"""``runs_off`` (does a line of text run off the shape it is printed on?) asks each corner
of the line's box of the shapes alike with the shapes' boxes first: it must say what the
plain definition says, on drawings of random shapes and lines."""

from __future__ import annotations

import random

from generator.render.drawn import Drawing, Shape, TextLine, read, runs_off
from generator.render.geometry import Rect
from generator.render.textfit import Font

FILLS = ("#112233", "#445566")
SIZE = (60.0, 40.0)


def defined(drawing: Drawing, line: TextLine, size: tuple[float, float]) -> bool:
    """The definition, written plainly (as it was before the fast path)."""
    shape, (w, h) = line.holder, size
    if shape is None or shape.box.contains(Rect(-0.5, -0.5, w + 1, h + 1)):
        return False
    b = line.box.outset(-0.15)
    corners = [(b.x, b.y), (b.x1, b.y), (b.x, b.y1), (b.x1, b.y1)]
    if all(shape.holds(x, y) for x, y in corners):
        return False
    alike = [s for s in drawing.shapes[:line.order] if s.fill == shape.fill]
    return not all(any(s.holds(x, y) for s in alike) for x, y in corners)


def shape(rng: random.Random) -> str:
    fill = rng.choice(FILLS)
    x, y = rng.uniform(-5, 55), rng.uniform(-5, 35)
    kind = rng.choice(("rect", "circle", "polygon", "ground"))
    if kind == "rect":
        return (f'<rect x="{x:.2f}" y="{y:.2f}" width="{rng.uniform(1, 25):.2f}" '
                f'height="{rng.uniform(1, 12):.2f}" fill="{fill}"/>')
    if kind == "circle":
        return f'<circle cx="{x:.2f}" cy="{y:.2f}" r="{rng.uniform(1, 10):.2f}" fill="{fill}"/>'
    if kind == "polygon":
        pts = " ".join(f"{x + rng.uniform(-9, 9):.2f},{y + rng.uniform(-9, 9):.2f}"
                       for _ in range(rng.randint(3, 6)))
        return f'<polygon points="{pts}" fill="{fill}"/>'
    return f'<rect x="-1" y="-1" width="62" height="42" fill="{fill}"/>'  # the face's ground


def text(rng: random.Random) -> str:
    return (f'<text x="{rng.uniform(0, 55):.2f}" y="{rng.uniform(3, 38):.2f}" '
            f'font-size="{rng.uniform(1.5, 5):.2f}">{rng.choice(("Gold", "Copper Creek", "I"))}'
            "</text>")


def drawings() -> list[Drawing]:
    """300 random drawings (a few corner cases need that many to come up)."""
    found = []
    for seed in range(300):
        rng = random.Random(seed)
        parts = [rng.choice((shape, shape, text))(rng) for _ in range(rng.randint(4, 30))]
        found.append(read(f'<svg xmlns="http://www.w3.org/2000/svg">{"".join(parts)}</svg>'))
    return found


def test_runs_off_says_what_its_definition_says() -> None:
    answers = [(runs_off(d, line, SIZE), defined(d, line, SIZE))
               for d in drawings() for line in d.lines]
    assert [n for n, (fast, slow) in enumerate(answers) if fast != slow] == []
    assert {slow for _, slow in answers} == {True, False}  # both answers come up


def test_runs_off_says_what_its_definition_says_at_the_edges() -> None:
    """Lines swept in hundredths of a mm across a shape's edges (where the 0.15 mm inset
    decides), on shapes that just do or do not hold the face and half a mm round it."""
    answers = []
    for gx, gy, gw, gh in ((-0.5, -0.5, 61.0, 41.0), (-0.6, -0.6, 61.2, 41.2),
                           (-0.4, -0.5, 61.0, 41.0), (-0.5, -0.4, 61.0, 41.0),
                           (-0.5, -0.5, 60.9, 41.0), (-0.5, -0.5, 61.0, 40.9),
                           (-0.5 - 1e-7, -0.5, 61.0, 41.0)):
        ground = Shape(Rect(gx, gy, gw, gh), "#112233", "rect")
        for held in (ground, Shape(Rect(10, 10, 20, 8), "#112233", "rect")):
            shapes = [Shape(Rect(30.1, 10, 5, 8), "#112233", "rect"), held]
            drawing = Drawing(shapes=shapes)
            for step in range(-40, 41):
                for box in (Rect(10 + step / 100, 12, 19, 3), Rect(12, 10 + step / 100, 15, 5),
                            Rect(12 + step / 100, 14, 23, 3.8 - step / 100),
                            Rect(gx + 61 - 5 + step / 100, 14, 5, 3),
                            Rect(20, gy + 41 - 3 + step / 100, 5, 3)):
                    line = TextLine("Gold", box, 3.0, Font(), "#000000", "", "#112233",
                                    order=2, holder=held)
                    answers.append((runs_off(drawing, line, SIZE), defined(drawing, line, SIZE)))
    assert [n for n, (fast, slow) in enumerate(answers) if fast != slow] == []
    assert {slow for _, slow in answers} == {True, False}
