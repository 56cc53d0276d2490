"""A picture of the final city (``copperplate simulate cold-comfort --log --picture``).

Every square of the grid is drawn: lots with their value, public buildings, streets,
hotels in their owner's colour *and* letter, guests and campers as dice with their value.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from generator.games.cold_comfort.geometry import Square
from generator.games.cold_comfort.rules import ColdComfortState

CELL = 40
PAD = 2


def picture(state: ColdComfortState) -> str:
    city = state.city
    squares = list(city.square) + sorted(city.streets)
    xs, ys = [x for x, _ in squares], [y for _, y in squares]
    x0, y0 = min(xs) - PAD, min(ys) - PAD
    width, height = (max(xs) - x0 + PAD + 1) * CELL, (max(ys) - y0 + PAD + 1) * CELL
    legend = 30 + 22 * state.players
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + legend}"'
           f' viewBox="0 0 {width} {height + legend}" font-family="DejaVu Sans">',
           f'<rect width="{width}" height="{height + legend}" fill="#f4f1ea"/>']

    def pos(sq: tuple[int, int]) -> tuple[int, int]:
        return (sq[0] - x0) * CELL, (sq[1] - y0) * CELL

    out += [_street(*pos(sq), main=sq in city.main_street) for sq in sorted(city.streets)]
    out += [_square(state, sq, *pos(sq)) for sq in sorted(city.square)]
    out += _tile_outlines(state, pos)
    out += _legend(state, height)
    out.append("</svg>")
    return "\n".join(out)


def _street(x: int, y: int, main: bool) -> str:
    fill = "#9a8f80" if main else "#d8cfc0"
    return f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}"/>'


def _colours(state: ColdComfortState) -> list[tuple[str, str]]:
    faces = state.game.data.placards.characters()
    return [(faces[s].colour, faces[s].letter) for s in range(state.players)]


def _square(state: ColdComfortState, sq: tuple[int, int], x: int, y: int) -> str:
    _, ch = state.city.square[sq]
    parts = []
    if ch == "P":
        parts.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#b7a6c9"/>'
                     f'<text x="{x + CELL / 2}" y="{y + 26}" font-size="16" text-anchor="middle"'
                     f' font-weight="bold">P</text>')
        return "".join(parts)
    parts.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#ffffff" '
                 f'stroke="#c8c0b0" stroke-width="0.5"/><text x="{x + 3}" y="{y + 10}" '
                 f'font-size="9" fill="#555">{ch}</text>')
    hotel = state.hotels.get(sq)
    if hotel is not None:
        colour, letter = _colours(state)[hotel.owner]
        parts.append(f'<rect x="{x + 4}" y="{y + 4}" width="{CELL - 8}" height="{CELL - 8}" '
                     f'fill="{colour}" stroke="#000"/><text x="{x + 8}" y="{y + 34}" '
                     f'font-size="9" font-weight="bold">{escape(letter)}{hotel.size}</text>')
        if hotel.guest:
            parts.append(_die(x + 20, y + 8, hotel.guest))
    elif sq in state.campers:
        parts.append(_die(x + 12, y + 12, state.campers[sq]))
    return "".join(parts)


def _die(x: float, y: float, value: int) -> str:
    return (f'<rect x="{x}" y="{y}" width="16" height="16" rx="3" fill="#fff" stroke="#000"/>'
            f'<text x="{x + 8}" y="{y + 12.5}" font-size="11" text-anchor="middle">{value}'
            '</text>')


def _tile_outlines(state: ColdComfortState, pos: Callable[[Square], tuple[int, int]]) -> list[str]:
    out = []
    for placement in state.city.placed:
        shape = state.city.shape(placement)
        x, y = pos((placement[1], placement[2]))
        out.append(f'<rect x="{x}" y="{y}" width="{shape.width * CELL}" '
                   f'height="{shape.height * CELL}" fill="none" stroke="#000" stroke-width="2"/>')
    return out


def _legend(state: ColdComfortState, top: int) -> list[str]:
    out = [f'<text x="10" y="{top + 18}" font-size="13" font-weight="bold">Final scores '
           f'after {state.rounds} scoring rounds</text>']
    faces = state.game.data.placards.characters()
    scores = state.returns()
    for seat, (colour, letter) in enumerate(_colours(state)):
        y = top + 26 + 22 * seat
        out.append(f'<rect x="10" y="{y}" width="16" height="16" fill="{colour}" '
                   f'stroke="#000"/><text x="14" y="{y + 12}" font-size="10" '
                   f'font-weight="bold">{escape(letter)}</text><text x="34" y="{y + 13}" '
                   f'font-size="12">P{seat + 1} {escape(faces[seat].name or "")}: '
                   f'{scores[seat]:g} points (${state.gold[seat]} gold)</text>')
    return out
