"""Rules checks of cold-comfort: each cites the rule it proves (games.md, cold-comfort)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from generator.checks import Registry
from generator.checks.registry import Reporter
from generator.checks.rulebook import the_changed_one
from generator.data.yamlsrc import Loc
from generator.games.cold_comfort.geometry import public_squares_connected
from generator.games.cold_comfort.model import PUBLIC, CityTileFace, ColdComfortData

CHECKS = Registry("cold-comfort")
DECK = ("city_deck", "pieces")


def _tile_faces(data: ColdComfortData) -> Iterator[tuple[Loc, CityTileFace]]:
    return data.city_deck.located_faces(DECK[0])


@CHECKS.check("dice-total", cite="copperplate: the die nets print the dice the game uses")
def dice_total(data: ColdComfortData, report: Reporter) -> None:
    """The printed dice (die nets) number exactly the deck's own ``total`` (the rulebook's
    24 is held by rulebook-value)."""
    printed = sum(piece.total() for piece in data.dice.pieces)
    if printed != data.dice.total:
        report.error(("dice", "pieces", 0), f"{printed} population dice are printed but the "
                     f"game uses {data.dice.total}")


@CHECKS.check("dice-faces", cite="About The Dice: wealth is a die value; lots are 1-6")
def dice_faces(data: ColdComfortData, report: Reporter) -> None:
    """Every die shows 1..faces_per_die, and every lot value is a face a die can show."""
    wanted = [str(v) for v in range(1, data.dice.faces_per_die + 1)]
    for i, piece in enumerate(data.dice.pieces):
        for j, face in enumerate(piece.faces):
            if face.values != wanted:
                report.error(("dice", "pieces", i, "faces", j, "values"),
                             f"die faces must be {', '.join(wanted)}")
    for k, value in enumerate(data.city_deck.lot_values):
        if not 1 <= value <= data.dice.faces_per_die:
            report.error(("city_deck", "lot_values", k), f"lot value {value} is not a die face")


@CHECKS.check("dice-table", cite="copperplate: the dice table agrees with the deck's own "
              "dice and grow_at rule")
def dice_table(data: ColdComfortData, report: Reporter) -> None:
    """One row per player count; dice fit the deck's total; every row grows at players +
    grow_at_is_players_plus. The chart's numbers themselves are held by rulebook-value."""
    seen: dict[int, int] = {}
    for k, row in enumerate(data.dice.table):
        loc = ("dice", "table", k)
        if row.players in seen:
            report.error(loc + ("players",), f"{row.players} players is listed twice")
        seen.setdefault(row.players, k)
        if row.dice > data.dice.total:
            report.error(loc + ("dice",), f"{row.dice} dice, but the game has {data.dice.total}")
        grow = row.players + data.dice.grow_at_is_players_plus
        if row.grow_at != grow:
            report.error(loc + ("grow_at",), f"grow_at must be {grow} ({row.players} players "
                         f"+ {data.dice.grow_at_is_players_plus})")
        if row.grow_at > row.dice:
            report.error(loc + ("grow_at",), f"a scoring round needs {row.grow_at} dice in the "
                         f"pool but only {row.dice} are in play")
    players = data.game.players
    for count in range(players.min, players.max + 1):
        if count not in seen:
            report.error(("dice", "table"), f"no row for {count} players")


@CHECKS.check("placards", cite="Components: six character placards; colour never alone")
def placards(data: ColdComfortData, report: Reporter) -> None:
    """A character per seat, each told apart by colour, symbol and letter alike."""
    faces = data.placards.characters()
    if len(faces) < data.game.players.max:
        report.error(("placards", "pieces"), f"{len(faces)} characters for up to "
                     f"{data.game.players.max} players")
    for attr in ("colour", "symbol", "letter"):
        first: dict[str, int] = {}
        for j, face in enumerate(faces):
            value = str(getattr(face, attr)).lower()
            if value in first:
                at = ("placards", "pieces", 0, "faces")
                edited = the_changed_one(data, at + (first[value], attr), at + (j, attr))
                other = faces[first[value] if edited[-2] == j else j].id
                report.error(edited, f"{attr} '{value}' is already used by {other}")
            first.setdefault(value, j)


@CHECKS.check("hotel-sets", cite="copperplate: every character gets the same hotel set, "
              "one per lot value at least")
def hotel_sets(data: ColdComfortData, report: Reporter) -> None:
    """Hotels belong to characters; each has the deck's per_character of them (the
    rulebook's 12 is held by rulebook-value), the same sizes as most others, covering
    every lot value. Reported at the character's first hotel."""
    names = [face.id for face in data.placards.characters()]
    first: dict[str, Loc] = {}
    for i, piece in enumerate(data.hotels.pieces):
        for j, face in enumerate(piece.faces):
            loc = ("hotels", "pieces", i, "faces", j)
            first.setdefault(face.character, loc)
            if face.character not in names:
                report.error(loc + ("character",), f"'{face.character}' is no character")
    usual = Counter(tuple(data.hotel_sizes(n)) for n in names).most_common(1)[0][0]
    for name in names:
        sizes = data.hotel_sizes(name)
        wrong = _hotel_set_fault(data, sizes, list(usual))
        if wrong:
            report.error(first.get(name, ("hotels", "pieces")), f"{name}: {wrong}")


def _hotel_set_fault(data: ColdComfortData, sizes: list[int], usual: list[int]) -> str:
    if len(sizes) != data.hotels.per_character:
        return f"{len(sizes)} hotels, not {data.hotels.per_character}"
    if sizes != usual:
        return f"hotel sizes {sizes} differ from the other characters' {usual}"
    if sorted(set(sizes)) != sorted(data.city_deck.lot_values):
        return f"hotel sizes {sorted(set(sizes))} do not cover every lot value"
    return ""


