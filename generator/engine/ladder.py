"""The skill ladder: does each bot beat the one below it?

A ladder is a list of bots, weakest first (``random,greedy,mcts:16,mcts:16:greedy``). Each
rung plays a *duel* with the one below it: at a table of several seats, the upper rung in
one seat and the lower one in every other, seats rotated, and it *beats* the lower rung
when the 95 % interval (Wilson) of its win share lies wholly above the fair share
(1 / players). In a solo game both rungs play the same seeds and the duel is the score
(medals) the upper rung gains game by game, with Student's t: it beats the lower rung when
the interval lies wholly above 0.

The duels are plain ``Plan``s, so whoever plays them (this process, ``--jobs``, a cluster)
gives the same figures.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from generator.engine.piece_stats import paired_effect
from generator.engine.simulate import Plan, Setup
from generator.engine.stats import Moments

# plays a plan: its summary (``simulate.summarise``) and its record lines (``record=True``)
Runner = Callable[[Plan], tuple[dict[str, Any], list[dict[str, Any]]]]


@dataclass(frozen=True)
class Duel:
    """One rung against the one below it."""

    upper: str
    lower: str
    players: int
    games: int
    value: float  # the upper rung's win share; solo: the medals it gains a game
    ci95: tuple[float, float]
    fair: float  # the value of a rung no better than the lower one
    seconds: float  # wall-clock seconds the duel's games took

    @property
    def verdict(self) -> str:
        low, high = self.ci95
        return ("beats" if low > self.fair else "loses to" if high < self.fair
                else "not told from")

    def words(self) -> str:
        """The duel in one line, e.g. ``greedy beats random: 90% [60%, 98%] (fair 50%)``."""
        low, high = self.ci95
        if self.players == 1:
            shown = f"{self.value:+.1f} [{low:+.1f}, {high:+.1f}] medals a game, same seeds"
        else:
            shown = f"{self.value:.0%} [{low:.0%}, {high:.0%}] (fair share {self.fair:.0%})"
        return f"{self.upper} {self.verdict} {self.lower}: {shown}, {self.games} games"


def duel_plans(setup: Setup, upper: str, lower: str, players: int, games: int, seed: int,
               check: str = "end") -> list[Plan]:
    """The plans of one duel: one seat-rotated table, or in a solo game each rung alone
    on the same seeds (their records kept, to pair the games)."""
    if players == 1:
        return [Plan(setup, 1, (bot,), seed, games, check=check, record=True)
                for bot in (upper, lower)]
    return [Plan(setup, players, (upper,) + (lower,) * (players - 1), seed, games,
                 rotate=True, check=check)]


def duel(upper: str, lower: str, played: Sequence[tuple[dict[str, Any], list[dict[str, Any]]]],
         ) -> Duel:
    """The duel of ``upper`` and ``lower`` from its plans' outcomes (``duel_plans`` order)."""
    first = played[0][0]
    seconds = sum(summary["seconds"] for summary, _ in played)
    if first["players"] > 1:
        me = first["lineup"][0]
        return Duel(upper, lower, first["players"], first["games"], me["rate"],
                    (me["ci95"][0], me["ci95"][1]), 1 / first["players"], seconds)
    gains = Moments()
    lows = {line["index"]: line["scores"][0] for line in played[1][1]}
    for line in played[0][1]:
        if line["index"] in lows and line["scores"]:
            gains.add(line["scores"][0] - lows[line["index"]])
    found = paired_effect(gains)
    if found is None:
        return Duel(upper, lower, 1, gains.n, gains.mean(), (-float("inf"), float("inf")),
                    0.0, seconds)
    return Duel(upper, lower, 1, gains.n, found.value, found.ci95, 0.0, seconds)


def climb(setup: Setup, rungs: Sequence[str], players: int, games: int, seed: int,
          runner: Runner, check: str = "end") -> list[Duel]:
    """Every rung's duel with the one below it, weakest first."""
    return [duel(upper, lower, [runner(plan) for plan in
                                duel_plans(setup, upper, lower, players, games, seed, check)])
            for lower, upper in pairwise(rungs)]
