"""Rules checks of boomtown-builders: each cites the rule it proves.

The counts the rulebook fixes (Components) are hard checks; the setup arithmetic (round
track, track tokens, rows, cubes, deck, board space) is checked for every player count.
"""

from __future__ import annotations

from collections import Counter

from generator.checks import Registry, Reporter
from generator.games.boomtown_builders.model import BoomtownBuildersData as Data
from generator.games.boomtown_builders.model import ForPlayers, for_players

CHECKS = Registry("boomtown-builders")

# The rulebook's Components list; a print-and-play set must match the published game.
BUILDING_CARDS, HIDEOUT_CARDS, TERRAIN_CARDS, TRACK_TOKENS = 60, 9, 15, 10
RULEBOOK_DRAFT = {2: 4, 3: 4, 4: 5}  # Setup 5
RULEBOOK_TERRAIN = {2: 12, 3: 9, 4: 6}  # Terrain Cards
RULEBOOK_CUBES = {1: 7, 2: 4, 3: 3}  # multiplier -> cubes per color (Components)


def player_counts(data: Data) -> range:
    return range(data.game.players.min, data.game.players.max + 1)


def rounds(data: Data, players: int) -> int | None:
    setup = data.board.round_track.setup_for(players)
    return None if setup is None else len(setup.tokens_by_round())


def _count(report: Reporter, loc: tuple[str | int, ...], what: str, found: int,
           wanted: int) -> None:
    if found != wanted:
        report.error(loc, f"the rulebook has {wanted} {what}; the data has {found}")


@CHECKS.check("component-counts", cite="rulebook Components")
def component_counts(data: Data, report: Reporter) -> None:
    """60 Building Cards, 9 Hideout Cards, 15 Terrain Cards and 10 Track Tokens."""
    _count(report, ("buildings", "pieces"), "Building Cards",
           sum(p.total() for p in data.buildings.pieces), BUILDING_CARDS)
    _count(report, ("hideouts", "pieces"), "Hideout Cards",
           sum(p.total() for p in data.hideouts.pieces), HIDEOUT_CARDS)
    _count(report, ("terrain", "pieces"), "Terrain Cards",
           sum(p.total() for p in data.terrain.pieces), TERRAIN_CARDS)
    _count(report, ("board", "pieces"), "Track Tokens",
           data.board.faces_with_role("track-token"), TRACK_TOKENS)


@CHECKS.check("one-of-each-marker", cite="rulebook Components: 1 Board and 1 of each marker")
def one_of_each_marker(data: Data, report: Reporter) -> None:
    """Exactly one board, Starting Player Marker, Round Marker and Train Marker."""
    for role in ("board", "start-player", "round-marker", "train-marker"):
        _count(report, ("board", "pieces"), f"'{role}' piece",
               data.board.faces_with_role(role), 1)


@CHECKS.check("investment-cubes", cite="rulebook Components and Setup 7")
def investment_cubes(data: Data, report: Reporter) -> None:
    """Every color has 3 Triples, 4 Doubles and 7 Singles (x3, x2, x1), 56 in all, and
    each chit names a known color and size."""
    inv = data.investments
    sizes = {s.id: s for s in inv.sizes}
    colors = {c.id for c in inv.colors}
    have: Counter[tuple[str, str]] = Counter()
    for i, piece in enumerate(inv.pieces):
        for j, face in enumerate(piece.faces):
            loc = ("investments", "pieces", i, "faces", j)
            if face.color not in colors:
                report.error(loc + ("color",), f"unknown color '{face.color}'")
            if face.size not in sizes:
                report.error(loc + ("size",), f"unknown cube size '{face.size}'")
            have[(face.color, face.size)] += face.count
    for k, size in enumerate(inv.sizes):
        wanted = RULEBOOK_CUBES.get(size.multiplier)
        if wanted is not None and size.per_player != wanted:
            report.error(("investments", "sizes", k, "per_player"), f"the rulebook gives "
                         f"{wanted} x{size.multiplier} cubes per color, not {size.per_player}")
        for color in sorted(colors):
            if have[(color, size.id)] != size.per_player:
                report.error(("investments", "pieces"), f"{color} has "
                             f"{have[(color, size.id)]} {size.id} chits; each color needs "
                             f"{size.per_player}")


@CHECKS.check("cube-sizes", cite="rulebook Invest")
def cube_sizes(data: Data, report: Reporter) -> None:
    """Single x1 needs 1 row ahead, Double x2 needs 2, Triple x3 needs 3 or more."""
    for k, size in enumerate(data.investments.sizes):
        if size.rows_ahead != size.multiplier:
            report.error(("investments", "sizes", k, "rows_ahead"),
                         f"a x{size.multiplier} cube may be placed {size.multiplier} or more "
                         f"rows ahead of the furthest Track Token, not {size.rows_ahead}")
    ids = [s.id for s in data.investments.sizes] + [c.id for c in data.investments.colors]
    for k, size in enumerate(data.investments.sizes):
        if ids.count(size.id) > 1:
            report.error(("investments", "sizes", k, "id"), f"'{size.id}' is named twice")


@CHECKS.check("colors-for-players", cite="rulebook Setup 7: each player chooses a color")
def colors_for_players(data: Data, report: Reporter) -> None:
    """There are at least as many distinct colors as the most players."""
    names = [c.id for c in data.investments.colors]
    if len(set(names)) < data.game.players.max:
        report.error(("investments", "colors"), f"{len(set(names))} colors for up to "
                     f"{data.game.players.max} players")


