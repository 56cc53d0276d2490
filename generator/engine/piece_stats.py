"""Each piece's effect on its holder's result, ranked, with a false-discovery control.

A seat's result is ``pieces.standing`` (its score less the table's mean). A seat that
holds more pieces scores more whatever they are, so the plain difference of holders and
others at a table is confounded: on an untouched deck it calls nearly every card strong.
The effect of a piece (``adjusted_effect``) is what holding it adds beyond holding any
other piece: within each game, the seat's result fitted on the number of pieces it held
and on whether it held this one; the coefficient of the latter, with a standard error
clustered by game and Student's t.

Pieces differ by design (a 5 is worth more than a 2), so a piece is *out of line* when its
effect stands outside the spread the other pieces show (``out_of_line``: a random-effects
outlier test), and it is *flagged* only when that test passes the Benjamini-Hochberg
step-up procedure at a false-discovery rate of 5 %.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from generator.engine.stats import Moments, benjamini_hochberg, t95, t_p_value

MIN_GROUP = 2  # a group of fewer results has no variance: no interval, no test
MIN_TELLING = 3  # games that tell holding a piece from not, and results beyond the fit


@dataclass(frozen=True)
class Effect:
    """An estimated effect, its standard error and degrees of freedom."""

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
    """The mean of per-game differences (a seat's result unrestricted less restricted)
    with Student's t at n - 1 degrees of
    freedom; None under two games."""
    if within.n < MIN_GROUP:
        return None
    return Effect(within.mean(), math.sqrt(within.variance() / within.n), within.n - 1)


Seat = tuple[float, float, float]  # a seat's result, pieces it held, whether it held this one


def adjusted_effect(piece: str, results: Mapping[int, Sequence[float]],
                    held: Mapping[int, Sequence[frozenset[str]]]) -> Effect | None:
    """What holding ``piece`` adds to a seat's result beyond what holding any one piece
    adds: the coefficient of holding it in a least-squares fit of each seat's result on
    the number of pieces it held and on holding this one, within each game (every game's
    level taken out; a solo game's seats are pooled over the games). A seat that holds
    more pieces scores more whatever they are; this compares like with like. Its
    standard error is clustered by game (the seats of a game are not independent), with
    Student's t at (games that tell) - 1 degrees of freedom; None when under
    ``MIN_TELLING`` games tell holding it from not, or as few results are left beyond
    the fit (a handful of results fits exactly and says nothing)."""
    games = _centred([[(r, float(len(h)), float(piece in h))
                       for r, h in zip(results[g], held[g], strict=True)]
                      for g in sorted(results)])
    seats = [s for game in games for s in game]
    cc, ch, hh = (sum(s[i] * s[j] for s in seats) for i, j in ((1, 1), (1, 2), (2, 2)))
    det = cc * hh - ch * ch
    telling = _telling(games)
    free = len(seats) - (1 if all(len(g) == 1 for g in games) else len(games)) - 2
    if min(telling, free) < MIN_TELLING or det <= 1e-9 * max(1.0, cc * hh):
        return None
    weights = (-ch / det, cc / det)  # the row of the inverse normal matrix for this piece
    value = sum((weights[0] * s[1] + weights[1] * s[2]) * s[0] for s in seats)
    slope = (hh * sum(s[1] * s[0] for s in seats) - ch * sum(s[2] * s[0] for s in seats)) / det
    spread = 0.0
    for game in games:
        residuals = [r - slope * c - value * h for r, c, h in game]
        spread += sum((weights[0] * c + weights[1] * h) * e
                      for (_, c, h), e in zip(game, residuals, strict=True)) ** 2
    clusters = len(games)
    return Effect(value, math.sqrt(spread * clusters / (clusters - 1)), telling - 1)


def _centred(games: list[list[Seat]]) -> list[list[Seat]]:
    """Each game's seats less the game's means; solo games (one seat each) less the means
    over all games, each game still its own cluster."""
    if all(len(game) == 1 for game in games):
        pooled = [s for game in games for s in game]
        means = [sum(s[i] for s in pooled) / len(pooled) for i in range(3)]
        return [[_less(s, means) for s in game] for game in games]
    return [[_less(s, [sum(x[i] for x in game) / len(game) for i in range(3)]) for s in game]
            for game in games]


def _less(seat: Seat, means: list[float]) -> Seat:
    return seat[0] - means[0], seat[1] - means[1], seat[2] - means[2]


def _telling(games: list[list[Seat]]) -> int:
    """Games that tell holding from not: at a table, those where some seats held the
    piece and some did not; solo, the fewer of the games that held it and that did not."""
    if all(len(game) == 1 for game in games):
        holding = sum(game[0][2] > 0 for game in games)
        return min(holding, len(games) - holding)
    return sum(len({round(s[2], 9) for s in game}) > 1 for game in games)


def difference(before: Effect, after: Effect) -> Effect:
    """How far an effect moved between two decks (independent estimates; the degrees of
    freedom of the less certain, a conservative choice)."""
    return Effect(after.value - before.value, math.hypot(before.se, after.se),
                  min(before.df, after.df))


def _round(value: float) -> float:
    return round(value, 4)


def out_of_line(effects: Sequence[Effect]) -> list[float]:
    """Each effect's two-sided p-value of lying in line with the others: its distance
    from the others' mean over the spread they show (the studentized deleted residual of
    a random-effects fit: the others' between-piece variance by DerSimonian-Laird, plus
    their mean's and this effect's own uncertainty). Pieces differ by design; one is out
    of line when it stands outside that difference. Under three effects, none is left to
    show a spread: the plain p-value of no effect."""
    if len(effects) < 3:
        return [e.p for e in effects]
    out = []
    for i, e in enumerate(effects):
        others = [o for j, o in enumerate(effects) if j != i]
        spread = _between(others)
        weights = [1 / (o.se ** 2 + spread) if o.se ** 2 + spread > 0 else 1e12 for o in others]
        centre = sum(w * o.value for w, o in zip(weights, others, strict=True)) / sum(weights)
        scale = math.sqrt(e.se ** 2 + spread + 1 / sum(weights))
        out.append(1.0 if scale == 0 else t_p_value((e.value - centre) / scale, len(others) - 1))
    return out


def _between(effects: Sequence[Effect]) -> float:
    """The DerSimonian-Laird between-effect variance (0 when the effects agree within
    their own uncertainty, or when none has any)."""
    weights = [1 / e.se ** 2 for e in effects if e.se > 0]
    values = [e.value for e in effects if e.se > 0]
    if len(weights) < 2:
        return 0.0
    total = sum(weights)
    centre = sum(w * v for w, v in zip(weights, values, strict=True)) / total
    q = sum(w * (v - centre) ** 2 for w, v in zip(weights, values, strict=True))
    scale = total - sum(w * w for w in weights) / total
    return max(0.0, (q - (len(weights) - 1)) / scale) if scale > 0 else 0.0


def ranked(rows: list[dict[str, Any]], effects: list[Effect | None]) -> list[dict[str, Any]]:
    """Rows with ``effect``, ``ci95``, ``p`` (of being in line with the other pieces,
    ``out_of_line``) and ``flagged`` (past the false-discovery control) filled in, ranked:
    1 the strongest effect in the holder's favour; pieces without an effect rank last, in
    catalogue order."""
    testable = [i for i, e in enumerate(effects) if e is not None]
    p = dict(zip(testable, out_of_line([effects[i] for i in testable]),  # type: ignore[misc]
                 strict=True))
    flags = benjamini_hochberg([p[i] for i in testable])
    flagged = {i for i, f in zip(testable, flags, strict=True) if f}
    order = sorted(range(len(rows)), key=lambda i: _strongest_first(effects[i], i))
    return [_ranked_row(rows[i], rank, effects[i], p.get(i), i in flagged)
            for rank, i in enumerate(order, start=1)]


def _strongest_first(e: Effect | None, index: int) -> tuple[bool, float, int]:
    return e is None, -(e.value if e is not None else 0.0), index


def _ranked_row(row: dict[str, Any], rank: int, e: Effect | None, p: float | None,
                flagged: bool) -> dict[str, Any]:
    """CONTRACT.md's keys first, then the row's own figures."""
    return {"id": row["id"], "name": row["name"], "rank": rank,
            "effect": None if e is None else _round(e.value),
            "ci95": None if e is None else [_round(x) for x in e.ci95],
            "flagged": flagged, "p": None if p is None else _round(p),
            **{k: v for k, v in row.items() if k not in ("id", "name")}}
