"""A picture of the final table: the town, the Track Tokens and the scores (SVG text)."""

from __future__ import annotations

from html import escape

from generator.engine.api import State
from generator.games.boomtown_builders.rules import BoomtownState
from generator.games.boomtown_builders.town import (
    BUILDING,
    HIDEOUT,
    TERRAIN,
    Lot,
    Scored,
    score_town,
)
from generator.games.boomtown_builders.words import player_name

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
    assert isinstance(state, BoomtownState)
    t = state.tables
    width = 2 * MARGIN + t.columns * CELL_W
    height = 2 * MARGIN + t.rows * CELL_H + 30 + 18 * state.b.players
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans" font-size="8">',
             f'<rect width="{width}" height="{height}" fill="#E9D3A4"/>']
    scored = {(s.row, s.col): s for s in score_town(t, state.b.lots, state.b.tokens)}
    for i, lot in enumerate(state.b.lots):
        row, col = divmod(i, t.columns)
        parts.append(_lot(state, lot, row, col, scored.get((row, col))))
    for row, col in enumerate(state.b.tokens):
        x, y = _xy(state, row, col)
        parts.append(f'<circle cx="{x + CELL_W - 9}" cy="{y + 9}" r="7" fill="#5E3A1C" '
                     'stroke="#FFFFFF"/><path d="M {0} {1} v 10 M {2} {1} v 10" stroke="#FFF" '
                     'stroke-width="1.2"/>'.format(x + CELL_W - 11, y + 4, x + CELL_W - 7))
    parts += _scores(state, MARGIN + t.rows * CELL_H + 24)
    parts.append("</svg>")
    return "\n".join(parts)


def _xy(state: BoomtownState, row: int, col: int) -> tuple[int, int]:
    return MARGIN + col * CELL_W, MARGIN + (state.tables.rows - 1 - row) * CELL_H


def _lot(state: BoomtownState, lot: Lot, row: int, col: int, scored: Scored | None) -> str:
    x, y = _xy(state, row, col)
    t = state.tables
    fill = TERRAIN_FILL.get(lot.name, "#F6EBD0") if lot.kind == TERRAIN else "#F6EBD0"
    out = [f'<rect x="{x + 1}" y="{y + 1}" width="{CELL_W - 2}" height="{CELL_H - 2}" rx="3" '
           f'fill="{fill}" stroke="#7A4A22"/>']
    label = ""
    if lot.kind == BUILDING:
        label = t.cards[lot.name].name or lot.name  # a card without a name shows its id
        out.append(_cube(state, lot, x + 10, y + 30, scored))
    elif lot.kind == TERRAIN:
        label = lot.name.title()
    elif lot.kind == HIDEOUT:
        label = (t.hideout_cards[lot.name].name or lot.name) if lot.name else "(hideout)"
    out.append(f'<text x="{x + 4}" y="{y + 12}" font-size="7">{escape(label[:18])}</text>')
    return "".join(out)


def _cube(state: BoomtownState, lot: Lot, x: int, y: int, scored: Scored | None) -> str:
    color = state.tables.colors[lot.owner]
    mult = state.tables.size(lot.size).multiplier if lot.size else 0
    vp = f"{scored.space}x{mult} = {scored.points} VP" if scored and scored.space else "0 VP"
    return (f'<g transform="translate({x} {y})"><path d="{SHAPES[color.symbol]}" '
            f'fill="{color.hex}" stroke="#000"/></g><text x="{x + 9}" y="{y + 3}">'
            f'x{mult}: {escape(vp)}</text>')


def _scores(state: BoomtownState, y: int) -> list[str]:
    points, cubes = state.totals()
    winners = state.winners() if state.is_terminal() else []
    out = []
    for seat in range(state.b.players):
        color = state.tables.colors[seat]
        mark = "  (wins)" if seat in winners else ""
        out.append(f'<g transform="translate({MARGIN + 6} {y + 18 * seat})"><path '
                   f'd="{SHAPES[color.symbol]}" fill="{color.hex}" stroke="#000"/></g>'
                   f'<text x="{MARGIN + 16}" y="{y + 18 * seat + 4}" font-size="10">'
                   f'{escape(player_name(state, seat))}: {points[seat]} VP, '
                   f'{cubes[seat]} cubes on the Scoring Track{mark}</text>')
    return out
