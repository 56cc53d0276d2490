"""A picture of the final table: the board graph, every token where it ended, the
mines' owners and each player's wealth (``simulate --log --picture``), drawn with
svgwrite."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from generator.games.kings_of_copper.model import Color, Space
from generator.games.kings_of_copper.state import FINISH, START, KingsState

if TYPE_CHECKING:
    import svgwrite
    from svgwrite.base import BaseElement

R = 9.0  # space radius, mm


def picture(st: KingsState) -> str:
    import svgwrite  # here, not at load: only a shown position needs it

    board = st.t.board
    colors = {c.id: c for c in st.t.data.board.colors}
    w, h = st.t.data.board.pieces[0].size_mm
    svg = svgwrite.Drawing(size=(f"{w}mm", f"{h + 40}mm"), viewBox=f"0 0 {w} {h + 40}",
                           font_family="DejaVu Sans", debug=False)
    parts: list[BaseElement] = [svg.rect(size=(w, h + 40), fill="#F3DCC4")]
    for space in board.spaces.values():
        for n in space.next:
            parts.append(svg.line(start=space.at, end=board.spaces[n].at, stroke="#5A2E0E"))
    for space in board.spaces.values():
        parts += _space(svg, st, space, colors)
    parts += _tokens(svg, st, colors)
    parts += _scores(svg, st, colors, h)
    for part in parts:
        svg.add(part)
    return str(svg.tostring())


def _space(svg: svgwrite.Drawing, st: KingsState, space: Space,
           colors: dict[str, Color]) -> list[BaseElement]:
    x, y = space.at
    fill = colors[space.color].hex if space.color else "#FFFFFF"
    label = space.kind[0].upper() if space.kind not in ("track", "octagon") else ""
    mine = st.s.mines.get(space.id)
    if mine is not None and mine.owner is not None:
        owner = colors[st.color(mine.owner)]
        label, fill = owner.letter, owner.hex
    return [svg.circle(center=(x, y), r=R, fill=fill, stroke="#5A2E0E"),
            svg.text(label, insert=(x, y - 4), font_size=3, text_anchor="middle")]


def _tokens(svg: svgwrite.Drawing, st: KingsState,
            colors: dict[str, Color]) -> list[BaseElement]:
    out = []
    for seat, tokens in enumerate(st.s.tokens):
        color = colors[st.color(seat)]
        board = st.t.board
        places = Counter(board.start(color.id) if p == START else
                         board.finish(color.id) if p == FINISH else p for p in tokens)
        for place, n in sorted(places.items()):
            x, y = board.spaces[place].at
            cx = x + 3 * (seat - 1.5)
            out += [svg.circle(center=(cx, y + 3), r=3.5, fill=color.hex, stroke="#000",
                               stroke_width=0.4),
                    svg.text(f"{color.letter}{n}", insert=(cx, y + 4.2), font_size=3.2,
                             text_anchor="middle", font_weight="bold")]
    return out


def _scores(svg: svgwrite.Drawing, st: KingsState, colors: dict[str, Color],
            h: float) -> list[BaseElement]:
    out = []
    winners = st.winners() if st.is_terminal() else []
    for seat in range(st.s.players):
        color = colors[st.color(seat)]
        crown = " - KING OR QUEEN OF COPPER" if seat in winners else ""
        line = (f"{color.name} ({color.letter}): ${st.s.money[seat]}, "
                f"{st.s.tokens[seat].count(FINISH)} home, {len(st.titles(seat))} titles"
                f"{crown}")
        out.append(svg.text(line, insert=(10, h + 8 + 8 * seat), font_size=5))
    return out
