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
    from generator.rulesfile.position import Ctx, Fn, Position

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
        each_to(self, st, c, list(st.zones[pile + c.seat * each]), self.at)
        return True


def each_to(ins: Ins, st: Position, c: Ctx, cards: list[int], at: SlotAt) -> bool:
    """Move ``cards`` in order, each to the place ``at`` reads with it in scope; False
    when one names a place the grid does not have (reported)."""
    here, by = c.on(-1), c.actor if c.actor >= 0 else c.seat
    for card in cards:
        here.card = card
        to = at(here)
        if to < 0:
            no_place(st, ins, here)
            return False
        st.move(card, to, by)
    return True


@dataclass
class MoveOff(Ins):
    """``move_all`` off a grid: all its places (``move_all: GRID``), place by place from
    place 0, or one (``move_all: {cell: GRID, at: PLACE}``), to a pile or to a grid's place
    read for each card in turn (``at``; ``dest`` unused then)."""

    first: SlotAt  # the first place's slot, -1 when there is no such place
    places: int
    dest: tuple[int, int]
    at: SlotAt | None

    def run(self, st: Position, c: Ctx) -> bool:
        first = self.first(c)
        if first < 0:
            return no_place(st, self, c)
        slots = range(first, first + self.places)
        if self.at is not None:  # every card read where it lies, before any moves
            each_to(self, st, c, [card for slot in slots for card in st.zones[slot]],
                    self.at)
            return True
        pile, each = self.dest
        for slot in slots:
            st.move_all(slot, pile + c.seat * each)
        return True


def from_grid(x: Compiler, value: Any) -> bool:
    """Whether ``move_all`` takes its cards off a grid: a grid named, or one place of it."""
    if is_place(value):
        return True
    zone = x.names.zones.get(value) if isinstance(value, str) else None
    return zone is not None and zone.width > 0


def move_off(x: Compiler, value: dict[str, Any], loc: Loc, of: Fn | None) -> Ins:
    """``move_all`` whose source is a grid or one place of it (see ``MoveOff``)."""
    source, to = value["move_all"], value["to"]
    if is_place(source):
        first, places = destination(x, source, loc + ("move_all",)), 1
    else:
        grid = x.grid(source, loc + ("move_all",))
        if grid is None:  # reported: the rules are not played
            return MoveOff(loc, of, lambda c: -1, 0, (0, 0), None)
        first, places = place_slot(grid, lambda c: 0), grid.cells
    if is_place(to):
        return MoveOff(loc, of, first, places, (0, 0), destination(x, to, loc + ("to",)))
    if isinstance(to, dict) and "zone" in to:
        x.report.error(loc + ("to",), "from a grid, move_all goes to a pile or a grid's "
                       "place of the seat in focus, not another seat's zone (move the "
                       "cards to a pile first)", "rules-schema")
        return MoveOff(loc, of, first, places, (0, 0), None)
    return MoveOff(loc, of, first, places, x.place(to, loc + ("to",)), None)


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
