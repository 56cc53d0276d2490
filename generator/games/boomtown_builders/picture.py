"""A picture of the final table: the town, the Track Tokens and the scores (SVG text,
drawn with svgwrite, which escapes the text)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.engine.api import State
from generator.games.boomtown_builders.state import BoomtownPosition
from generator.games.boomtown_builders.town import (
    BUILDING,
    HIDEOUT,
    TERRAIN,
    Lot,
    Scored,
    score_town,
)

if TYPE_CHECKING:
    import svgwrite
    from svgwrite.base import BaseElement

CELL_W, CELL_H, MARGIN = 86, 46, 30
SHAPES = {
    "square": "M -5 -5 H 5 V 5 H -5 Z", "diamond": "M 0 -6 L 5 0 L 0 6 L -5 0 Z",
    "triangle": "M 0 -6 L 6 5 L -6 5 Z", "circle": "M -5 0 A 5 5 0 1 0 5 0 A 5 5 0 1 0 -5 0",
    "star": "M 0 -6 L 1.8 -2 L 6 -1.8 L 2.8 1 L 3.6 5.6 L 0 3 L -3.6 5.6 L -2.8 1 L -6 -1.8 "
            "L -1.8 -2 Z",
    "cross": "M -6 -2 H -2 V -6 H 2 V -2 H 6 V 2 H 2 V 6 H -2 V 2 H -6 Z",
}
TERRAIN_FILL = {"mountain": "#B8B2A7", "lake": "#9CC9E8", "goldmine": "#E8CE7A",
                "hideout": "#C9A98A"}


def picture(state: State) -> str:
    import svgwrite  # here, not at load: only a shown position needs it

    assert isinstance(state, BoomtownPosition)
    t = state.tables
    width = 2 * MARGIN + t.columns * CELL_W
    height = 2 * MARGIN + t.rows * CELL_H + 30 + 18 * state.b.players
    svg = svgwrite.Drawing(size=(width, height), viewBox=f"0 0 {width} {height}",
                           font_family="DejaVu Sans", font_size=8, debug=False)
    parts: list[BaseElement] = [svg.rect(size=(width, height), fill="#E9D3A4")]
    scored = {(s.row, s.col): s for s in score_town(t, state.b.lots, state.b.tokens)}
    for i, lot in enumerate(state.b.lots):
        row, col = divmod(i, t.columns)
        parts += _lot(svg, state, lot, row, col, scored.get((row, col)))
    for row, col in enumerate(state.b.tokens):
        x, y = _xy(state, row, col)
        parts += [svg.circle(center=(x + CELL_W - 9, y + 9), r=7, fill="#5E3A1C",
                             stroke="#FFFFFF"),
                  svg.path(d=f"M {x + CELL_W - 11} {y + 4} v 10 M {x + CELL_W - 7} {y + 4} v 10",
                           stroke="#FFF", stroke_width=1.2)]
    parts += _scores(svg, state, MARGIN + t.rows * CELL_H + 24)
    for part in parts:
        svg.add(part)
    return str(svg.tostring())


def _xy(state: BoomtownPosition, row: int, col: int) -> tuple[int, int]:
    return MARGIN + col * CELL_W, MARGIN + (state.tables.rows - 1 - row) * CELL_H


def _lot(svg: svgwrite.Drawing, state: BoomtownPosition, lot: Lot, row: int, col: int,
         scored: Scored | None) -> list[BaseElement]:
    x, y = _xy(state, row, col)
    t = state.tables
    fill = TERRAIN_FILL.get(lot.name, "#F6EBD0") if lot.kind == TERRAIN else "#F6EBD0"
    out = [svg.rect(insert=(x + 1, y + 1), size=(CELL_W - 2, CELL_H - 2), rx=3, fill=fill,
                    stroke="#7A4A22")]
    label = ""
    if lot.kind == BUILDING:
        label = t.cards[lot.name].name or lot.name  # a card without a name shows its id
        out += _cube(svg, state, lot, x + 10, y + 30, scored)
    elif lot.kind == TERRAIN:
        label = lot.name.title()
    elif lot.kind == HIDEOUT:
        label = (t.hideout_cards[lot.name].name or lot.name) if lot.name else "(hideout)"
    out.append(svg.text(label[:18], insert=(x + 4, y + 12), font_size=7))
    return out


def _symbol(svg: svgwrite.Drawing, state: BoomtownPosition, seat: int, x: int,
            y: int) -> BaseElement:
    """The seat's shape in its colour (colour is never the only cue)."""
    color = state.tables.colors[seat]
    group = svg.g(transform=f"translate({x} {y})")
    group.add(svg.path(d=SHAPES[color.symbol], fill=color.hex, stroke="#000"))
    return group


def _cube(svg: svgwrite.Drawing, state: BoomtownPosition, lot: Lot, x: int, y: int,
          scored: Scored | None) -> list[BaseElement]:
    mult = state.tables.size(lot.size).multiplier if lot.size else 0
    vp = f"{scored.space}x{mult} = {scored.points} VP" if scored and scored.space else "0 VP"
    return [_symbol(svg, state, lot.owner, x, y),
            svg.text(f"x{mult}: {vp}", insert=(x + 9, y + 3))]


def _scores(svg: svgwrite.Drawing, state: BoomtownPosition, y: int) -> list[BaseElement]:
    points, cubes = state.totals()
    winners = state.winners() if state.is_terminal() else []
    out = []
    for seat in range(state.b.players):
        mark = "  (wins)" if seat in winners else ""
        out += [_symbol(svg, state, seat, MARGIN + 6, y + 18 * seat),
                svg.text(f"{state.player_name(seat)}: {points[seat]} VP, {cubes[seat]} cubes "
                         f"on the Scoring Track{mark}", insert=(MARGIN + 16, y + 18 * seat + 4),
                         font_size=10)]
    return out
