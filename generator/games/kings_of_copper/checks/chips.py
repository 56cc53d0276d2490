"""Chip, title and table checks of kings-of-copper: each cites the rule it proves."""

from __future__ import annotations

from collections import Counter

from generator.checks import Registry, Reporter
from generator.data.yamlsrc import Loc
from generator.games.kings_of_copper.model import MONEY_EFFECTS, ChipFace, KingsOfCopperData

PART = Registry("kings-of-copper chips")


@PART.check("chip-counts", cite="rulebook, Setup")
def chip_counts(data: KingsOfCopperData, report: Reporter) -> None:
    """One blue Mining chip, one green Prospecting chip and one Claim Title per mine space
    on the board (how many mines and chips: the baseline)."""
    mines = sum(1 for s in data.board.spaces if s.kind == "mine")
    for stem, file in (("mining_chips", data.mining_chips),
                       ("prospecting_chips", data.prospecting_chips), ("titles", data.titles)):
        total = sum(p.total() for p in file.pieces)
        if total != mines:
            report.error((stem, "pieces"), f"{total} chips for {mines} mine spaces; the "
                         "rules put one on each mine")


@PART.check("unique-sapphires", cite="rulebook, Sapphires")
def unique_sapphires(data: KingsOfCopperData, report: Reporter) -> None:
    """Exactly one Great Blue Sapphire among the Mining chips and one Sacred Sapphire among
    the Prospecting chips; Fool's Gold is blue and worth nothing."""
    for stem, file, name in (("mining_chips", data.mining_chips, "Great Blue Sapphire"),
                             ("prospecting_chips", data.prospecting_chips, "Sacred Sapphire")):
        found = [(i, j, f) for i, p in enumerate(file.pieces) for j, f in enumerate(p.faces)
                 if f.sort == "sapphire"]
        copies = sum(f.count for _, _, f in found)
        if copies != 1:
            report.error((stem, "pieces"), f"{copies} sapphire chips; the rules have exactly "
                         f"one {name}")
        for i, j, face in found[1:]:
            report.error((stem, "pieces", i, "faces", j, "sort"), f"a second sapphire "
                         f"'{face.id}'; only the {name} is a sapphire here")
    for stem, file in (("mining_chips", data.mining_chips),
                       ("prospecting_chips", data.prospecting_chips)):
        for loc, face in file.located_faces(stem):
            _fools_gold(stem == "mining_chips", face, loc, report)


def _fools_gold(blue: bool, face: ChipFace, loc: Loc, report: Reporter) -> None:
    if face.sort == "fools-gold" and not blue:
        report.error(loc + ("sort",), "Fool's Gold is a blue Mining chip")
    if face.sort == "fools-gold" and face.value != 0:
        report.error(loc + ("value",), "Fool's Gold is worth nothing (value 0)")


@PART.check("districts-of-four", cite="rulebook, Cave-Ins (four steps per district)")
def districts_of_four(data: KingsOfCopperData, report: Reporter) -> None:
    """Every district holds as many mines as the cave-in table has steps (four), and the
    districts together hold all 16 mines."""
    steps = len(data.rules.cave_in)
    per = Counter(s.district for s in data.board.spaces if s.kind == "mine")
    for i, district in enumerate(data.board.districts):
        if per.get(district.id, 0) != steps:
            report.error(("board", "districts", i), f"district '{district.id}' has "
                         f"{per.get(district.id, 0)} mines; the cave-in table has {steps} steps")
    titles = Counter(f.district for p in data.titles.pieces for f in p.faces)
    for i, district in enumerate(data.board.districts):
        if titles.get(district.id, 0) != steps:
            report.error(("board", "districts", i), f"district '{district.id}' has "
                         f"{titles.get(district.id, 0)} Claim Titles; it needs {steps}")


@PART.check("titles-match-board", cite="rulebook, Setup (titles on top of each mine)")
def titles_match_board(data: KingsOfCopperData, report: Reporter) -> None:
    """Every mine names one Claim Title of its own district, and every title lies on
    exactly one mine."""
    titles = {f.id: f for p in data.titles.pieces for f in p.faces}
    districts = {d.id for d in data.board.districts}
    for i, p in enumerate(data.titles.pieces):
        for j, face in enumerate(p.faces):
            if face.district not in districts:
                report.error(("titles", "pieces", i, "faces", j, "district"),
                             f"'{face.district}' is not a district of the board")
    used: dict[str, int] = {}
    for k, space in enumerate(data.board.spaces):
        if space.kind != "mine":
            continue
        loc = ("board", "spaces", k)
        title = titles.get(space.title or "")
        if title is None:
            report.error(loc + ("title",), f"mine '{space.id}' names no Claim Title of "
                         f"titles.yaml ('{space.title}')")
        elif title.district != space.district:
            report.error(loc + ("title",), f"title '{title.id}' belongs to "
                         f"'{title.district}' but its mine is in '{space.district}'")
        elif title.id in used:
            report.error(loc + ("title",), f"title '{title.id}' is already on mine "
                         f"'{data.board.spaces[used[title.id]].id}'")
        if title is not None:
            used.setdefault(title.id, k)


