"""The reference game of Boomtown Builders (rulebook sections cited inline): ``Game``
bound to one validated data set.

The flow of play is in ``turn.py``, the town and its scoring in ``town.py``; the position
itself in ``state.py``.
"""

from __future__ import annotations

from typing import Any

from generator.engine.api import Game
from generator.games.boomtown_builders import turn, words
from generator.games.boomtown_builders.invariants import broken
from generator.games.boomtown_builders.model import BoomtownBuildersData
from generator.games.boomtown_builders.state import (
    Board,
    BoomtownPosition,
    build_move,
    invest_size,
)
from generator.games.boomtown_builders.tables import build_tables
from generator.games.boomtown_builders.town import HIDEOUT, Lot


class BoomtownState(BoomtownPosition):
    """The State API bound to the rules: the rules' functions are the methods (each takes
    the state first), so a playout's calls, made on every action, go straight to them."""

    current_player = turn.current_player
    legal_actions = turn.legal_actions
    chance_outcomes = turn.chance_outcomes
    apply_action = turn.apply_action
    action_to_string = words.action_to_string
    describe = words.describe_state
    invariants = broken


class BoomtownGame(Game):
    id = "boomtown-builders"

    def __init__(self, data: BoomtownBuildersData, *, terrain: bool | None = None):
        self.data = data
        self.tables = build_tables(data)
        self.terrain = self.tables.terrain_enabled if terrain is None else terrain
        self.min_players = data.game.players.min
        self.max_players = data.game.players.max

    def new_initial_state(self, players: int) -> BoomtownState:
        """Setup 1-9: hideouts face down on their spaces, cubes to each player, the deck
        shuffled (draws are chance), terrain first in the advanced game."""
        t = self.tables
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Boomtown Builders is for {self.min_players}-{self.max_players} "
                             f"players, not {players}")
        lots = [Lot() for _ in range(t.rows * t.columns)]
        for r, c in t.hideout_spaces:
            lots[r * t.columns + c] = Lot(HIDEOUT)
        terrain = t.terrain_placed[players] if self.terrain else 0
        board = Board(
            players=players, terrain=self.terrain, phase="terrain" if terrain else "draft",
            lots=lots, train=t.middle, terrain_left=terrain,
            deck={card_id: face.count for card_id, face in sorted(t.cards.items())},
            hideout_pool={h: face.count for h, face in sorted(t.hideout_cards.items())},
            terrain_pool=dict(t.terrain_deck) if terrain else {},
            cubes=[{s.id: s.per_player for s in t.sizes} for _ in range(players)],
        )
        return BoomtownState(t, board)

    def state_from_dict(self, data: dict[str, Any]) -> BoomtownState:
        fields = dict(data)
        fields["lots"] = [Lot(**lot) for lot in data["lots"]]
        return BoomtownState(self.tables, Board(**fields))

    def max_game_length(self, players: int) -> int:
        t = self.tables
        rounds = t.rounds(players)
        return (2 * t.terrain_placed[players] + len(t.hideout_spaces) + t.draft[players]
                + rounds * 3 * players + t.rows)


__all__ = ["Board", "BoomtownGame", "BoomtownState", "build_move", "invest_size"]
