"""Boomtown Builders' rulebook baseline: every number it states, with its words."""

from __future__ import annotations

from typing import Any

from generator.checks.rulebook import Baseline, Counted, Entry, Item, Stated, copies_in
from generator.games.boomtown_builders.model import BoomtownBuildersData

SIZES = ("investments", "sizes")
CUBES = "(In 4 colors: 3x Triples, 4x Doubles, 7x Singles)"
WORTH = "A single Investment Cube is worth x1, a double is worth x2, and a triple is worth x3"
AHEAD = {1: "exactly 1 row ahead of the furthest Track Token, you may only place a Single "
         "cube", 2: "exactly 2 rows ahead of the furthest Train Track, you may place a Double "
         "cube", 3: "3 or more rows ahead of the furthest Train Track, you may place a Triple "
         "cube"}


def _track_tokens(data: Any) -> list[Item]:
    return [((("board", "pieces", i, "faces", j)), face.count, face.id)
            for i, piece in enumerate(data.board.pieces)
            for j, face in enumerate(piece.faces) if face.role == "track-token"]


def _cube_sizes() -> list[Entry]:
    entries: list[Entry] = []
    for size, multiplier, cubes in (("single", 1, 7), ("double", 2, 4), ("triple", 3, 3)):
        at = SIZES + (f"@{size}",)
        entries += [
            Stated(at + ("multiplier",), multiplier, WORTH, "Invest", name=f"{size} multiplier"),
            Stated(at + ("per_player",), cubes, CUBES, "Components", name=f"{size} cubes"),
            Stated(at + ("rows_ahead",), multiplier, AHEAD[multiplier], "Invest",
                   name=f"{size} rows ahead"),
        ]
    return entries


def _per_players(path: tuple[str, ...], table: dict[str, tuple[int, str]], section: str,
                 what: str) -> list[Entry]:
    """One row per player count of a table the rulebook gives sentence by sentence."""
    return [Stated(path + (f"@players={players}", "cards"), cards, quote, section,
                   name=f"{what} for {players.strip('[]')} players")
            for players, (cards, quote) in table.items()]


BASELINE = Baseline("boomtown-builders", BoomtownBuildersData, (
    Stated(("game", "players", "min"), 2, "2-4 PLAYERS", "Boomtown Builders",
           name="min players"),
    Stated(("game", "players", "max"), 4, "2-4 PLAYERS", "Boomtown Builders",
           name="max players"),
    Counted("Hideout Cards", copies_in("hideouts"), 9, "9 x Hideout Cards", "Components",
            ("hideouts", "pieces")),
    Counted("Terrain Cards", copies_in("terrain"), 15, "15 x Terrain Cards", "Components",
            ("terrain", "pieces")),
    Counted("Track Tokens", _track_tokens, 10, "10 x Track Tokens", "Components",
            ("board", "pieces")),
    Counted("Building Cards", copies_in("buildings"), 60, "60 x Building Cards", "Components",
            ("buildings", "pieces")),
    Counted("Investment Cubes", copies_in("investments"), 56, "56 x Investment Cubes",
            "Components", ("investments", "pieces")),
    Stated(("board", "round_track", "setups", "@players=[2, 4]", "stack"), 2, "In the 2 or "
           "4-player game, stack 2 Track Tokens on top of each other on the second to last "
           "space", "Setup 3", name="Track Token stack for 2 or 4 players"),
    Stated(("board", "round_track", "setups", "@players=[3]", "stack"), 3, "In a 3-player "
           "game, stack 3 Track Tokens on top of each other on the last space", "Setup 3",
           name="Track Token stack for 3 players"),
    *_per_players(("buildings", "draft"), {
        "[2, 3]": (4, "For a 2 or 3-player game, draw 4 cards."),
        "[4]": (5, "For a 4-player game, draw 5 cards.")}, "Setup 5", "draft cards"),
    *_cube_sizes(),
    *_per_players(("terrain", "placed"), {
        "[2]": (12, "In a 2-player game, place 12 Terrain Cards."),
        "[3]": (9, "In a 3-player game, place 9 Terrain Cards."),
        "[4]": (6, "In a 4-player game, place 6 Terrain Cards.")}, "Terrain Cards",
                  "Terrain Cards"),
    Stated(("terrain", "goldmine_bonus"), 2, "When a Building Card is scored adjacent to a "
           "Goldmine, +2 VP is added to it's score", "Terrain Cards: Goldmine"),
))
