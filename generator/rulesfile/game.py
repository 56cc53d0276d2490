"""A game of one's own as the engine sees it: built from its compiled rules file."""

from __future__ import annotations

from typing import Any

from generator.engine.api import Game
from generator.rulesfile.program import Program
from generator.rulesfile.state import RulesState


class RulesGame(Game):
    """A game of one's own, played by its compiled rules file."""

    def __init__(self, game_id: str, prog: Program, low: int, high: int):
        self.id, self.prog = game_id, prog
        self.min_players, self.max_players = low, high

    def new_initial_state(self, players: int) -> RulesState:
        return RulesState(self.prog, players).start()

    def state_from_dict(self, data: dict[str, Any]) -> RulesState:
        st = RulesState(self.prog, data["players"])
        st.zones = [list(z) for z in data["zones"]]
        for slot, cards in enumerate(st.zones):
            for card in cards:
                st.where[card] = slot
        st.by, st.vars, st.counts = list(data["by"]), list(data["vars"]), list(data["counts"])
        st.frames = [list(f) for f in data["frames"]]
        st.pending, st.acting = list(data["pending"]), list(data["acting"])
        st.stage, st.phase, st.player = data["stage"], data["phase"], data["player"]
        st.turns, st.over = data["turns"], data["over"]
        st.fault = (tuple(data["fault"][0]), data["fault"][1]) if data["fault"] else None
        return st

    def max_game_length(self, players: int) -> int:
        return self.prog.max_actions
