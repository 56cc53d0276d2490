"""The greedy Copperdale player: one step of look-ahead on a hand-made sheet value.

``sheet_value`` scores a sheet in medal units: the medals it would earn now plus a
guess at what its half-done parts are worth (a started Occupation, a District with one
number, Monuments, Population and Borders on their way). Resolution choices take the
action whose result scores best. An assignment resolves the revealed card in each open
segment on a copy of the sheet and compares the gain with what an average card would be
expected to give there later (``LATER``), so a card goes where it is unusually good.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.engine.api import Action, State
from generator.engine.bots import Bot
from generator.games.copperdale import resolve
from generator.games.copperdale.scoring import counts, medal_sum, prosperity
from generator.games.copperdale.state import CopperdalePosition, unlocked
from generator.games.copperdale.tables import SEGMENTS, Tables

# How much an unlocked skill is worth, in medals, over a whole game (a guess, tuned by
# simulation): Farmers and Surveyors feed Population and Borders every month.
SKILL_WORTH = {"merchants": 0.8, "philosophers": 0.84, "surveyors": 2.4, "masons": 0.7,
               "farmers": 2.45, "artisans": 0.84, "diplomats": 0.49}
# The gain an average card is expected to bring to each segment later in the game.
LATER = {"economy": 0.54, "infrastructure": 0.56, "growth": 0.32}
# Weights of the half-done parts of a sheet, in medals (tuned by simulation).
W = {"prosperity": 1.4, "started": 0.15, "half-district": 0.42, "monument": 0.3,
     "population": 2.94, "borders": 1.05, "estate": 0.025}
SEGMENT_TASKS: dict[str, list[tuple[Any, ...]]] = {
    "economy": [("economy",)], "growth": [("growth",)]}


def _curve(filled: int, cap: int) -> float:
    """Progress towards a full row, growing faster near the end (a full row pays)."""
    return (filled / cap) ** 2 if cap else 0.0


@dataclass(frozen=True)
class _Plan:
    """What ``sheet_value`` reads of the tables, worked out once per game: the weights
    multiplied out as they were multiplied first in the sum (so every term is the same
    float) and every ``_curve`` a row can take."""

    skills: tuple[tuple[int, float, float], ...]  # occupation, started weight, worth
    monuments: tuple[tuple[int, int, int, tuple[float, ...]], ...]  # m, measure, cap, curve
    population: tuple[tuple[float, ...], ...]
    borders: tuple[tuple[float, ...], ...]


_LAST_PLAN: tuple[Tables, _Plan] | None = None  # the last game's (one tuple, replaced whole)


def _plan(t: Tables) -> _Plan:
    global _LAST_PLAN
    last = _LAST_PLAN
    if last is not None and last[0] is t:
        return last[1]
    plan = _Plan(
        tuple((i, SKILL_WORTH[skill] * W["started"], SKILL_WORTH[skill])
              for skill, i in t.skill_index.items()),
        tuple((m, measure, cap, _curve_row(len(t.monument_suits[m])))
              for measure, cap, m in t.medal_plan if m >= 0),
        tuple(map(_curve_row, t.population_caps)), tuple(map(_curve_row, t.border_caps)))
    _LAST_PLAN = (t, plan)
    return plan


def _curve_row(cap: int) -> tuple[float, ...]:
    return tuple(_curve(filled, cap) for filled in range(cap + 1))


# The Occupations' part of the last sheet valued: (tables, share of the game ahead, a copy
# of the Occupations, their prosperity, the skills' terms in the order they are added).
# Look-ahead copies mostly differ elsewhere, so the next sheet usually reuses it; one
# tuple, read and replaced whole.
_LAST_SKILLS: tuple[Tables, float, list[list[int]], int, list[float]] | None = None


def _skills(t: Tables, s: CopperdalePosition, plan: _Plan, left: float) -> tuple[int, list[float]]:
    """The sheet's prosperity and its skills' terms (started or unlocked, in order)."""
    global _LAST_SKILLS
    occupations = s.occupations
    last = _LAST_SKILLS
    if last is not None and last[0] is t and last[1] == left and last[2] == occupations:
        return last[3], last[4]
    spaces, late = t.occupation_spaces, 0.4 + 0.6 * left
    terms = []
    for i, started, worth in plan.skills:
        values = occupations[i]
        if len(values) == 1:  # started (a skill needs two spaces or more)
            terms.append(started * (10 - values[0] if values[0] < 10 else 0) / 10 * left)
        elif values and unlocked(values, spaces):
            terms.append(worth * late)
    level = prosperity(t, s)
    _LAST_SKILLS = (t, left, [row[:] for row in occupations], level, terms)
    return level, terms


def sheet_value(s: CopperdalePosition) -> float:
    """The sheet's value in medals. The order of the float additions is part of the
    seeded games (same games per seed), so each term is added as it always was."""
    t = s.t
    plan = _plan(t)
    left = (t.months - min(s.month, t.months) + 1) / t.months  # share of the game ahead
    level, skills = _skills(t, s, plan, left)
    counted = counts(t, s, level)
    value = float(medal_sum(t, s, counted))
    value += level / 20 * W["prosperity"]
    for term in skills:
        value += term
    half = W["half-district"] * left
    for written in s.districts:
        if len(written) == 1:
            value += half
    monuments, weight = s.monuments, W["monument"]
    for m, measure, cap, curve in plan.monuments:  # worth more as it nears completion
        row = monuments[m]
        n = counted[measure] + 1
        value += curve[len(row) - row.count(None)] * (n if n < cap else cap) * weight
    value += W["population"] * sum(map(tuple.__getitem__, plan.population, s.population))
    value += W["borders"] * sum(map(tuple.__getitem__, plan.borders, s.borders))
    value += W["estate"] * (len(s.estates) - s.estates.count(None))
    return value


def _settle(s: CopperdalePosition) -> CopperdalePosition:
    """Make every remaining choice of the task queue greedily (no chance inside): the
    position after them (each step's best look-ahead copy is the position it leads to)."""
    resolve.advance(s, None)
    while s.todo:
        s = _best(s, s.legal_actions())[1]
    return s


def best_action(s: CopperdalePosition, actions: list[Action]) -> Action:
    return _best(s, actions)[0]


def _best(s: CopperdalePosition, actions: list[Action]) -> tuple[Action, CopperdalePosition]:
    """The action whose result scores best (the first among equals), and that result."""
    best: tuple[float, Action, CopperdalePosition] | None = None
    for action in actions:
        after = s.clone()
        resolve.perform(after, after.todo[0], action, None)
        resolve.advance(after, None)
        value = sheet_value(after)
        if best is None or value > best[0]:
            best = (value, action, after)
    assert best is not None, "a choice with no option"
    return best[1], best[2]


def segment_gain(s: CopperdalePosition, card: int, segment: str,
                 now: float | None = None) -> float:
    """What resolving ``card`` in ``segment`` now adds to the sheet's value (``now``:
    the sheet's value as it stands, if already known)."""
    trial = s.clone()
    trial.assigned[SEGMENTS.index(segment)] = card
    trial.border = s.border
    tasks = SEGMENT_TASKS.get(segment) or [("infrastructure",)] * s.t.infrastructure_fills
    trial.todo = list(tasks)
    return sheet_value(_settle(trial)) - (sheet_value(s) if now is None else now)


class GreedyBot(Bot):
    name = "greedy"

    def step(self, state: State) -> Action:
        assert isinstance(state, CopperdalePosition)
        actions = state.legal_actions()
        if state.todo[0][0] != "assign":
            return best_action(state, actions)
        return self._assign(state, actions)

    def _assign(self, s: CopperdalePosition, actions: list[Action]) -> Action:
        card = s.drawn
        assert card is not None
        scored: list[tuple[float, Action]] = []
        now = sheet_value(s)  # the same for every segment
        for action in actions:
            if action == ("redraw",):
                scored.append((0.0, action))
            else:
                assert isinstance(action, tuple), action  # ("assign", segment)
                segment: str = action[1]
                scored.append((segment_gain(s, card, segment, now) - LATER[segment], action))
        return max(scored, key=lambda pair: pair[0])[1]
