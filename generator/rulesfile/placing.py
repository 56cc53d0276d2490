"""Cards moved to a grid's place given by its number: ``to: {cell: GRID, at: PLACE}``
beside ``draw`` and ``move_all``, ``play: {cell: GRID, at: PLACE}`` (places are numbered
row by row from 0, top left). A board's fixed spaces, a token set where a rule works it
out, a card revealed onto the space that held it face down."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from generator.data.yamlsrc import Loc
from generator.rulesfile.grids import place_slot
from generator.rulesfile.ins import DrawOne, Ins, draw_top

if TYPE_CHECKING:
    from generator.rulesfile.expr import Compiler
    from generator.rulesfile.position import Ctx, Position

SlotAt = Callable[["Ctx"], int]  # a place's slot, -1 when there is no such place


def no_place(st: Position, ins: Ins, c: Ctx) -> bool:
    st.fail(ins.loc, "names a place the grid does not have")
    return True


@dataclass
class DrawTo(DrawOne):
    """``draw`` to a grid's place (``dest`` unused)."""

    at: SlotAt = lambda c: -1

    def run(self, st: Position, c: Ctx) -> bool:
        to = self.at(c)
        if to < 0:
            return no_place(st, self, c)
        pile, each = self.source
        return draw_top(self, st, c, pile + c.seat * each, to)


@dataclass
class PlayTo(Ins):
    """``play`` the chosen card to a grid's place."""

    at: SlotAt

    def run(self, st: Position, c: Ctx) -> bool:
        to = self.at(c)
        if c.card < 0:
            st.fail(self.loc, "'play' moves the chosen card, but no card was chosen")
            return True
        if to < 0:
            return no_place(st, self, c)
        st.move(c.card, to, c.actor if c.actor >= 0 else c.seat)
        return True


@dataclass
class MoveEach(Ins):
    """``move_all`` to a grid's place read for each card (in scope) in turn, bottom
    card first."""

    source: tuple[int, int]
    at: SlotAt

    def run(self, st: Position, c: Ctx) -> bool:
        pile, each = self.source
        here, by = c.on(-1), c.actor if c.actor >= 0 else c.seat
        for card in list(st.zones[pile + c.seat * each]):
            here.card = card
            to = self.at(here)
            if to < 0:
                return no_place(st, self, here)
            st.move(card, to, by)
        return True


def is_place(value: Any) -> bool:
    """Whether a destination is written as a grid's place, ``{cell: GRID, at: …}``."""
    return isinstance(value, dict) and "cell" in value


def destination(x: Compiler, value: dict[str, Any], loc: Loc) -> SlotAt:
    """The slot of ``{cell: GRID, at: PLACE}`` (problems reported at their keys)."""
    extra = [k for k in value if k not in ("cell", "at")]
    if extra:
        x.report.error(loc + (extra[0],), f"a place takes cell and at, not "
                       f"'{extra[0]}'", "rules-schema", key=True)
    if "at" not in value:
        x.report.error(loc, "give the place's number: {cell: GRID, at: PLACE} (or use "
                       "play: cell for the chosen one)", "rules-schema")
    grid = x.grid(value["cell"], loc + ("cell",))
    if grid is None or "at" not in value:
        return lambda c: -1
    return place_slot(grid, x.expr(value["at"], loc + ("at",)))
