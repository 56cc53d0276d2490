"""A picture of the final town (SVG text): streets, cards, buildings, doors, owners.

For designers looking at the map a simulated game produced. Buildings show their colour
and their colour's letter (colour is never the only cue), open doors in white, other
doors in black, the owner's seat on top. Drawn with svgwrite, which escapes the text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.games.copper_creek.geometry import SAND
from generator.games.copper_creek.model import CopperCreekData
from generator.games.copper_creek.state import CreekPosition
from generator.games.copper_creek.tables import GRAY
from generator.games.copper_creek.town import CELL_STEP, Town, xy

if TYPE_CHECKING:
    import svgwrite
    from svgwrite.base import BaseElement

SQ = 24  # pixels per grid square
MIN_WIDTH = 600
STREET = "#c9b79c"
SANDY = "#efe1bd"


def picture(state: CreekPosition) -> str:
    import svgwrite  # here, not at load: only a shown position needs it

    data = state.t.data
    town = state.town
    x0, x1, y0, y1 = town.bbox
    x0, x1 = min(x0, town.main_column) - 1, max(x1, town.main_column) + 1
    y0, y1 = min(y0, town.front_row) - 1, max(y1, town.front_row) + 1
    height = (y1 - y0 + 1) * SQ
    x1 = max(x1, x0 + MIN_WIDTH // SQ)  # room for the title above a small town
    width = (x1 - x0 + 1) * SQ
    head = 28 + 16 * state.players
    svg = svgwrite.Drawing(size=(width, height + head), viewBox=f"0 {-head} {width} {height + head}",
                           font_family="DejaVu Sans", debug=False)
    svg.add(svg.rect(insert=(0, -head), size=(width, height + head), fill="#fbf6ea"))
    parts = _streets(svg, town, x0, x1, y0, y1)
    reached = town.reached
    for c, gid in sorted(town.covered.items()):
        parts += _square(svg, state, c, gid, x0, y0, data)
    for card, x, y, r in state.placed:  # each card's outline, so the cards read apart
        rot = state.t.cards[card].rotations[r]
        parts.append(svg.rect(insert=((x - x0) * SQ, (y - y0) * SQ),
                              size=(rot.width * SQ, rot.height * SQ), fill="none",
                              stroke="#3b2f22", stroke_width=1.5))
    for door in sorted(town.doors):
        parts.append(_door(svg, door, reached, x0, y0))
    parts += _owners(svg, state, x0, y0)
    parts += _legend(svg, state)
    for part in parts:
        svg.add(part)
    return str(svg.tostring())


def _streets(svg: svgwrite.Drawing, town: Town, x0: int, x1: int, y0: int,
             y1: int) -> list[BaseElement]:
    fy = (town.front_row - y0) * SQ
    mx = (town.main_column - x0) * SQ
    return [svg.rect(insert=(0, fy), size=((x1 - x0 + 1) * SQ, SQ), fill=STREET),
            svg.rect(insert=(mx, fy + SQ), size=(SQ, (y1 - town.front_row) * SQ), fill=STREET),
            svg.text("Front Street", insert=(4, fy + SQ * 0.7), font_size=11, fill="#5a4630"),
            svg.text("Main Street", insert=(mx + SQ * 0.7, fy + SQ * 1.3), font_size=11,
                     fill="#5a4630", transform=f"rotate(90 {mx + SQ * 0.7} {fy + SQ * 1.3})")]


def _square(svg: svgwrite.Drawing, state: CreekPosition, c: int, gid: int, x0: int, y0: int,
            data: CopperCreekData) -> list[BaseElement]:
    x, y = xy(c)
    px, py = (x - x0) * SQ, (y - y0) * SQ
    if gid == SAND:
        return [svg.rect(insert=(px, py), size=(SQ, SQ), fill=SANDY)]
    row = state.t.color_of[gid]
    colour = data.known_color(data.buildings.gray if row == GRAY else state.t.row_names[row])
    ink = "#ffffff" if row in (1, 3) else "#000000"
    return [svg.rect(insert=(px, py), size=(SQ, SQ), fill=colour.hex, stroke="#3b2f22",
                     stroke_width=0.5),
            svg.text(colour.letter or "-", insert=(px + SQ / 2, py + SQ * 0.68), font_size=10,
                     text_anchor="middle", fill=ink)]


def _door(svg: svgwrite.Drawing, door: int, reached: set[int], x0: int, y0: int) -> BaseElement:
    """A short thick bar on the middle of the square's edge: white if the door opens onto
    the reached street network, else black."""
    c, d = divmod(door, 4)
    x, y = xy(c)
    px, py = (x - x0) * SQ, (y - y0) * SQ
    fill = "#ffffff" if c + CELL_STEP[d] in reached else "#000000"
    half = SQ / 2
    start: tuple[float, float]
    end: tuple[float, float]
    if d in (0, 2):
        yy = py if d == 0 else py + SQ
        start, end = (px + half - 5, yy), (px + half + 5, yy)
    else:
        xx = px if d == 3 else px + SQ
        start, end = (xx, py + half - 5), (xx, py + half + 5)
    return svg.line(start=start, end=end, stroke=fill, stroke_width=3)


def _owners(svg: svgwrite.Drawing, state: CreekPosition, x0: int,
            y0: int) -> list[BaseElement]:
    """The owner's seat (P1 …) on the first square of each owned building."""
    first: dict[int, int] = {}
    for c, gid in sorted(state.town.covered.items()):
        if gid >= 0:
            first.setdefault(gid, c)
    out = []
    for gid, c in sorted(first.items()):
        stack = state.stacks[gid]
        if stack:
            x, y = xy(c)
            cx, cy = (x - x0) * SQ + 6, (y - y0) * SQ + 6
            out += [svg.circle(center=(cx, cy), r=6, fill="#ffffff", stroke="#000"),
                    svg.text(str(stack[-1] + 1), insert=(cx, cy + 3), font_size=8,
                             text_anchor="middle")]
    return out


def _legend(svg: svgwrite.Drawing, state: CreekPosition) -> list[BaseElement]:
    years = ", ".join(str(y) for y, _ in state.elections) or "none"
    out = [svg.text(f"Copper Creek, final town - elections held: {years}",
                    insert=(6, -10 - 16 * state.players), font_size=13, font_weight="bold")]
    for seat in range(state.players):
        out.append(svg.text(f"P{seat + 1}: {state.points[seat]} points, ${state.money[seat]}",
                            insert=(6, -6 - 16 * (state.players - 1 - seat)), font_size=12))
    return out


__all__ = ["picture"]
