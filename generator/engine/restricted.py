"""Restricted play: the same seeds again, one seat forbidden a piece.

Game ``i`` is played once more on its own seed (common random numbers: the same chance
draws and the same bots' generators while the play agrees) with seat ``i mod players``
forbidden the piece: whenever its bot chooses an action that would put the piece into
that seat's holdings, the bot plays instead one of the other legal actions (drawn by its
own seeded generator). A piece that only chance hands out (a chip dug blind) cannot be
refused and stays; a seat with no other legal action takes it. The seat's result is
compared game by game with its result in the unrestricted game: the paired difference
(unrestricted less restricted) is what having the piece within reach was worth.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from generator.engine.api import Action, State
from generator.engine.bots import Bot
from generator.engine.pieces import Holdings, OfPlan, standing
from generator.engine.playout import BotFactory, play
from generator.engine.simulate import Plan, bot_named, built, game_seed, seating
from generator.engine.stats import Moments


class Forbidding(Bot):
    """A bot that never chooses to take ``piece``."""

    name = "forbidding"

    def __init__(self, inner: Bot, piece: str, holdings: Holdings, seed: int | str):
        self.inner, self.piece, self.holdings = inner, piece, holdings
        self.seat = inner.seat
        self.rng = random.Random(f"forbid:{piece}:{inner.seat}:{seed}")
        self.refused = 0  # choices changed because of the piece

    def takes(self, state: State, action: Action) -> bool:
        after = state.clone()
        after.apply_action(action)
        return (self.piece in self.holdings(after)[self.seat]
                and self.piece not in self.holdings(state)[self.seat])

    def step(self, state: State) -> Action:
        choice = self.inner.step(state)
        if not self.takes(state, choice):
            return choice
        allowed = [a for a in state.legal_actions() if not self.takes(state, a)]
        if not allowed:
            return choice
        self.refused += 1
        return self.rng.choice(allowed)


@dataclass(frozen=True)
class Restriction(OfPlan):
    """The restricted replays of a run for one piece."""

    plan: Plan
    piece: str
    holdings: Holdings
    baseline: tuple[tuple[float, ...], ...]  # game -> each seat's unrestricted result


@dataclass
class RestrictTally:
    players: int
    games: int = 0
    worth: Moments = field(default_factory=Moments)  # unrestricted - restricted result
    refused: int = 0  # games in which the forbidden seat refused the piece at least once

    def merge(self, other: RestrictTally) -> None:
        self.games += other.games
        self.worth.merge(other.worth)
        self.refused += other.refused


def play_restricted(task: Restriction, index: int) -> tuple[float, bool] | None:
    """Game ``index`` with its forbidden seat: (what the piece was worth to it: its
    unrestricted result less its restricted one, whether it refused the piece at all)."""
    plan = task.plan
    game, table = built(plan)
    forbidden = index % plan.players
    positions = seating(plan.players, index, plan.rotate)
    seed = game_seed(plan.seed, index)
    made: list[Forbidding] = []

    def forbid(inner: BotFactory) -> BotFactory:
        def factory(seat: int, bot_seed: int | str) -> Bot:
            made.append(Forbidding(inner(seat, bot_seed), task.piece, task.holdings, seed))
            return made[-1]
        return factory

    bots: list[tuple[str, BotFactory]] = []
    for seat, p in enumerate(positions):
        factory = bot_named(table, plan.lineup[p])
        assert factory is not None  # the lineup was checked
        bots.append((plan.lineup[p], forbid(factory) if seat == forbidden else factory))
    record = play(game, plan.players, bots, seed, check=plan.check, positions=positions)
    if not record.scores or index >= len(task.baseline) or not task.baseline[index]:
        return None
    worth = task.baseline[index][forbidden] - standing(record)[forbidden]
    return worth, made[0].refused > 0


def play_restricted_chunk(task: Restriction, start: int,
                          stop: int) -> tuple[RestrictTally, list[dict[str, Any]]]:
    tally = RestrictTally(task.players)
    for index in range(start, stop):
        tally.games += 1
        seen = play_restricted(task, index)
        if seen is not None:
            tally.worth.add(seen[0])
            tally.refused += seen[1]
    return tally, []
