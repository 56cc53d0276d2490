"""Rules checks of boomtown-builders: each cites the rule it proves.

The numbers the rulebook states (Components, Setup, Invest, Terrain Cards) are held by
the baseline's rulebook-value check (baseline.py); here the setup arithmetic (round track,
track tokens, rows, cubes, deck, board space) is checked for every player count.
"""

from __future__ import annotations

from collections import Counter

from generator.checks import Registry, Reporter
from generator.games.boomtown_builders.model import BoomtownBuildersData as Data
from generator.games.boomtown_builders.model import ForPlayers, for_players, player_counts

PART = Registry("boomtown-builders setup")



def rounds(data: Data, players: int) -> int | None:
    setup = data.board.round_track.setup_for(players)
    return None if setup is None else len(setup.tokens_by_round())


def _count(report: Reporter, loc: tuple[str | int, ...], what: str, found: int,
           wanted: int) -> None:
    if found != wanted:
        report.error(loc, f"the rulebook has {wanted} {what}; the data has {found}")


@PART.check("one-of-each-marker", cite="rulebook Components: 1 Board and 1 of each marker")
def one_of_each_marker(data: Data, report: Reporter) -> None:
    """Exactly one board, Starting Player Marker, Round Marker and Train Marker."""
    for role in ("board", "start-player", "round-marker", "train-marker"):
        _count(report, ("board", "pieces"), f"'{role}' piece",
               data.board.faces_with_role(role), 1)


@PART.check("investment-cubes", cite="rulebook Setup 7: every color takes the same cubes")
def investment_cubes(data: Data, report: Reporter) -> None:
    """Every color has per_player chits of each size (the rulebook's 3 / 4 / 7 are held
    by rulebook-value), and each chit names a known color and size."""
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
    for size in inv.sizes:
        for color in sorted(colors):
            if have[(color, size.id)] != size.per_player:
                report.error(("investments", "pieces"), f"{color} has "
                             f"{have[(color, size.id)]} {size.id} chits; each color needs "
                             f"{size.per_player}")


@PART.check("cube-sizes", cite="copperplate: every cube size and color is named once")
def cube_sizes(data: Data, report: Reporter) -> None:
    """Cube sizes and colors have distinct ids (the rulebook's x1 / x2 / x3 and rows ahead
    are held by rulebook-value)."""
    ids = [s.id for s in data.investments.sizes] + [c.id for c in data.investments.colors]
    for k, size in enumerate(data.investments.sizes):
        if ids.count(size.id) > 1:
            report.error(("investments", "sizes", k, "id"), f"'{size.id}' is named twice")


@PART.check("colors-for-players", cite="rulebook Setup 7: each player chooses a color")
def colors_for_players(data: Data, report: Reporter) -> None:
    """There are at least as many distinct colors as the most players."""
    names = [c.id for c in data.investments.colors]
    if len(set(names)) < data.game.players.max:
        report.error(("investments", "colors"), f"{len(set(names))} colors for up to "
                     f"{data.game.players.max} players")


@PART.check("odd-columns", cite="rulebook Setup 8: the middle location of the first row")
def odd_columns(data: Data, report: Reporter) -> None:
    """The rows have an odd number of locations, so the first row has a middle one."""
    if data.board.columns % 2 == 0:
        report.error(("board", "columns"), f"{data.board.columns} columns have no middle "
                     "location for the Train Marker; use an odd number")


def _per_player_table(report: Reporter, data: Data, loc: tuple[str | int, ...],
                      table: list[ForPlayers], what: str) -> None:
    for players in player_counts(data):
        found = for_players(table, players)
        entries = [i for i, e in enumerate(table) if players in e.players]
        if len(entries) > 1:
            report.error(loc + (entries[1], "players"), f"{players} players listed twice")
        if found is None:
            report.error(loc, f"no {what} given for {players} players")


@PART.check("draft-size", cite="rulebook Setup 5 and End of Round 4")
def draft_size(data: Data, report: Reporter) -> None:
    """The draft is given once for every player count and serves everyone (its 4 and 5
    cards are held by rulebook-value)."""
    _per_player_table(report, data, ("buildings", "draft"), data.buildings.draft,
                      "draft cards")
    for i, entry in enumerate(data.buildings.draft):
        if any(entry.cards < p for p in entry.players):
            report.error(("buildings", "draft", i, "cards"), f"{entry.cards} draft cards "
                         f"cannot serve {max(entry.players)} players in one round")


@PART.check("round-track-complete", cite="rulebook Setup 2-3, End of Round 1-2, End of Game")
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


@PART.check("enough-cubes", cite="rulebook Invest; games.md: never more cubes than owned")
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


@PART.check("deck-lasts", cite="rulebook Setup 5 and End of Round 4")
def deck_lasts(data: Data, report: Reporter) -> None:
    """The Building deck fills the draft at setup and refills it every round."""
    deck = sum(p.total() for p in data.buildings.pieces)
    for players in player_counts(data):
        n, draft = rounds(data, players), for_players(data.buildings.draft, players)
        if n is not None and draft is not None and draft + players * (n - 1) > deck:
            report.error(("buildings", "draft"), f"{players} players need "
                         f"{draft + players * (n - 1)} Building Cards; the deck has {deck}")


@PART.check("terrain-fits", cite="rulebook Terrain Cards: the cards placed fit the board")
def terrain_fits(data: Data, report: Reporter) -> None:
    """The Terrain Cards placed for each player count exist in the deck and fit on the
    board's locations that are not hideout spaces."""
    loc = ("terrain", "placed")
    _per_player_table(report, data, loc, data.terrain.placed, "Terrain Cards placed")
    deck = sum(p.total() for p in data.terrain.pieces)
    free = data.board.rows * data.board.columns - len(data.board.hideout_spaces)
    for i, entry in enumerate(data.terrain.placed):
        if entry.cards > min(deck, free):
            report.error(loc + (i, "cards"), f"{entry.cards} Terrain Cards do not fit: the "
                         f"deck has {deck}, the board {free} free locations")


@PART.check("room-to-build", cite="rulebook Build: an empty location in an untracked row")
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

