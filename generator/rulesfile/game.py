"""A game of one's own as the engine sees it: built from its compiled rules file."""

from __future__ import annotations

from typing import Any

from generator.engine.api import Game
from generator.rulesfile.program import Program, compile_rules
from generator.rulesfile.state import RulesState


class RulesGame(Game):
    """A game of one's own, played by its compiled rules file: ``prog`` compiled for
    ``prog.players``, the rules compiled again for each other player count played (the
    closures find the slots of zones and variables laid out for their count)."""

    def __init__(self, game_id: str, prog: Program, low: int, high: int,
                 pieces: dict[str, list[dict[str, Any]]]):
        self.id, self.prog, self.pieces = game_id, prog, pieces
        self.min_players, self.max_players = low, high
        self.progs = {prog.players: prog}

    def program(self, players: int) -> Program:
        """The rules compiled for ``players`` (the same rules: no new problem)."""
        prog = self.progs.get(players)
        if prog is None:
            prog, problems = compile_rules(self.prog.source, self.pieces, players,
                                           self.prog.options)
            assert prog is not None, problems
            self.progs[players] = prog
        return prog

    def new_initial_state(self, players: int) -> RulesState:
        return RulesState(self.program(players), players).start()

    def state_from_dict(self, data: dict[str, Any]) -> RulesState:
        st = RulesState(self.program(data["players"]), data["players"])
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
