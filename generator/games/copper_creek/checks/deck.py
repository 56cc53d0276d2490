"""Checks of Copper Creek's building cards: squares, buildings, doors and colours.

Locations: ``("buildings", "pieces", 0, "faces", card, "buildings", b, ...)`` and so on;
the runner turns them into ``buildings.yaml:LINE:COL``.
"""

from __future__ import annotations

from collections import Counter

from generator.checks import Registry, Reporter
from generator.checks.rulebook import the_changed_one
from generator.games.copper_creek.checks.common import RULES, Loc, cards, colors
from generator.games.copper_creek.geometry import EDGES, STEP, connected, grid_positions
from generator.games.copper_creek.model import BuildingCard, CopperCreekData

PART = Registry("copper-creek deck")


@PART.check("card-squares", cite=f"{RULES}, Step 4 (Grid Lines: each card covers six squares)")
def card_squares(data: CopperCreekData, report: Reporter) -> None:
    """Each card covers every square of its 2x3 grid exactly once, with a building or sand."""
    grid = grid_positions(data.buildings.card_grid)
    for loc, card in cards(data):
        seen: Counter[str] = Counter(card.sand)
        for b in card.buildings:
            seen.update(b.squares)
        for i, b in enumerate(card.buildings):
            for k, sq in enumerate(b.squares):
                if sq not in grid:
                    report.error(loc + ("buildings", i, "squares", k),
                                 f"'{sq}' is not a square of the card grid")
        doubled = sorted(s for s, n in seen.items() if n > 1)
        missing = sorted(s for s in grid if s not in seen)
        if doubled or missing:
            report.error(loc + ("id",), f"card '{card.id}' must cover each of its "
                         f"{len(grid)} squares once (twice: {doubled or 'none'}; "
                         f"uncovered: {missing or 'none'})")


@PART.check("building-connected", cite=f"{RULES}, Definitions (Buildings)")
def building_connected(data: CopperCreekData, report: Reporter) -> None:
    """The squares of one building form one edge-connected piece."""
    grid = grid_positions(data.buildings.card_grid)
    for loc, card in cards(data):
        for i, b in enumerate(card.buildings):
            cells = {grid[s] for s in b.squares if s in grid}
            if not connected(cells):
                report.error(loc + ("buildings", i, "squares"),
                             f"the squares of '{b.name}' are not joined edge to edge")


@PART.check("door-on-boundary", cite=f"{RULES}, Step 3 (Open Doors)")
def door_on_boundary(data: CopperCreekData, report: Reporter) -> None:
    """A door sits on an outside edge of one of its building's own squares, once."""
    grid = grid_positions(data.buildings.card_grid)
    for loc, card in cards(data):
        for i, b in enumerate(card.buildings):
            own = {grid[s] for s in b.squares if s in grid}
            seen: set[tuple[str, str]] = set()
            for k, door in enumerate(b.doors):
                where = loc + ("buildings", i, "doors", k)
                dx, dy = STEP[EDGES.index(door.edge)]
                x, y = grid.get(door.square, (-99, -99))
                if door.square not in b.squares:
                    report.error(where, f"door on {door.square}, which is not a square "
                                 f"of '{b.name}'")
                elif (x + dx, y + dy) in own:
                    report.error(where, f"door on the {door.edge} edge of {door.square} "
                                 f"leads into '{b.name}' itself")
                elif (door.square, door.edge) in seen:
                    report.error(where, f"two doors on the {door.edge} edge of {door.square}")
                seen.add((door.square, door.edge))


@PART.check("color-known", cite=f"{RULES}, Definitions (six colors plus gray)")
def color_known(data: CopperCreekData, report: Reporter) -> None:
    """Building colours, the gray colour, calendar rows and stones name declared colours."""
    known = [c.id for c in data.buildings.colors]
    if data.buildings.gray not in known:
        report.error(("buildings", "gray"), f"gray colour '{data.buildings.gray}' is not "
                     "in 'colors'")
    for loc, card in cards(data):
        for i, b in enumerate(card.buildings):
            if b.color not in known:
                report.error(loc + ("buildings", i, "color"), f"unknown colour '{b.color}' "
                             f"(colours: {', '.join(known)})")
    for r, row in enumerate(data.station.calendar.rows):
        if row not in known or row == data.buildings.gray:
            report.error(("station", "calendar", "rows", r), f"calendar row '{row}' is not "
                         "a building colour")
    for n, count in Counter(known).items():
        if count > 1:
            report.error(("buildings", "colors"), f"colour '{n}' is declared {count} times")


