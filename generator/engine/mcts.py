"""A general bot for every game: flat Monte-Carlo tree search over the State API.

At each decision with a real choice it spends its budget of random playouts on the legal
actions, picking which action to try next by UCB1 (so promising actions get most of the
budget), and plays the action with the best mean result. A playout plays every seat and
chance uniformly at random to the end. The result for the bot's seat is its share of the
win plus, to tell apart games it cannot win (and in solo games, where every game is a
"win"), half a point scaled between the worst and best score seen at this decision.
It knows nothing of any game; seeded from its seat and the game's seed, so deterministic.
"""

from __future__ import annotations

import math
import random
from functools import partial

from generator.engine.api import CHANCE, Action, State
from generator.engine.bots import Bot
from generator.engine.playout import BotFactory, sample_chance

DEFAULT_PLAYOUTS = 100
MAX_PLAYOUTS = 100_000
EXPLORE = 0.7  # UCB1's exploration weight; results lie in [0, 1.5]
PLAYOUT_LIMIT = 1_000_000  # a safety stop for a game that would never end


class MctsBot(Bot):
    name = "mcts"

    def __init__(self, seat: int, seed: int | str, playouts: int = DEFAULT_PLAYOUTS):
        super().__init__(seat, seed)
        self.playouts = playouts

    def step(self, state: State) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        wins = [0.0] * len(actions)
        scores = [0.0] * len(actions)
        visits = [0] * len(actions)
        seen: list[float] = []
        # each action is tried once first, in a random order: with fewer playouts than
        # actions, the ones tried are a fair sample, not the first few in sorted order
        first = self.rng.sample(range(len(actions)), len(actions))
        for n in range(self.playouts):
            i = first[n] if n < len(actions) else self._pick(wins, scores, visits, seen, n)
            share, score = self._playout(state, actions[i])
            wins[i] += share
            scores[i] += score
            visits[i] += 1
            seen = [min(seen[0], score), max(seen[1], score)] if seen else [score, score]
        best = max(range(len(actions)), key=lambda i: (
            self._value(wins, scores, visits, seen, i) if visits[i] else -1.0, visits[i], -i))
        return actions[best]

    @staticmethod
    def _value(wins: list[float], scores: list[float], visits: list[int], seen: list[float],
               i: int) -> float:
        span = seen[1] - seen[0]
        scaled = (scores[i] / visits[i] - seen[0]) / span if span else 0.0
        return wins[i] / visits[i] + 0.5 * scaled

    def _pick(self, wins: list[float], scores: list[float], visits: list[int],
              seen: list[float], n: int) -> int:
        log_n = math.log(n)
        return max(range(len(visits)), key=lambda i: (
            self._value(wins, scores, visits, seen, i)
            + EXPLORE * math.sqrt(log_n / visits[i]), -i))

    def _playout(self, state: State, action: Action) -> tuple[float, float]:
        game = state.clone()
        game.apply_action(action)
        rng: random.Random = self.rng
        for _ in range(PLAYOUT_LIMIT):
            if game.is_terminal():
                break
            if game.current_player() == CHANCE:
                game.apply_action(sample_chance(game, rng))
            else:
                game.apply_action(rng.choice(game.legal_actions()))
        else:
            return 0.0, 0.0
        winners = game.winners()
        share = 1.0 / len(winners) if self.seat in winners else 0.0
        return share, game.returns()[self.seat]


def mcts_factory(name: str) -> BotFactory | None:
    """``mcts`` (the default budget) or ``mcts:N`` (N playouts a decision); None if the
    name is neither."""
    head, _, budget = name.partition(":")
    if head != "mcts":
        return None
    if budget and (not budget.isdigit() or not 1 <= int(budget) <= MAX_PLAYOUTS):
        return None
    return partial(MctsBot, playouts=int(budget or DEFAULT_PLAYOUTS))