@CHECKS.check("odd-columns", cite="rulebook Setup 8: the middle location of the first row")
def odd_columns(data: Data, report: Reporter) -> None:
    """The rows have an odd number of locations, so the first row has a middle one."""
    if data.board.columns % 2 == 0:
        report.error(("board", "columns"), f"{data.board.columns} columns have no middle "
                     "location for the Train Marker; use an odd number")


def _per_player_table(report: Reporter, data: Data, loc: tuple[str | int, ...],
                      table: list[ForPlayers], rulebook: dict[int, int], what: str) -> None:
    for players in player_counts(data):
        found = for_players(table, players)
        entries = [i for i, e in enumerate(table) if players in e.players]
        if len(entries) > 1:
            report.error(loc + (entries[1], "players"), f"{players} players listed twice")
        if found is None:
            report.error(loc, f"no {what} given for {players} players")
        elif players in rulebook and found != rulebook[players]:
            report.error(loc + (entries[0], "cards"), f"the rulebook gives {rulebook[players]} "
                         f"{what} for {players} players, not {found}")


@CHECKS.check("draft-size", cite="rulebook Setup 5 and End of Round 4")
def draft_size(data: Data, report: Reporter) -> None:
    """The draft shows 4 cards for 2-3 players and 5 for 4, enough for everyone."""
    _per_player_table(report, data, ("buildings", "draft"), data.buildings.draft,
                      RULEBOOK_DRAFT, "draft cards")
    for i, entry in enumerate(data.buildings.draft):
        if any(entry.cards < p for p in entry.players):
            report.error(("buildings", "draft", i, "cards"), f"{entry.cards} draft cards "
                         f"cannot serve {max(entry.players)} players in one round")


@CHECKS.check("round-track-complete", cite="rulebook Setup 2-3, End of Round 1-2, End of Game")
def round_track_complete(data: Data, report: Reporter) -> None:
    """For every player count the Round Track holds all Track Tokens, the stack fits on
    the track after the start, and the tokens track every row."""
    track, tokens = data.board.round_track, data.board.faces_with_role("track-token")
    for players in player_counts(data):
        if track.setup_for(players) is None:
            report.error(("board", "round_track", "setups"), f"no Round Track setup for "
                         f"{players} players")
    for i, setup in enumerate(track.setups):
        loc = ("board", "round_track", "setups", i)
        if not setup.start < setup.stack_space <= track.spaces:
            report.error(loc + ("stack_space",), f"the stack must sit after the start "
                         f"(space {setup.start}) and on the track (1..{track.spaces})")
        elif sum(setup.tokens_by_round()) != tokens:
            report.error(loc, f"this setup places {sum(setup.tokens_by_round())} Track "
                         f"Tokens, but there are {tokens}")
    if tokens != data.board.rows:
        report.error(("board", "rows"), f"{data.board.rows} rows but {tokens} Track Tokens: "
                     "the game ends with every row tracked, one token per row")


@CHECKS.check("enough-cubes", cite="rulebook Invest; games.md: never more cubes than owned")
def enough_cubes(data: Data, report: Reporter) -> None:
    """Each player invests once a round, so the rounds never outnumber the cubes usable in
    the final round's furthest row."""
    rows = data.board.rows
    for players in player_counts(data):
        n = rounds(data, players)
        if n is None:
            continue
        reach = rows - (n - 1)  # rows ahead of the furthest token in the final round
        usable = sum(s.per_player for s in data.investments.sizes if s.rows_ahead <= reach)
        if usable < n:
            report.error(("investments", "sizes"), f"{players} players play {n} rounds but "
                         f"own only {usable} cubes usable {reach} rows ahead")


@CHECKS.check("deck-lasts", cite="rulebook Setup 5 and End of Round 4")
def deck_lasts(data: Data, report: Reporter) -> None:
    """The Building deck fills the draft at setup and refills it every round."""
    deck = sum(p.total() for p in data.buildings.pieces)
    for players in player_counts(data):
        n, draft = rounds(data, players), for_players(data.buildings.draft, players)
        if n is not None and draft is not None and draft + players * (n - 1) > deck:
            report.error(("buildings", "draft"), f"{players} players need "
                         f"{draft + players * (n - 1)} Building Cards; the deck has {deck}")


@CHECKS.check("terrain-fits", cite="rulebook Terrain Cards: 12 / 9 / 6 for 2 / 3 / 4 players")
def terrain_fits(data: Data, report: Reporter) -> None:
    """The Terrain Cards placed for each player count exist in the deck and fit on the
    board's locations that are not hideout spaces."""
    loc = ("terrain", "placed")
    _per_player_table(report, data, loc, data.terrain.placed, RULEBOOK_TERRAIN,
                      "Terrain Cards placed")
    deck = sum(p.total() for p in data.terrain.pieces)
    free = data.board.rows * data.board.columns - len(data.board.hideout_spaces)
    for i, entry in enumerate(data.terrain.placed):
        if entry.cards > min(deck, free):
            report.error(loc + (i, "cards"), f"{entry.cards} Terrain Cards do not fit: the "
                         f"deck has {deck}, the board {free} free locations")


@CHECKS.check("room-to-build", cite="rulebook Build: an empty location in an untracked row")
def room_to_build(data: Data, report: Reporter) -> None:
    """Every player count's buildings fit on the board beside the hideouts and terrain."""
    board = data.board
    free = board.rows * board.columns - len(board.hideout_spaces)
    for players in player_counts(data):
        n = rounds(data, players)
        terrain = (for_players(data.terrain.placed, players) or 0) if data.terrain.enabled else 0
        if n is not None and n * players > free - terrain:
            report.error(("board", "rows"), f"{players} players build {n * players} "
                         f"buildings but only {free - terrain} locations are free")


from generator.games.boomtown_builders import checks_board  # noqa: E402,F401  (registers more)
