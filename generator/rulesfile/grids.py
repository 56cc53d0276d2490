"""Reading a grid zone: all its cards, the place in question, the places beside it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from generator.rulesfile.position import Ctx
    from generator.rulesfile.zones import ZoneRule


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
    width, cells = grid.width, grid.cells

    def read(c: Ctx) -> int:
        _, cell = _in_question(c, grid, index)
        if not 0 <= cell < cells:
            return -1
        return cell % width if column else cell // width
    return read
