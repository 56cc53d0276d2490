"""A marker pushed along a direction over a grid: ``{push: GRID, from: PLACE, toward:
DIRECTION, while: COND}`` is the place (its number, row by row from 0, top left) where a
marker set on PLACE comes to rest: while ``COND`` holds on the place it is on (the place
in question for ``{cell: GRID}``, ``{row: GRID}``…), it moves one place toward
``DIRECTION`` (``left``, ``right``, ``up`` or ``down``), read once, on the first place
it is pushed from. A mountain that sends a track token on along its arrow, ice a piece
slides over, a conveyor belt. A push off the grid is a fault of play at the rule."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from generator.data.yamlsrc import Loc
from generator.rulesfile.position import Ctx, Fn

if TYPE_CHECKING:
    from generator.rulesfile.grids import Compiling
    from generator.rulesfile.zones import ZoneRule

STEPS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
KEYS = ("from", "toward", "while")


def push(x: Compiling, value: dict[str, Any], loc: Loc, depth: int,
         consts: dict[Fn, Any]) -> Fn:
    """Compile ``{push: GRID, from: PLACE, toward: DIRECTION, while: COND}`` (``consts``:
    the compiler's constants, to check a direction written as a word)."""
    missing = [k for k in KEYS if k not in value]
    if missing:
        x.report.error(loc, f"'push' needs {', '.join(missing)}: {{push: GRID, from: PLACE, "
                       "toward: DIRECTION, while: CONDITION}", "rules-expression")
    grid = x.grid(value["push"], loc + ("push",))
    if grid is None or missing:
        return lambda c: -1
    start, toward, test = (x.expr(value[k], loc + (k,), depth) for k in KEYS)
    way = consts.get(toward)
    if way is not None and way not in STEPS:
        x.report.error(loc + ("toward",), f"a direction is {', '.join(STEPS)}, not "
                       f"{way!r}", "rules-expression")
    return pusher(grid, start, toward, test)


def pusher(grid: ZoneRule, start: Fn, toward: Fn, test: Fn) -> Fn:
    """The closure of a push over ``grid`` (see the module's words)."""
    name, w, h = grid.name, grid.width, grid.height

    def rest(c: Ctx) -> int:
        place = start(c)
        if type(place) is not int or not 0 <= place < w * h:
            raise ValueError(f"'push' starts from place {place!r}, which grid '{name}' "
                             "does not have")
        here = Ctx(c.st, c.seat, -1, c.number, place, c.actor)
        if not test(here):
            return place
        way = toward(here)
        if way not in STEPS:
            raise ValueError(f"'push' goes {', '.join(STEPS)}, not {way!r}")
        (dx, dy), col, row = STEPS[way], place % w, place // w
        while True:  # a straight line leaves the grid within w or h steps
            col, row = col + dx, row + dy
            if not (0 <= col < w and 0 <= row < h):
                raise ValueError(f"'push' pushes off grid '{name}' (from place {place}, "
                                 f"{way})")
            here.target = row * w + col
            if not test(here):
                return here.target
    return rest