@CHECKS.check("hotel-fits-square", cite="Build: a hotel covers one lot")
def hotel_fits_square(data: ColdComfortData, report: Reporter) -> None:
    """A hotel tile is no bigger than one square of the city grid."""
    square = data.city_deck.grid.square_mm
    for i, piece in enumerate(data.hotels.pieces):
        if max(piece.size_mm) > square:
            report.error(("hotels", "pieces", i, "size"), f"hotel tiles must fit a "
                         f"{square:g} mm square of the city grid")


@CHECKS.check("tile-geometry", cite="About the City Deck: tiles conform to one grid")
def tile_geometry(data: ColdComfortData, report: Reporter) -> None:
    """Every tile has grid.rows rows of grid.columns squares and is printed at that size."""
    grid = data.city_deck.grid
    for i, piece in enumerate(data.city_deck.pieces):
        want = (grid.columns * grid.square_mm, grid.rows * grid.square_mm)
        if piece.size_mm != want:
            report.error(DECK + (i, "size"), f"a tile of {grid.columns}x{grid.rows} squares of "
                         f"{grid.square_mm:g} mm is {want[0]:g} x {want[1]:g} mm")
    for loc, face in _tile_faces(data):
        if len(face.layout) != grid.rows:
            report.error(loc + ("layout",), f"{len(face.layout)} rows; the grid has {grid.rows}")
        for r, row in enumerate(face.layout):
            if len(row) != grid.columns:
                report.error(loc + ("layout", r), f"row '{row}' has {len(row)} squares; the "
                             f"grid has {grid.columns}")
        if len(set(face.streets)) != len(face.streets):
            report.error(loc + ("streets",), "a street edge is listed twice")


@CHECKS.check("lot-values", cite="About the City Deck: lots valued between 1 and 6")
def lot_values(data: ColdComfortData, report: Reporter) -> None:
    """Every square is a lot of a listed value or a public-building square; lots exist."""
    allowed = {str(v) for v in data.city_deck.lot_values} | {PUBLIC}
    for loc, face in _tile_faces(data):
        for r, row in enumerate(face.layout):
            bad = sorted(set(row) - allowed)
            if bad:
                report.error(loc + ("layout", r), f"'{''.join(bad)}' is neither a lot value "
                             f"({', '.join(sorted(allowed - {PUBLIC}))}) nor {PUBLIC}")
        if not any(ch.isdigit() for row in face.layout for ch in row):
            report.error(loc + ("layout",), "a tile needs at least one vacant lot")


@CHECKS.check("public-buildings", cite="Public Buildings: size 1 or 2, a point per lot")
def public_buildings(data: ColdComfortData, report: Reporter) -> None:
    """A public building covers 1 or 2 connected squares and is named; P squares need one."""
    sizes = data.city_deck.public_building_sizes
    for loc, face in _tile_faces(data):
        squares = sum(row.count(PUBLIC) for row in face.layout)
        if squares and face.public_building is None:
            report.error(loc + ("layout",), "P squares but no public_building named")
        if face.public_building is not None and squares not in sizes:
            report.error(loc + ("public_building",), f"the public building covers {squares} "
                         f"squares; it must cover {' or '.join(map(str, sizes))}")
        if squares > 1 and not public_squares_connected(face.layout):
            report.error(loc + ("layout",), "the public building's squares are not adjacent")


@CHECKS.check("deck-size", cite="copperplate: the City Deck lasts the deck's own Heart "
              "and scoring rounds")
def deck_size(data: ColdComfortData, report: Reporter) -> None:
    """The deck lasts the whole game: the largest Heart plus one tile per scoring round."""
    need = data.city_deck.heart_of_the_city.max_tiles + data.table.scoring_rounds
    have = len(data.tiles())
    if have < need:
        report.error(DECK, f"the City Deck holds {have} tiles; the game draws up to {need}")


@CHECKS.check("main-street", cite="Main Street: three spaces, long street edges toward it")
def main_street(data: ColdComfortData, report: Reporter) -> None:
    """Main Street is as long as a tile's long edge, which faces it in the Heart; tiles are
    printed portrait (long edges west and east), as the Heart layout assumes."""
    grid = data.city_deck.grid
    heart = data.city_deck.heart_of_the_city
    if grid.columns > grid.rows:
        report.error(("city_deck", "grid", "columns"), f"tiles are printed portrait: "
                     f"{grid.columns} columns must not exceed {grid.rows} rows")
    if heart.main_street_squares != max(grid.columns, grid.rows):
        report.error(("city_deck", "heart_of_the_city", "main_street_squares"),
                     f"Main Street must be {max(grid.columns, grid.rows)} squares, a tile's "
                     "long edge")


@CHECKS.check("starting-gold", cite="copperplate: the printed Gold covers the supply and "
              "the starting gold")
def starting_gold(data: ColdComfortData, report: Reporter) -> None:
    """The printed Gold covers the supply, and the supply covers everyone's starting gold
    (the rulebook's $9, $1 and $30 are held by rulebook-value)."""
    printed = sum(face.value * face.count for piece in data.gold.pieces for face in piece.faces)
    players = data.game.players.max
    supply = data.gold.supply_per_player * players
    if printed < supply:
        report.error(("gold", "pieces"), f"${printed} of Gold is printed; {players} players "
                     f"need ${supply}")
    start = data.gold.starting
    dealt = sum(start.first_seat + seat * start.per_earlier_seat for seat in range(players))
    if dealt > supply:
        report.error(("gold", "starting"), f"{players} players start with ${dealt} but the "
                     f"supply is ${supply}")
