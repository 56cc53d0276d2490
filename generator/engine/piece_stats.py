"""Each piece's effect on its holder's result, ranked, with a false-discovery control.

The effect of a piece is the mean result of the seats that held it less that of the seats
that did not (``pieces.standing``: score less the table's mean). At a table of several
seats it is taken game by game (``paired_effect``): in each game where some seats held the
piece and some did not, the holders' mean less the others', then the mean of those with
Student's t, since the seats of one game are not independent (their results sum to
zero). In a solo game the games that held it are compared with those that did not
(``effect``: Welch's t, each group's own variance). Either way a handful of games gives
wide intervals.
Among many pieces some intervals miss zero by chance alone, so a piece is *flagged* only
when it passes the Benjamini–Hochberg step-up procedure at a false-discovery rate of 5 %:
of the pieces flagged, at most 5 % are expected to be false alarms.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from generator.engine.stats import Moments, t95, t_p_value

FDR = 0.05
MIN_GROUP = 2  # a group of fewer results has no variance: no interval, no test


@dataclass(frozen=True)
class Effect:
    """A difference of two means, its standard error and degrees of freedom."""

    value: float
    se: float
    df: float

    @property
    def half_width(self) -> float:
        return t95(max(1, int(self.df))) * self.se

    @property
    def ci95(self) -> tuple[float, float]:
        return self.value - self.half_width, self.value + self.half_width

    @property
    def p(self) -> float:
        """Two-sided p-value of no effect; 1 when neither group varies (a handful of
        equal results says nothing of the spread, so nothing can be judged)."""
        if self.se == 0:
            return 1.0
        return t_p_value(self.value / self.se, self.df)


def paired_effect(within: Moments) -> Effect | None:
    """The mean of per-game differences (holders less others at the same table, or a
    seat's result unrestricted less restricted) with Student's t at n - 1 degrees of
    freedom; None under two games."""
    if within.n < MIN_GROUP:
        return None
    return Effect(within.mean(), math.sqrt(within.variance() / within.n), within.n - 1)


def effect(holders: Moments, others: Moments) -> Effect | None:
    """Holders' mean less the others', Welch's standard error; None under two a side."""
    if holders.n < MIN_GROUP or others.n < MIN_GROUP:
        return None
    a, b = holders.variance() / holders.n, others.variance() / others.n
    df = ((a + b) ** 2 / (a * a / (holders.n - 1) + b * b / (others.n - 1))
          if a + b > 0 else 1.0)
    return Effect(holders.mean() - others.mean(), math.sqrt(a + b), df)


def difference(before: Effect, after: Effect) -> Effect:
    """How far an effect moved between two decks (independent estimates; the degrees of
    freedom of the less certain, a conservative choice)."""
    return Effect(after.value - before.value, math.hypot(before.se, after.se),
                  min(before.df, after.df))


def benjamini_hochberg(p_values: Sequence[float], q: float = FDR) -> list[bool]:
    """Which hypotheses are rejected at false-discovery rate ``q`` (step-up: the largest
    k with the k-th smallest p at most k q / m, and every p ranked at or below it)."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: (p_values[i], i))
    passed = 0
    for k, i in enumerate(order, start=1):
        if p_values[i] <= k * q / m:
            passed = k
    rejected = [False] * m
    for i in order[:passed]:
        rejected[i] = True
    return rejected


def _round(value: float) -> float:
    return round(value, 4)


def ranked(rows: list[dict[str, Any]], effects: list[Effect | None]) -> list[dict[str, Any]]:
    """Rows with ``effect``, ``ci95``, ``p`` and ``flagged`` filled in, ranked: 1 the
    strongest effect in the holder's favour; pieces without an effect rank last, in
    catalogue order."""
    testable = [i for i, e in enumerate(effects) if e is not None]
    flags = benjamini_hochberg([effects[i].p for i in testable])  # type: ignore[union-attr]
    flagged = {i for i, f in zip(testable, flags, strict=True) if f}
    order = sorted(range(len(rows)), key=lambda i: _strongest_first(effects[i], i))
    return [_ranked_row(rows[i], rank, effects[i], i in flagged)
            for rank, i in enumerate(order, start=1)]


def _strongest_first(e: Effect | None, index: int) -> tuple[bool, float, int]:
    return e is None, -(e.value if e is not None else 0.0), index


def _ranked_row(row: dict[str, Any], rank: int, e: Effect | None,
                flagged: bool) -> dict[str, Any]:
    """CONTRACT.md's keys first, then the row's own figures."""
    return {"id": row["id"], "name": row["name"], "rank": rank,
            "effect": None if e is None else _round(e.value),
            "ci95": None if e is None else [_round(x) for x in e.ci95],
            "flagged": flagged, "p": None if e is None else _round(e.p),
            **{k: v for k, v in row.items() if k not in ("id", "name")}}