@PART.check("cave-in-table", cite="rulebook, Cave-Ins")
def cave_in_table(data: KingsOfCopperData, report: Reporter) -> None:
    """Each deep mine's cave-in numbers are faces of the d10, each once (which numbers: the
    baseline, "First mine: (#0) ... Fourth mine: (#0,1,2,3)")."""
    for n, row in enumerate(data.rules.cave_in):
        for k, number in enumerate(row):
            if not 0 <= number < data.rules.d10_faces or number in row[:k]:
                report.error(("rules", "cave_in", n, k), f"deep mine {n + 1} caves in on "
                             f"{number}, which is not one more face of the "
                             f"{data.rules.d10_faces}-sided die")
    if len(data.rules.cave_in) > data.rules.d10_faces:
        report.error(("rules", "cave_in"), "more cave-in numbers than the die has faces")


@PART.check("d10-chits", cite="rulebook, Cave-Ins (a 10-sided die)")
def d10_chits(data: KingsOfCopperData, report: Reporter) -> None:
    """The chits that replace the d10 show every number 0-9 exactly once."""
    values = [f.value for p in data.d10_chits.pieces for f, _ in p.copies()]
    want = list(range(data.rules.d10_faces))
    if sorted(values) != want:
        report.error(("d10_chits", "pieces"), f"chits show {sorted(values)}; a fair d10 "
                     f"needs {want} once each")


@PART.check("money-supply", cite="rulebook, Setup ($500 each, the rest is the bank)")
def money_supply(data: KingsOfCopperData, report: Reporter) -> None:
    """The bills cover every player's $500 plus every payout the bank can owe: all chips
    cashed, the Anaconda Sapphire and the first-home bonus."""
    supply = sum(f.value * f.count for p in data.money.pieces for f in p.faces)
    rules = data.rules
    owed = sum(f.value * f.count for file in (data.mining_chips, data.prospecting_chips,
                                              data.anaconda_sapphire)
               for p in file.pieces for f in p.faces)
    need = data.game.players.max * rules.start_money + owed + rules.first_home_bonus
    if supply < need:
        report.error(("money", "pieces"), f"the bills add up to ${supply}; "
                     f"{data.game.players.max} players' start money and every payout "
                     f"need ${need}")
    smallest = min((f.value for p in data.money.pieces for f in p.faces), default=0)
    for key in ("start_money", "title_price", "prospect_price", "peek_price", "dig_price"):
        if smallest and getattr(rules, key) % smallest:
            report.error(("rules", key), f"${getattr(rules, key)} cannot be paid in "
                         f"${smallest} bills")


@PART.check("event-effects", cite="rulebook, Event Card")
def event_effects(data: KingsOfCopperData, report: Reporter) -> None:
    """Every money effect names a positive amount; movement effects name none."""
    for i, piece in enumerate(data.events.pieces):
        for j, face in enumerate(piece.faces):
            loc = ("events", "pieces", i, "faces", j)
            if face.effect in MONEY_EFFECTS and face.amount <= 0:
                report.error(loc + ("amount",), f"'{face.effect}' needs an amount above $0")
            if face.effect not in MONEY_EFFECTS and face.amount:
                report.error(loc + ("amount",), f"'{face.effect}' moves a token; it pays "
                             "nothing")


@PART.check("character-cards", cite="rulebook, Cash out (3 Titles in 3 districts)")
def character_cards(data: KingsOfCopperData, report: Reporter) -> None:
    """A Character card is winnable (enough districts) and one can go to every player."""
    needed = data.rules.character_titles
    if len(data.board.districts) < needed:
        report.error(("rules", "character_titles"), f"{needed} titles in {needed} different "
                     f"districts, but the board has {len(data.board.districts)} districts")
    cards = sum(p.total() for p in data.characters.pieces)
    if cards < data.game.players.max:
        report.error(("characters", "pieces"), f"{cards} Character cards for up to "
                     f"{data.game.players.max} players")


@PART.check("player-colors", cite="rulebook, Setup (4 tokens of a color each)")
def player_colors(data: KingsOfCopperData, report: Reporter) -> None:
    """One colour per seat, each with its own letter, and tokens_per_player tokens of it."""
    colors = data.board.colors
    if len(colors) < data.game.players.max:
        report.error(("board", "colors"), f"{len(colors)} colours for up to "
                     f"{data.game.players.max} players")
    letters = Counter(c.letter for c in colors)
    for i, c in enumerate(colors):
        if letters[c.letter] > 1:
            report.error(("board", "colors", i, "letter"), f"letter '{c.letter}' is used by "
                         "two colours (colour must never be the only cue)")
    made: Counter[str] = Counter()
    for piece in data.tokens.pieces:  # every piece's tokens: a second piece adds to the first
        for face in piece.faces:
            made[face.id] += face.count
    for i, c in enumerate(colors):
        if made.get(c.id, 0) != data.rules.tokens_per_player:
            report.error(("board", "colors", i), f"{made.get(c.id, 0)} {c.id} tokens; each "
                         f"player needs {data.rules.tokens_per_player}")


@PART.check("dice-tables", cite="rulebook, Tunnels and Sapphires")
def dice_tables(data: KingsOfCopperData, report: Reporter) -> None:
    """The tunnel and snake-eyes numbers can be rolled on two six-sided dice."""
    tunnel = data.rules.tunnel
    for k, total in enumerate(tunnel.totals):
        if not 2 <= total <= 12:
            report.error(("rules", "tunnel", "totals", k), f"two dice never total {total}")
    for k, pips in enumerate(tunnel.any_die + data.rules.snake_eyes):
        if not 1 <= pips <= 6:
            where = ("tunnel", "any_die", k) if k < len(tunnel.any_die) else (
                "snake_eyes", k - len(tunnel.any_die))
            report.error(("rules",) + where, f"a die never shows {pips}")
