"""Checks of Copper Creek in play: placement, calendar, tokens and money."""

from __future__ import annotations

from collections import Counter

from generator.checks import Registry, Reporter
from generator.games.copper_creek import turn
from generator.games.copper_creek.checks.common import RULES, cards, colors
from generator.games.copper_creek.geometry import EDGES, STEP, grid_positions
from generator.games.copper_creek.model import CopperCreekData
from generator.games.copper_creek.tables import Tables
from generator.games.copper_creek.town import Town

PART = Registry("copper-creek play")


@PART.check("same-color-connected", cite=f"{RULES}, Step 4 (Colors)")
def same_color_connected(data: CopperCreekData, report: Reporter) -> None:
    """Two buildings of one colour on one card never have touching doors."""
    grid = grid_positions(data.buildings.card_grid)
    for loc, card in cards(data):
        at = {(grid.get(d.square), EDGES.index(d.edge)): (i, k)
              for i, b in enumerate(card.buildings) for k, d in enumerate(b.doors)}
        for ((xy, d), (i, k)) in at.items():
            if xy is None:
                continue
            other = at.get(((xy[0] + STEP[d][0], xy[1] + STEP[d][1]), (d + 2) % 4))
            if other and other[0] != i and (card.buildings[i].color
                                            == card.buildings[other[0]].color) and i < other[0]:
                report.error(loc + ("buildings", i, "doors", k), f"this door touches a door "
                             f"of '{card.buildings[other[0]].name}', the same colour")


@PART.check("gray-door-outside", cite=f"{RULES}, Step 4 (Gray Buildings)")
def gray_door_outside(data: CopperCreekData, report: Reporter) -> None:
    """Every gray building has a door on the card's outer edge, so some rotation can put
    it against Front or Main Street and the card can be placed at all."""
    grid = grid_positions(data.buildings.card_grid)
    for loc, card in cards(data):
        for i, b in enumerate(card.buildings):
            if b.color != data.buildings.gray:
                continue
            outside = [d for d in b.doors if d.square in grid and _off_card(
                grid, grid[d.square], EDGES.index(d.edge))]
            if not outside:
                report.error(loc + ("buildings", i, "doors"), f"gray '{b.name}' needs a "
                             "door on the card's outer edge to touch a street")


def _off_card(grid: dict[str, tuple[int, int]], xy: tuple[int, int], d: int) -> bool:
    return (xy[0] + STEP[d][0], xy[1] + STEP[d][1]) not in grid.values()


def _gray_cards(data: CopperCreekData) -> int:
    return sum(1 for card in data.deck if any(b.color == data.buildings.gray
                                             for b in card.buildings))


def _stones_after(data: CopperCreekData, cards: int | None) -> dict[str, int]:
    """Calendar columns after drawing the gray cards first, then ``cards`` more (all if None)."""
    gray = data.buildings.gray
    deck = sorted(data.deck, key=lambda c: all(b.color != gray for b in c.buildings))
    stones = Counter(c for card in deck[:None if cards is None else _gray_cards(data) + cards]
                     for c in colors(card, gray))
    return {row: stones[row] for row in data.station.calendar.rows}


def _held(data: CopperCreekData, stones: dict[str, int]) -> list[int]:
    return [e.year for e in data.station.elections
            if sum(col >= e.column for col in stones.values()) >= e.stones]


@PART.check("calendar-columns", cite=f"{RULES}, Step 1 (Advance the Calendar)")
def calendar_columns(data: CopperCreekData, report: Reporter) -> None:
    """The calendar has a column for every step of every stone, and each election's
    column exists, in order of year and of stones needed."""
    cal = data.station.calendar
    need = max(_stones_after(data, None).values(), default=0)
    if need >= len(cal.columns):
        report.error(("station", "calendar", "columns"), f"a stone can move {need} columns "
                     f"but the calendar has {len(cal.columns) - 1} after Start")
    last = (0, 0, 0)
    for i, e in enumerate(data.station.elections):
        if e.column >= len(cal.columns):
            report.error(("station", "elections", i, "column"), f"column {e.column} is not "
                         "on the calendar")
        if (e.year, e.column, e.stones) <= last or e.column < last[1] or e.stones < last[2]:
            report.error(("station", "elections", i), "elections must come later, need "
                         "later columns and no fewer stones than the one before")
        last = (e.year, e.column, e.stones)


