"""Reading a grid zone: all its cards, the place in question, the places beside it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

GRID_WORDS = ("cell", "next_to", "in_row", "in_column")  # in place of a zone, on a grid

if TYPE_CHECKING:
    from generator.data.yamlsrc import Loc
    from generator.rulesfile.position import Ctx, Fn
    from generator.rulesfile.report import Reporter
    from generator.rulesfile.zones import ZoneRule


class Compiling(Protocol):
    """What reading a grid word asks of the expression compiler (``expr.Compiler``, which
    imports this module): the zones by name, a grid named, an expression, the report."""

    names: Any
    report: Reporter

    def grid(self, value: Any, loc: Loc) -> ZoneRule | None: ...

    def expr(self, value: Any, loc: Loc, depth: int = 0) -> Fn: ...


def _grid_of(c: Ctx, grid: ZoneRule) -> int:
    """The first slot of the focus seat's grid (of the shared grid)."""
    return c.st.zone_slot[grid.name] + (c.seat * grid.cells if grid.owned else 0)


def all_cells(grid: ZoneRule) -> Callable[[Ctx], list[int]]:
    name, cells, owned = grid.name, grid.cells, grid.owned

    def cards(c: Ctx) -> list[int]:
        st = c.st
        base = st.zone_slot[name] + (c.seat * cells if owned else 0)
        return [card for zone in st.zones[base:base + cells] for card in zone]
    return cards


def _in_question(c: Ctx, grid: ZoneRule, index: int) -> tuple[int, int]:
    """The grid's first slot and the cell in question: the cell of the card in scope when
    it lies on this grid, else the action's chosen cell (-1: none)."""
    if c.card >= 0:
        slot = c.st.where[c.card]
        if c.st.owner_zone[slot] == index:
            cell = (slot - c.st.zone_slot[grid.name]) % grid.cells
            return slot - cell, cell
    return _grid_of(c, grid), c.target


def cell_cards(grid: ZoneRule, index: int) -> Callable[[Ctx], list[int]]:
    """The cards on the cell in question (the zone's own list: read, never changed)."""
    name, cells, owned = grid.name, grid.cells, grid.owned

    def cards(c: Ctx) -> list[int]:
        st = c.st
        if c.card >= 0 and st.owner_zone[st.where[c.card]] == index:
            return st.zones[st.where[c.card]]  # the card in scope lies on this grid
        cell = c.target
        if not 0 <= cell < cells:
            return []
        return st.zones[st.zone_slot[name] + (c.seat * cells if owned else 0) + cell]
    return cards


def next_to(grid: ZoneRule, index: int) -> Callable[[Ctx], list[int]]:
    w, h = grid.width, grid.height

    def cards(c: Ctx) -> list[int]:
        base, cell = _in_question(c, grid, index)
        if not 0 <= cell < grid.cells:
            return []
        x, y = cell % w, cell // w
        near = [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
        return [card for nx, ny in near if 0 <= nx < w and 0 <= ny < h
                for card in c.st.zones[base + ny * w + nx]]
    return cards


def row_or_column(grid: ZoneRule, index: int, column: bool) -> Callable[[Ctx], int]:
    """``{row: GRID}`` or ``{column: GRID}``: where the place in question lies (rows from
    0 at the top, columns from 0 at the left); -1 when there is none."""
    name, width, cells = grid.name, grid.width, grid.cells

    def read(c: Ctx) -> int:  # _in_question's cell, read in place (a choice's every place)
        cell, card = c.target, c.card
        if card >= 0:
            st = c.st
            slot = st.where[card]
            if st.owner_zone[slot] == index:
                cell = (slot - st.zone_slot[name]) % cells
        if not 0 <= cell < cells:
            return -1
        return cell % width if column else cell // width
    return read


def on_place(grid: ZoneRule, at: Fn) -> Callable[[Ctx], list[int]]:
    """``{cell: GRID, at: PLACE}``: the cards on a place given by its number (row by row
    from 0, top left); none when there is no such place."""
    name, cells, owned = grid.name, grid.cells, grid.owned

    def cards(c: Ctx) -> list[int]:
        place = at(c)
        if type(place) is not int or not 0 <= place < cells:
            return []
        return c.st.zones[c.st.zone_slot[name] + (c.seat * cells if owned else 0) + place]
    return cards


def in_line(grid: ZoneRule, index: int, column: bool, at: Fn | None
            ) -> Callable[[Ctx], list[int]]:
    """``{in_row: GRID}`` / ``{in_column: GRID}``: the cards on every place of the row (or
    column) of the place in question, or of the one ``at`` names; none when there is none.
    """
    w, h = grid.width, grid.height
    line = row_or_column(grid, index, column)

    def cards(c: Ctx) -> list[int]:
        n = at(c) if at is not None else line(c)
        if type(n) is not int or not 0 <= n < (w if column else h):
            return []
        base = _grid_of(c, grid)
        places = c.st.zones[base + n:base + w * h:w] if column else \
            c.st.zones[base + n * w:base + n * w + w]
        return [card for zone in places for card in zone]
    return cards


def place_slot(grid: ZoneRule, at: Fn) -> Callable[[Ctx], int]:
    """The slot of a grid's place given by its number, for the seat in focus; -1 when
    there is no such place (the effect reports it)."""
    name, cells, owned = grid.name, grid.cells, grid.owned

    def slot(c: Ctx) -> int:
        place = at(c)
        if type(place) is not int or not 0 <= place < cells:
            return -1
        return c.st.zone_slot[name] + (c.seat * cells if owned else 0) + place
    return slot


def selector(x: Compiling, value: dict[str, Any], loc: Loc) -> Callable[[Ctx], list[int]]:
    """The cards of ``{cell: GRID}`` (with ``at: PLACE``), ``{next_to: GRID}``,
    ``{in_row: GRID}`` or ``{in_column: GRID}`` (with ``at: ROW`` or ``at: COLUMN``), in
    place of a zone."""
    word, name = next(iter(value.items()))
    grid = x.grid(name, loc + (word,))
    extra = [k for k in value if k != word and (k != "at" or word == "next_to")]
    if extra:
        x.report.error(loc + (extra[0],), f"'{word}' takes no '{extra[0]}'" + (
            "" if word == "next_to" else " (it takes at)"), "rules-expression")
    if grid is None:
        return lambda c: []
    index = list(x.names.zones).index(grid.name)
    at = x.expr(value["at"], loc + ("at",)) if "at" in value else None
    if word == "cell":
        return cell_cards(grid, index) if at is None else on_place(grid, at)
    if word == "next_to":
        return next_to(grid, index)
    return in_line(grid, index, word == "in_column", at)


def place_of(x: Compiling, name: Any, loc: Loc, column: bool) -> Fn:
    """``{row: GRID}`` or ``{column: GRID}``: of the place in question, as ``cell``."""
    grid = x.grid(name, loc)
    if grid is None:
        return lambda c: -1
    return row_or_column(grid, list(x.names.zones).index(grid.name), column)
