"""Cold Comfort's pieces: the dice, the character placards and their hotels."""

from __future__ import annotations

from collections import Counter

from generator.checks import Registry, Reporter
from generator.checks.rulebook import the_changed_one
from generator.data.yamlsrc import Loc
from generator.games.cold_comfort.model import ColdComfortData

PART = Registry("cold-comfort pieces")


@PART.check("dice-total", cite="copperplate: the die nets print the dice the game uses")
def dice_total(data: ColdComfortData, report: Reporter) -> None:
    """The printed dice (die nets) number exactly the deck's own ``total`` (the rulebook's
    24 is held by rulebook-value)."""
    printed = sum(piece.total() for piece in data.dice.pieces)
    if printed != data.dice.total:
        report.error(("dice", "pieces", 0), f"{printed} population dice are printed but the "
                     f"game uses {data.dice.total}")


@PART.check("dice-faces", cite="About The Dice: wealth is a die value; lots are 1-6")
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


@PART.check("dice-table", cite="copperplate: the dice table agrees with the deck's own "
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


@PART.check("placards", cite="Components: six character placards; colour never alone")
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


@PART.check("hotel-sets", cite="copperplate: every character gets the same hotel set, "
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


@PART.check("hotel-fits-square", cite="Build: a hotel covers one lot")
def hotel_fits_square(data: ColdComfortData, report: Reporter) -> None:
    """A hotel tile is no bigger than one square of the city grid."""
    square = data.city_deck.grid.square_mm
    for i, piece in enumerate(data.hotels.pieces):
        if max(piece.size_mm) > square:
            report.error(("hotels", "pieces", i, "size"), f"hotel tiles must fit a "
                         f"{square:g} mm square of the city grid")