@PART.check("final-election-reached", cite=f"{RULES}, Ending the Game")
def final_election_reached(data: CopperCreekData, report: Reporter) -> None:
    """Drawing the whole deck always meets the last election's condition, so the game
    ends with the 1884 election before the draw pile runs out."""
    final = data.station.elections[-1]
    if final.year not in _held(data, _stones_after(data, None)):
        report.error(("station", "elections", len(data.station.elections) - 1),
                     f"the {final.year} election is never reached with this deck")


@PART.check("early-rounds", cite=f"{RULES}, Early Rounds")
def early_rounds(data: CopperCreekData, report: Reporter) -> None:
    """After all the gray cards are out (the first four turns) no election is due yet,
    so the 1882 election cannot come before the 7th card."""
    held = _held(data, _stones_after(data, 0))
    if held:
        report.error(("station", "elections", 0), f"the {held[0]} election would be held "
                     "during the first four turns")


@PART.check("share-tokens", cite=f"{RULES}, Components (15-20 tokens for each player)")
def share_tokens(data: CopperCreekData, report: Reporter) -> None:
    """One share-token colour per seat up to the maximum players, each naming a declared
    player colour (how many tokens each: the baseline)."""
    piece = data.share_piece()
    if piece is None:
        report.error(("tokens", "pieces"), "no piece with id 'share-tokens'")
        return
    j = next(i for i, p in enumerate(data.tokens.pieces) if p is piece)
    known = {c.id for c in data.tokens.player_colors}
    for k, face in enumerate(piece.faces):
        if face.player not in known:
            report.error(("tokens", "pieces", j, "faces", k),
                         f"share token '{face.id}' names no player colour")
    if len(piece.faces) < data.game.players.max:
        report.error(("tokens", "pieces", j, "faces"), f"{len(piece.faces)} player colours "
                     f"for up to {data.game.players.max} players")


@PART.check("calendar-stones", cite=f"{RULES}, Components (six small stones)")
def calendar_stones(data: CopperCreekData, report: Reporter) -> None:
    """One calendar stone per calendar row colour."""
    stones = Counter(f.color for p in data.tokens.pieces if p.id == "calendar-stones"
                     for f in p.faces for _ in range(f.count))
    for r, row in enumerate(data.station.calendar.rows):
        if stones[row] != 1:
            report.error(("station", "calendar", "rows", r), f"{stones[row]} calendar "
                         f"stones for the {row} row; one is needed")


@PART.check("money-supply", cite=f"{RULES}, Components and Setup (Money)")
def money_supply(data: CopperCreekData, report: Reporter) -> None:
    """Enough money for every player's starting money at the most players (how much per
    player: the baseline)."""
    most = data.game.players.max
    total = data.bank_total()
    if total < data.money.starting_money * most:
        report.error(("money", "pieces"), f"the money adds up to ${total}; {most} players "
                     f"start with ${data.money.starting_money * most}")


@PART.check("start-slots", cite=f"{RULES}, Setup (three gray cards around the streets)")
def start_slots(data: CopperCreekData, report: Reporter) -> None:
    """Three start slots, one in each zone the streets make, and gray cards left to draw."""
    zones = [s.zone for s in data.town.start_slots]
    if sorted(zones) != ["north", "southeast", "southwest"]:
        report.error(("town", "start_slots"), f"one start card per zone is needed, "
                     f"got {zones}")
    if len(zones) >= _gray_cards(data):
        report.error(("town", "start_slots"), "no gray cards would be left for the draw pile")


@PART.check("start-placement", cite=f"{RULES}, Setup and Step 4 (gray cards touch a street, "
              "never cover one)")
def start_placement(data: CopperCreekData, report: Reporter) -> None:
    """Every gray card fits every start slot as the reference game lays it (in the slot's
    zone, on no street, a door touching Front or Main), so setup never fails in play."""
    t = Tables(data)
    for i, slot in enumerate(data.town.start_slots):
        town = Town(t.front_row, t.main_column, t.reach, t.color_of)
        square = (slot.square[0], slot.square[1])
        misfits = []
        for card in t.gray_cards:
            try:
                turn.start_placement(t, town, card, slot.zone, square)
            except ValueError:
                misfits.append(t.cards[card].id)
        if misfits:
            street = " (the square is on a street)" if town.is_street(*square) else ""
            report.error(("town", "start_slots", i, "square"), f"no legal start placement "
                         f"in the {slot.zone} covering {list(square)}{street} for "
                         f"{', '.join(misfits)}")
