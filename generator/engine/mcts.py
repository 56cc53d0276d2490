"""A general bot for every game: flat Monte-Carlo search over the State API.

At each decision with a real choice it spends its budget of playouts on the legal actions
by *sequential halving*: every candidate gets the same number of playouts, the better half
goes on to the next round with more playouts each, until one is left. This spends the
budget on telling the best actions apart (the choice, not the playouts' own results, is
what counts), and needs no exploration constant. With more actions than half the budget,
a fair random sample of them competes.

Each round's playouts use *common random numbers*: playout k of every candidate draws its
chance outcomes and its moves from the same seed, so two candidates are compared on the
same cards and dice and the difference between them is what the action did, not luck.

The search is fair (*information-set* search, after Cowling et al.'s determinized
playouts): each playout starts from a fresh determinization of the position for the
deciding seat (``State.determinize``), every hidden thing dealt again from that seat's
view, the same deal for every candidate of that playout. So no decision can depend on a
face-down chip, another's hand or the order of a pile: only on what the seat has seen.

A playout plays every seat uniformly at random (``mcts``, ``mcts:N``), or with one of the
game's own bots (``mcts:N:greedy``), to the end of the game or for ``HORIZON`` actions at
most, whichever comes first: a playout cut at its horizon is judged by the game's own
score estimate (``State.standing``: every seat's score as if the game ended there). Long
games (a random Kings of Copper game runs to a thousand actions) cost a few dozen
actions of play each, where a random move far ahead says little about the move tried. With a bot, the search is the *rollout
algorithm*: the bot's own choice plays every round beside the candidates and is left only
for an action that did better on the same playouts by a standard error or more, so the
search improves on the bot it plays out with.

The result for the bot's seat is its share of the win (of the lead, at the horizon) plus, to tell apart games it cannot
win (and in solo games, where every game is a "win"), half a point scaled between the worst
and best margin seen at this decision: its score less the best other seat's (a point gained
while a rival gains two is a point lost). It knows nothing of any game; seeded from its
seat and the game's seed, so deterministic.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Mapping
from functools import partial

from generator.engine.api import CHANCE, Action, State
from generator.engine.bots import Bot, RandomBot
from generator.engine.playout import BotFactory, StuckError, sample_chance

DEFAULT_PLAYOUTS = 100
MAX_PLAYOUTS = 100_000
MAX_SECONDS = 3600.0  # a time budget a decision (``mcts:2s``)
# actions (chance ones too) a playout plays before it is judged by ``State.standing``: a
# whole game of Copper Creek, Copperdale or Boomtown Builders, a part of the longer ones
HORIZON = 40
SCORE_WEIGHT = 0.5  # a win counts 1; the scaled margin (0 to 1) half as much
# standard errors by which an action must beat the rollout bot's choice to replace it: one
# is enough (an action that is really no better costs little; a better one is found often)
SURE = 1.0


class MctsBot(Bot):
    name = "mcts"

    def __init__(self, seat: int, seed: int | str, playouts: int = DEFAULT_PLAYOUTS,
                 rollout: BotFactory = RandomBot, seconds: float | None = None,
                 horizon: int = HORIZON):
        super().__init__(seat, seed)
        self.playouts = playouts
        self.horizon = horizon  # actions a playout plays before it is judged
        self.seconds = seconds  # a CPU time budget a decision instead of a playout count
        self.rollout = rollout
        # a rollout bot's choice is the one to beat: the search leaves it only for an
        # action that did clearly better on the same playouts
        self.advisor = None if rollout is RandomBot else rollout(seat, seed)

    def step(self, state: State) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if self.seconds is not None:
            self.playouts = self._affordable(state, actions, self.seconds)
        every = list(range(len(actions)))
        if self.advisor is None:
            return actions[self._halve(state, actions, every)[0]]
        # the rollout bot's own choice plays every round beside the candidates, on the
        # same seeds, and is left only for one that did better by a clear margin
        default = actions.index(self.advisor.step(state))
        best, results = self._halve(state, actions, [i for i in every if i != default],
                                    keep=default)
        return actions[best if _surely_better(best, default, results) else default]

    def _affordable(self, state: State, actions: list[Action], seconds: float) -> int:
        """The playouts that fit in ``seconds`` of CPU time, by timing one of them."""
        started = time.process_time()
        self._playout(state, self.rng.choice(actions), self.rng.getrandbits(64))
        cost = max(time.process_time() - started, 1e-6)
        return max(2, min(MAX_PLAYOUTS, int(seconds / cost) - 1))

    def _halve(self, state: State, actions: list[Action], candidates: list[int],
               keep: int | None = None) -> tuple[int, list[list[tuple[float, float]]]]:
        """The best of the ``candidates`` by sequential halving over the budget, and every
        playout's result; ``keep`` plays every round too, never halved away."""
        results: list[list[tuple[float, float]]] = [[] for _ in actions]
        if len(candidates) == 1 and keep is None:
            return candidates[0], results
        # with more candidates than half the budget, a fair random sample of them competes
        # (every candidate needs playouts of its own to be told apart)
        alive = sorted(self.rng.sample(candidates, min(len(candidates),
                                                       max(2, self.playouts // 2))))
        rounds = max(1, math.ceil(math.log2(len(alive) + (keep is not None))))
        for _ in range(rounds):
            each = max(1, self.playouts // (rounds * (len(alive) + (keep is not None))))
            self._round(state, actions, alive if keep is None else [*alive, keep], each,
                        results)
            alive = _better_half(alive, results)
        return alive[0], results

    def _round(self, state: State, actions: list[Action], alive: list[int], each: int,
               results: list[list[tuple[float, float]]]) -> None:
        """``each`` playouts of every candidate in ``alive``, playout k of every one on the
        same seed (common random numbers)."""
        for _ in range(each):
            seed = self.rng.getrandbits(64)
            for i in alive:
                results[i].append(self._playout(state, actions[i], seed))

    def _playout(self, state: State, action: Action, seed: int) -> tuple[float, float]:
        """This seat's share of the win (of the lead at the horizon) after ``action`` and a
        playout, and its score less the best other seat's (its own score alone in a solo
        game)."""
        game = state.determinize(self.seat, random.Random(f"deal:{seed}"))
        game.apply_action(action)
        try:
            self._play_on(game, random.Random(seed), seed)
        except StuckError as stuck:
            raise StuckError(f"in a playout of its search (trying {action!r}): {stuck}") from None
        if game.is_terminal():
            winners, scores = game.winners(), game.returns()
        else:
            scores = game.standing()
            winners = [seat for seat, score in enumerate(scores) if score == max(scores)]
        share = 1.0 / len(winners) if self.seat in winners else 0.0
        others = [score for seat, score in enumerate(scores) if seat != self.seat]
        return share, scores[self.seat] - (max(others) if others else 0.0)

    def _play_on(self, game: State, rng: random.Random, seed: int) -> None:
        """Play ``game`` on for ``HORIZON`` actions or to its end: chance by ``rng``, every
        seat at random or by the rollout bot (one a seat, seeded by the playout's seed)."""
        bots: dict[int, Bot] = {}  # the rollout bots, by seat, made when first needed
        for _ in range(self.horizon):
            if game.is_terminal():
                return
            player = game.current_player()
            if player == CHANCE:
                game.apply_action(sample_chance(game, rng))
            elif self.advisor is not None:
                if player not in bots:
                    bots[player] = self.rollout(player, seed)
                game.apply_action(bots[player].step(game))
            else:
                game.apply_action(rng.choice(game.legal_actions()))


def _values(alive: list[int], results: list[list[tuple[float, float]]]) -> dict[int, list[float]]:
    """Each candidate's playout values: its share of the win plus the scaled margin."""
    scores = [score for i in alive for _, score in results[i]]
    low, span = min(scores), max(scores) - min(scores)
    return {i: [share + (SCORE_WEIGHT * (score - low) / span if span else 0.0)
                for share, score in results[i]] for i in alive}


def _better_half(alive: list[int], results: list[list[tuple[float, float]]]) -> list[int]:
    """The better half of the candidates (at least one), best first; ties keep the
    earlier action, so the choice is deterministic."""
    values = _values(alive, results)
    ranked = sorted(alive, key=lambda i: (-sum(values[i]) / len(values[i]), i))
    return ranked[:max(1, len(alive) // 2)]


def _surely_better(challenger: int, default: int,
                   results: list[list[tuple[float, float]]]) -> bool:
    """Whether ``challenger`` beat ``default`` on their paired playouts (the same seeds) by
    more than ``SURE`` standard errors of the mean difference (and at least 3 pairs)."""
    values = _values([challenger, default], results)
    diffs = [c - d for c, d in zip(values[challenger], values[default], strict=True)]
    if len(diffs) < 3:
        return False
    mean = statistics.fmean(diffs)
    return mean > 0 and mean > SURE * statistics.stdev(diffs) / math.sqrt(len(diffs))


def mcts_factory(name: str, bots: Mapping[str, BotFactory] | None = None) -> BotFactory | None:
    """``mcts`` (the default budget), ``mcts:N`` (N playouts a decision), ``mcts:Xs`` (as
    many playouts as X seconds of CPU time a decision allow: not reproducible, it depends
    on the machine) or ``mcts:N:BOT`` / ``mcts:Xs:BOT`` (playouts played by the game's bot
    BOT, one of ``bots``); None if the name is none of these."""
    head, _, rest = name.partition(":")
    budget, _, player = rest.partition(":")
    if head != "mcts":
        return None
    seconds = _seconds(budget)
    if seconds is not None:
        budget = ""
    elif budget and (not budget.isdigit() or not 1 <= int(budget) <= MAX_PLAYOUTS):
        return None
    rollout: Callable[..., Bot] = RandomBot
    if player:
        found = (bots or {}).get(player)
        if found is None:
            return None
        rollout = found
    return partial(MctsBot, playouts=int(budget or DEFAULT_PLAYOUTS), rollout=rollout,
                   seconds=seconds)


def _seconds(budget: str) -> float | None:
    """The seconds of a time budget ``Xs`` (0 < X <= MAX_SECONDS), else None."""
    number = budget[:-1] if budget.endswith("s") else ""
    try:
        seconds = float(number)
    except ValueError:
        return None
    return seconds if 0 < seconds <= MAX_SECONDS and math.isfinite(seconds) else None
