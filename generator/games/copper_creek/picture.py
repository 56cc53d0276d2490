"""A picture of the final town (SVG text): streets, cards, buildings, doors, owners.

For designers looking at the map a simulated game produced. Buildings show their colour
and their colour's letter (colour is never the only cue), open doors in white, other
doors in black, the owner's seat on top.
"""

from __future__ import annotations

from html import escape

from generator.games.copper_creek.geometry import SAND
from generator.games.copper_creek.model import CopperCreekData
from generator.games.copper_creek.rules import CopperCreekState
from generator.games.copper_creek.tables import GRAY
from generator.games.copper_creek.town import CELL_STEP, Town, xy

SQ = 24  # pixels per grid square
MIN_WIDTH = 600
STREET = "#c9b79c"
SANDY = "#efe1bd"


def picture(state: CopperCreekState) -> str:
    data = state.game.data
    town = state.town
    x0, x1, y0, y1 = town.bbox
    x0, x1 = min(x0, town.main_column) - 1, max(x1, town.main_column) + 1
    y0, y1 = min(y0, town.front_row) - 1, max(y1, town.front_row) + 1
    width, height = (x1 - x0 + 1) * SQ, (y1 - y0 + 1) * SQ
    x1 = max(x1, x0 + MIN_WIDTH // SQ)  # room for the title above a small town
    width = (x1 - x0 + 1) * SQ
    head = 28 + 16 * state.players
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + head}"'
             f' viewBox="0 {-head} {width} {height + head}" font-family="DejaVu Sans">',
             f'<rect x="0" y="{-head}" width="{width}" height="{height + head}" fill="#fbf6ea"/>']
    parts += _streets(town, x0, x1, y0, y1)
    reached = town.reached
    for c, gid in sorted(town.covered.items()):
        parts.append(_square(state, c, gid, x0, y0, data))
    for card, x, y, r in state.placed:  # each card's outline, so the cards read apart
        rot = state.t.cards[card].rotations[r]
        parts.append(f'<rect x="{(x - x0) * SQ}" y="{(y - y0) * SQ}" width="{rot.width * SQ}" '
                     f'height="{rot.height * SQ}" fill="none" stroke="#3b2f22" stroke-width="1.5"/>')
    for door in sorted(town.doors):
        parts.append(_door(door, reached, x0, y0))
    parts += _owners(state, x0, y0)
    parts += _legend(state)
    parts.append("</svg>")
    return "\n".join(parts)


def _streets(town: Town, x0: int, x1: int, y0: int, y1: int) -> list[str]:
    fy = (town.front_row - y0) * SQ
    mx = (town.main_column - x0) * SQ
    return [f'<rect x="0" y="{fy}" width="{(x1 - x0 + 1) * SQ}" height="{SQ}" fill="{STREET}"/>',
            f'<rect x="{mx}" y="{fy + SQ}" width="{SQ}" height="{(y1 - town.front_row) * SQ}"'
            f' fill="{STREET}"/>',
            f'<text x="4" y="{fy + SQ * 0.7}" font-size="11" fill="#5a4630">Front Street</text>',
            f'<text x="{mx + SQ * 0.7}" y="{fy + SQ * 1.3}" font-size="11" fill="#5a4630" '
            f'transform="rotate(90 {mx + SQ * 0.7} {fy + SQ * 1.3})">Main Street</text>']


def _square(state: CopperCreekState, c: int, gid: int, x0: int, y0: int,
            data: CopperCreekData) -> str:
    x, y = xy(c)
    px, py = (x - x0) * SQ, (y - y0) * SQ
    if gid == SAND:
        return f'<rect x="{px}" y="{py}" width="{SQ}" height="{SQ}" fill="{SANDY}"/>'
    row = state.t.color_of[gid]
    colour = data.known_color(data.buildings.gray if row == GRAY else state.t.row_names[row])
    letter = escape(colour.letter or "-")
    ink = "#ffffff" if row in (1, 3) else "#000000"
    return (f'<rect x="{px}" y="{py}" width="{SQ}" height="{SQ}" fill="{colour.hex}" '
            f'stroke="#3b2f22" stroke-width="0.5"/><text x="{px + SQ / 2}" y="{py + SQ * 0.68}" '
            f'font-size="10" text-anchor="middle" fill="{ink}">{letter}</text>')


def _door(door: int, reached: set[int], x0: int, y0: int) -> str:
    c, d = divmod(door, 4)
    x, y = xy(c)
    fill = "#ffffff" if c + CELL_STEP[d] in reached else "#000000"
    return _door_mark((x - x0) * SQ, (y - y0) * SQ, d, fill)


def _door_mark(px: float, py: float, d: int, fill: str) -> str:
    """A short thick bar on the middle of the square's edge."""
    half = SQ / 2
    if d in (0, 2):
        yy = py if d == 0 else py + SQ
        return (f'<line x1="{px + half - 5}" y1="{yy}" x2="{px + half + 5}" y2="{yy}" '
                f'stroke="{fill}" stroke-width="3"/>')
    xx = px if d == 3 else px + SQ
    return (f'<line x1="{xx}" y1="{py + half - 5}" x2="{xx}" y2="{py + half + 5}" '
            f'stroke="{fill}" stroke-width="3"/>')


def _owners(state: CopperCreekState, x0: int, y0: int) -> list[str]:
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
            out.append(f'<circle cx="{(x - x0) * SQ + 6}" cy="{(y - y0) * SQ + 6}" r="6" '
                       f'fill="#ffffff" stroke="#000"/><text x="{(x - x0) * SQ + 6}" '
                       f'y="{(y - y0) * SQ + 9}" font-size="8" text-anchor="middle">'
                       f'{stack[-1] + 1}</text>')
    return out


def _legend(state: CopperCreekState) -> list[str]:
    years = ", ".join(str(y) for y, _ in state.elections) or "none"
    out = [f'<text x="6" y="{-10 - 16 * state.players}" font-size="13" font-weight="bold">'
           f'Copper Creek, final town - elections held: {escape(years)}</text>']
    for seat in range(state.players):
        out.append(f'<text x="6" y="{-6 - 16 * (state.players - 1 - seat)}" font-size="12">'
                   f'P{seat + 1}: {state.points[seat]} points, ${state.money[seat]}</text>')
    return out


__all__ = ["picture"]
