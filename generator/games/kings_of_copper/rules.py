"""The Kings of Copper reference game: ``Game`` bound to one validated data set.

The flow of play is in ``turn.py``, movement in ``moves.py``, the start-of-turn mining in
``mining.py``; the position itself in ``state.py``.
"""

from __future__ import annotations

from typing import Any

from generator.engine.api import Game
from generator.games.kings_of_copper import hidden, moves, turn, words
from generator.games.kings_of_copper.invariants import broken
from generator.games.kings_of_copper.model import KingsOfCopperData
from generator.games.kings_of_copper.state import KingsState, new_table, table_from_dict
from generator.games.kings_of_copper.tables import Tables

# Upper bounds on the actions one step of play can cause (derived in max_game_length).
TASKS_PER_LANDING = 4  # rob (x rob_chips), buy, character, keep or tunnel exit


class KingsOfCopperState(KingsState):
    """The State API bound to the rules: the rules' functions are the methods (each takes
    the state first), so a playout's calls, made on every action, go straight to them."""

    current_player = turn.current_player
    legal_actions = turn.legal_actions
    chance_outcomes = turn.chance_outcomes
    apply_action = turn.apply_action
    action_to_string = words.action_to_string
    describe = words.describe_state
    invariants = broken
    # chips face down, others' hands, the event pile: what each seat sees is in ``hidden``
    hidden_information = True
    information = hidden.information
    determinize = hidden.determinize


class KingsOfCopperGame(Game):
    id = "kings-of-copper"

    def __init__(self, data: KingsOfCopperData):
        self.tables = Tables.from_data(data)
        moves.chart(self.tables)  # every game played from here only looks moves up
        self.min_players = data.game.players.min
        self.max_players = data.game.players.max

    def new_initial_state(self, players: int) -> KingsState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"kings-of-copper is for {self.min_players}-{self.max_players} "
                             "players")
        return KingsOfCopperState(self.tables, new_table(self.tables, players))

    def state_from_dict(self, data: dict[str, Any]) -> KingsState:
        return KingsOfCopperState(self.tables, table_from_dict(int(data["players"]), data))

    def max_game_length(self, players: int) -> int:
        """The mines close after ``last_shift_round`` rounds, so turns are bounded; each
        turn's actions are bounded because every mine is worked at most once a turn, offers
        are limited, doubles re-roll at most ``max_rerolls`` times and each roll moves at
        most two tokens, each landing causing a bounded number of tasks."""
        t = self.tables
        rules = t.rules
        tokens = rules.tokens_per_player
        robs = rules.rob_chips + max((c.amount for c in t.characters.values()
                                      if c.power == "rob-extra"), default=0)
        cashing = sum(t.chip_counts.values())  # at Finish, one chip at a time
        per_landing = 1 + robs + TASKS_PER_LANDING + cashing
        entering = rules.first_turn_entries * (robs + 1)
        mining = len(t.mines) * 4  # prospect or peek, dig, d10, a Character card
        trading = rules.trade.offers_per_turn * 3  # offer, answer, answer to a counter
        rolling = (1 + rules.max_rerolls) * (1 + 2 * per_landing)
        tunnels = tokens * (2 + per_landing)
        per_turn = entering + mining + trading + 1 + rolling + tunnels
        setup = 1 + 2 * len(t.mines) + sum(t.event_counts.values())
        return setup + (rules.last_shift_round * players + players) * per_turn
