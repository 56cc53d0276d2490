"""The toy's checks on its players."""

from __future__ import annotations

from generator.checks import Registry, Reporter
from generator.schema import GameData

from ..tables import TABLES

PART = Registry("toy players")


@PART.check("toy-player-count", cite="the toy's rules: for 2 to 4 players")
def player_count(data: GameData, report: Reporter) -> None:
    """The game's players lie within the toy's (its tables say how many)."""
    players = data.game.players
    if players.min < TABLES.min_players or players.max > TABLES.max_players:
        report.error(("game", "players"), f"the toy is for {TABLES.min_players}-"
                     f"{TABLES.max_players} players")