@PART.check("calendar-rows", cite=f"{RULES}, Note About Two-Color Cards")
def calendar_rows(data: CopperCreekData, report: Reporter) -> None:
    """The calendar has one row per colour, tan on top and red at the bottom, with
    tan-brown and green-purple on adjacent rows (the rulebook names both pairs)."""
    rows = data.station.calendar.rows
    colours = [c.id for c in data.buildings.colors if c.id != data.buildings.gray]
    loc: Loc = ("station", "calendar", "rows")
    if sorted(rows) != sorted(colours):
        report.error(loc, f"calendar rows {rows} must be the colours {colours}, once each")
        return
    if rows[0] != "tan" or rows[-1] != "red":
        report.error(loc, "tan must be the top row and red the bottom row")
    for a, b in (("tan", "brown"), ("green", "purple")):
        if abs(rows.index(a) - rows.index(b)) != 1:
            report.error(loc, f"{a} and {b} must be on adjacent calendar rows")


@PART.check("gray-cards", cite=f"{RULES}, Early Rounds")
def gray_cards(data: CopperCreekData, report: Reporter) -> None:
    """Each gray card holds one gray building and one coloured building, and no two gray
    cards carry the same colour (how many gray cards: the baseline)."""
    gray = data.buildings.gray
    paired: dict[str, Loc] = {}
    for loc, card in cards(data):
        grays = [b for b in card.buildings if b.color == gray]
        if not grays:
            continue
        colours = colors(card, gray)
        if len(grays) != 1 or len(colours) != 1:
            report.error(loc + ("buildings",), f"gray card '{card.id}' must hold one gray "
                         "and one coloured building")
        elif colours[0] in paired:
            report.error(loc + ("buildings",), f"two gray cards carry a {colours[0]} "
                         "building; each must carry a different colour")
        else:
            paired[colours[0]] = loc


@PART.check("two-color-pairs", cite=f"{RULES}, Note About Two-Color Cards")
def two_color_pairs(data: CopperCreekData, report: Reporter) -> None:
    """Two-colour cards pair adjacent calendar rows (or the top and bottom row), each pair
    once (how many: the baseline)."""
    rows = data.station.calendar.rows
    wanted = {frozenset((rows[i], rows[(i + 1) % len(rows)])) for i in range(len(rows))}
    found: dict[frozenset[str], Loc] = {}
    for loc, card in cards(data):
        colours = colors(card, data.buildings.gray)
        if len(colours) < 2:
            continue
        pair = frozenset(colours)
        if len(colours) > 2 or pair not in wanted:
            report.error(_edited_colour(data, loc, card), f"'{card.id}' pairs "
                         f"{' and '.join(colours)}, which are not adjacent calendar rows "
                         "(nor tan and red)")
        elif pair in found:
            report.error(the_changed_one(data, found[pair] + ("buildings",),
                                         loc + ("buildings",)),
                         f"a second {' and '.join(colours)} card")
        found.setdefault(pair, loc)


def _edited_colour(data: CopperCreekData, loc: Loc, card: BuildingCard) -> Loc:
    """The ``color:`` of the card's last coloured building, or of the one the designer
    changed from the bundled deck when another is the earlier one."""
    coloured = [i for i, b in enumerate(card.buildings) if b.color != data.buildings.gray]
    at = [loc + ("buildings", i, "color") for i in coloured]
    for earlier in at[:-1]:
        at[-1] = the_changed_one(data, earlier, at[-1])
    return at[-1]


@PART.check("color-balance", cite="advice: no rule demands it (design advice only)")
def color_balance(data: CopperCreekData, report: Reporter) -> None:
    """Advice, a warning: every colour on the same number of cards keeps any calendar row
    from running ahead by design. The rulebook says nothing about balance."""
    counts = Counter(c for _, card in cards(data) for c in colors(card, data.buildings.gray))
    rows = data.station.calendar.rows
    if len({counts[r] for r in rows}) > 1:
        detail = ", ".join(f"{r} {counts[r]}" for r in rows)
        report.warning(("buildings", "pieces", 0, "faces"), f"advice: colours are "
                       f"unbalanced: {detail}")
