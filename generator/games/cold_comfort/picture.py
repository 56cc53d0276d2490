"""A picture of the final city (``copperplate simulate cold-comfort --log --picture``).

Every square of the grid is drawn: lots with their value, public buildings, streets,
hotels in their owner's colour *and* letter, guests and campers as dice with their value.
Drawn with svgwrite, which escapes the text.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from generator.games.cold_comfort.geometry import Square
from generator.games.cold_comfort.state import ColdComfortPosition

if TYPE_CHECKING:
    import svgwrite
    from svgwrite.base import BaseElement

CELL = 40
PAD = 2


def picture(state: ColdComfortPosition) -> str:
    import svgwrite  # here, not at load: only a shown position needs it

    city = state.city
    squares = list(city.square) + sorted(city.streets)
    xs, ys = [x for x, _ in squares], [y for _, y in squares]
    x0, y0 = min(xs) - PAD, min(ys) - PAD
    width, height = (max(xs) - x0 + PAD + 1) * CELL, (max(ys) - y0 + PAD + 1) * CELL
    legend = 30 + 22 * state.players
    svg = svgwrite.Drawing(size=(width, height + legend),
                           viewBox=f"0 0 {width} {height + legend}", font_family="DejaVu Sans",
                           debug=False)
    parts: list[BaseElement] = [svg.rect(size=(width, height + legend), fill="#f4f1ea")]

    def pos(sq: tuple[int, int]) -> tuple[int, int]:
        return (sq[0] - x0) * CELL, (sq[1] - y0) * CELL

    parts += [_street(svg, pos(sq), main=sq in city.main_street) for sq in sorted(city.streets)]
    for sq in sorted(city.square):
        parts += _square(svg, state, sq, *pos(sq))
    parts += _tile_outlines(svg, state, pos)
    parts += _legend(svg, state, height)
    for part in parts:
        svg.add(part)
    return str(svg.tostring())


def _street(svg: svgwrite.Drawing, at: tuple[int, int], main: bool) -> BaseElement:
    return svg.rect(insert=at, size=(CELL, CELL), fill="#9a8f80" if main else "#d8cfc0")


def _colours(state: ColdComfortPosition) -> list[tuple[str, str]]:
    faces = state.game.data.placards.characters()
    return [(faces[s].colour, faces[s].letter) for s in range(state.players)]


def _square(svg: svgwrite.Drawing, state: ColdComfortPosition, sq: tuple[int, int], x: int,
            y: int) -> list[BaseElement]:
    _, ch = state.city.square[sq]
    if ch == "P":
        return [svg.rect(insert=(x, y), size=(CELL, CELL), fill="#b7a6c9"),
                svg.text("P", insert=(x + CELL / 2, y + 26), font_size=16, text_anchor="middle",
                         font_weight="bold")]
    parts = [svg.rect(insert=(x, y), size=(CELL, CELL), fill="#ffffff", stroke="#c8c0b0",
                      stroke_width=0.5),
             svg.text(ch, insert=(x + 3, y + 10), font_size=9, fill="#555")]
    hotel = state.hotels.get(sq)
    if hotel is not None:
        colour, letter = _colours(state)[hotel.owner]
        parts += [svg.rect(insert=(x + 4, y + 4), size=(CELL - 8, CELL - 8), fill=colour,
                           stroke="#000"),
                  svg.text(f"{letter}{hotel.size}", insert=(x + 8, y + 34), font_size=9,
                           font_weight="bold")]
        if hotel.guest:
            parts += _die(svg, x + 20, y + 8, hotel.guest)
    elif sq in state.campers:
        parts += _die(svg, x + 12, y + 12, state.campers[sq])
    return parts


def _die(svg: svgwrite.Drawing, x: float, y: float, value: int) -> list[BaseElement]:
    return [svg.rect(insert=(x, y), size=(16, 16), rx=3, fill="#fff", stroke="#000"),
            svg.text(str(value), insert=(x + 8, y + 12.5), font_size=11, text_anchor="middle")]


def _tile_outlines(svg: svgwrite.Drawing, state: ColdComfortPosition,
                   pos: Callable[[Square], tuple[int, int]]) -> list[BaseElement]:
    out = []
    for placement in state.city.placed:
        shape = state.city.shape(placement)
        out.append(svg.rect(insert=pos((placement[1], placement[2])),
                            size=(shape.width * CELL, shape.height * CELL), fill="none",
                            stroke="#000", stroke_width=2))
    return out


def _legend(svg: svgwrite.Drawing, state: ColdComfortPosition, top: int) -> list[BaseElement]:
    out = [svg.text(f"Final scores after {state.rounds} scoring rounds", insert=(10, top + 18),
                    font_size=13, font_weight="bold")]
    faces = state.game.data.placards.characters()
    scores = state.returns()
    for seat, (colour, letter) in enumerate(_colours(state)):
        y = top + 26 + 22 * seat
        out += [svg.rect(insert=(10, y), size=(16, 16), fill=colour, stroke="#000"),
                svg.text(letter, insert=(14, y + 12), font_size=10, font_weight="bold"),
                svg.text(f"P{seat + 1} {faces[seat].name or ''}: {scores[seat]:g} points "
                         f"(${state.gold[seat]} gold)", insert=(34, y + 13), font_size=12)]
    return out
