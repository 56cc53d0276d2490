"""A picture of the final table: the board graph, every token where it ended, the
mines' owners and each player's wealth (``simulate --log --picture``)."""

from __future__ import annotations

from collections import Counter
from xml.sax.saxutils import escape

from generator.games.kings_of_copper.model import Color, Space
from generator.games.kings_of_copper.state import FINISH, START, KingsState

R = 9.0  # space radius, mm


def picture(st: KingsState) -> str:
    board = st.t.board
    colors = {c.id: c for c in st.t.data.board.colors}
    w, h = st.t.data.board.pieces[0].size_mm
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h + 40}mm" '
           f'viewBox="0 0 {w} {h + 40}" font-family="DejaVu Sans">',
           f'<rect width="{w}" height="{h + 40}" fill="#F3DCC4"/>']
    for space in board.spaces.values():
        x, y = space.at
        for n in space.next:
            nx, ny = board.spaces[n].at
            out.append(f'<line x1="{x}" y1="{y}" x2="{nx}" y2="{ny}" stroke="#5A2E0E"/>')
    for space in board.spaces.values():
        out.append(_space(st, space, colors))
    out += _tokens(st, colors)
    out += _scores(st, colors, h)
    out.append("</svg>")
    return "\n".join(out)


def _space(st: KingsState, space: Space, colors: dict[str, Color]) -> str:
    x, y = space.at
    fill = colors[space.color].hex if space.color else "#FFFFFF"
    label = space.kind[0].upper() if space.kind not in ("track", "octagon") else ""
    mine = st.s.mines.get(space.id)
    if mine is not None and mine.owner is not None:
        owner = colors[st.color(mine.owner)]
        label, fill = owner.letter, owner.hex
    return (f'<circle cx="{x}" cy="{y}" r="{R}" fill="{fill}" stroke="#5A2E0E"/>'
            f'<text x="{x}" y="{y - 4}" font-size="3" text-anchor="middle">{label}</text>')


def _tokens(st: KingsState, colors: dict[str, Color]) -> list[str]:
    out = []
    for seat, tokens in enumerate(st.s.tokens):
        color = colors[st.color(seat)]
        board = st.t.board
        places = Counter(board.start(color.id) if p == START else
                         board.finish(color.id) if p == FINISH else p for p in tokens)
        for place, n in sorted(places.items()):
            x, y = board.spaces[place].at
            out.append(f'<circle cx="{x + 3 * (seat - 1.5)}" cy="{y + 3}" r="3.5" '
                       f'fill="{color.hex}" stroke="#000" stroke-width="0.4"/>'
                       f'<text x="{x + 3 * (seat - 1.5)}" y="{y + 4.2}" font-size="3.2" '
                       f'text-anchor="middle" font-weight="bold">{color.letter}{n}</text>')
    return out


def _scores(st: KingsState, colors: dict[str, Color], h: float) -> list[str]:
    out = []
    winners = st.winners() if st.is_terminal() else []
    for seat in range(st.s.players):
        color = colors[st.color(seat)]
        crown = " - KING OR QUEEN OF COPPER" if seat in winners else ""
        line = (f"{color.name} ({color.letter}): ${st.s.money[seat]}, "
                f"{st.s.tokens[seat].count(FINISH)} home, {len(st.titles(seat))} titles"
                f"{crown}")
        out.append(f'<text x="10" y="{h + 8 + 8 * seat}" font-size="5">{escape(line)}</text>')
    return out
