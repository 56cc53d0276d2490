"""Chance over the places of a grid: ``{roll: VAR, places: GRID, where: COND}`` rolls one
of the grid's places, each place where ``COND`` holds equally likely, and puts its number
(row by row from 0, top left) in the variable: terrain laid at random on an empty board
space, a monster set on a random free square. Like a die's roll it is a chance action;
its outcomes are the place numbers themselves. The places ``COND`` allows are worked out
over the whole grid at once where its shape lets them be (``placepick``, as for an action
choosing a place), else place by place."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from generator.data.yamlsrc import Loc
from generator.engine.api import Action
from generator.rulesfile.ins import DrawOne
from generator.rulesfile.placepick import Places, place_picker
from generator.rulesfile.position import Ctx, Fn

if TYPE_CHECKING:
    from generator.rulesfile.grids import Compiling
    from generator.rulesfile.position import Position

PLACES = 2  # pending[3] of a roll over places: [-1, variable, grid width, 2, *places]


@dataclass
class RollPlace(DrawOne):
    """A chance action, as a draw from a shuffled pile is one (``DrawOne``: what the
    compiler knows may pause; ``source`` and ``dest`` unused); the variable's slot (its
    first seat's) and owner, the grid's name, size and owner, the places' test and the
    same test over the whole grid at once (None: read place by place)."""

    slot: int = 0
    owned: bool = False
    grid: str = ""
    width: int = 0
    cells: int = 0
    grid_owned: bool = False
    where: Fn | None = None
    whole: Places | None = None

    def run(self, st: Position, c: Ctx) -> bool:
        here = Ctx(st, c.seat, -1, c.number, -1, c.actor)  # each place in question in turn
        every = range(self.cells)
        places = None if self.whole is None else self.whole(here, every)
        if places is None:  # read place by place (which fails where the whole reading did)
            places = [place for place in every if self._allows(here, place)]
        if not places:
            st.fail(self.loc, f"no place of grid '{self.grid}' is one 'where' allows: "
                    "nothing to roll over")
            return True
        var = self.slot + c.seat if self.owned else self.slot
        st.pending = [-1, var, self.width, PLACES, *places]
        return False

    def _allows(self, here: Ctx, place: int) -> bool:
        """Whether the test allows ``place`` (``here`` moved to it)."""
        here.target = place
        return self.where is None or bool(self.where(here))


def roll_places(x: Compiling, value: dict[str, Any], loc: Loc, of: Fn | None,
                var: tuple[int, bool]) -> RollPlace:
    """Compile ``{roll: VAR, places: GRID, where: COND}`` (``var``: the variable's slot
    and whether it is one of each player)."""
    if "sides" in value:
        x.report.error(loc + ("sides",), "a roll over places has no sides: its outcomes "
                       "are the places 'where' allows", "rules-schema", key=True)
    if "places" not in value:
        x.report.error(loc, "'where' picks among a grid's places: give the grid, "
                       "places: GRID", "rules-schema")
        return RollPlace(loc, of, (0, 0), (0, 0), True, *var)
    grid = x.grid(value["places"], loc + ("places",))
    where = x.expr(value["where"], loc + ("where",)) if "where" in value else None
    if grid is None:  # reported: the rules are not played
        return RollPlace(loc, of, (0, 0), (0, 0), True, *var)
    whole = None if where is None else place_picker(value["where"], loc + ("where",), x,
                                                    grid, False)
    return RollPlace(loc, of, (0, 0), (0, 0), True, *var, grid.name, grid.width,
                     grid.cells, grid.owned, where, whole)


def outcomes(pending: list[int]) -> list[Action]:
    """The places a roll over places may give (its chance actions)."""
    return list(pending[4:])


def in_words(pending: list[int], action: int) -> str:
    """A place rolled, as a log line says it."""
    width = pending[2]
    return f"rolls column {action % width + 1}, row {action // width + 1}"
