"""The generic greedy bot of a rules-file game: one ply, judged by the scoring rules."""

from __future__ import annotations

from generator.engine.api import CHANCE, Action, State
from generator.engine.bots import Bot
from generator.engine.playout import sample_chance
from generator.rulesfile.state import RulesState


class GreedyBot(Bot):
    """Tries every legal action (chance after it sampled with its own generator), and
    keeps the one that leaves its score furthest ahead of the best other seat's;
    ties are broken at random. Where things are hidden it tries them on a
    determinization: what it cannot see is dealt again first."""

    name = "greedy"

    def step(self, state: State) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        best: list[Action] = []
        top = float("-inf")
        if isinstance(state, RulesState) and state.hidden_information:  # only what it sees
            state = state.determinize(self.seat, self.rng)
        for action in actions:
            after = state.clone()
            after.apply_action(action)
            while after.current_player() == CHANCE:
                after.apply_action(sample_chance(after, self.rng))
            value = self.margin(after.returns())
            if value > top:
                top, best = value, [action]
            elif value == top:
                best.append(action)
        return self.rng.choice(best)

    def margin(self, scores: list[float]) -> float:
        others = [s for seat, s in enumerate(scores) if seat != self.seat]
        return scores[self.seat] - (max(others) if others else 0.0)
