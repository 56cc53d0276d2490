"""Running statistics with 95 % intervals, exact so that any merge order gives the same
figures: sums are exact (ints while every value is whole, as scores, turns and counts
mostly are, ``Fraction``s once one is not), so a run split over processes or machines
and merged in whatever order they finish prints the same bytes as one process playing
every game.
Memory is constant whatever the number of games.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

Z95 = 1.959963984540054  # the two-sided 95 % quantile of the normal distribution
FDR = 0.05  # the false-discovery rate wherever a family of tests is judged together


def _num(value: float) -> float | int:
    """Whole numbers print as ints, others rounded to 4 places (stable JSON)."""
    return int(value) if float(value).is_integer() else round(value, 4)


@dataclass
class Moments:
    """Count, exact sum and sum of squares, min and max of a stream of numbers."""

    n: int = 0
    total: int | Fraction = 0
    squares: int | Fraction = 0
    low: float | None = None
    high: float | None = None

    def add(self, value: float) -> None:
        whole = int(value)
        exact = whole if whole == value else Fraction(value)  # ints add fastest
        self.n += 1
        self.total += exact
        self.squares += exact * exact
        self.low = value if self.low is None else min(self.low, value)
        self.high = value if self.high is None else max(self.high, value)

    def add_many(self, value: int | Fraction, count: int) -> None:
        """``count`` values equal to ``value``, an exact number."""
        self.n += count
        self.total += value * count
        self.squares += value * value * count
        low = high = float(value)
        self.low = low if self.low is None else min(self.low, low)
        self.high = high if self.high is None else max(self.high, high)

    def merge(self, other: Moments) -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares
        for value in (other.low, other.high):
            if value is not None:
                self.low = value if self.low is None else min(self.low, value)
                self.high = value if self.high is None else max(self.high, value)

    def mean(self) -> float:
        return float(self.total / self.n) if self.n else 0.0

    def variance(self) -> float:
        """The sample variance (n - 1), exact until the final division."""
        if self.n < 2:
            return 0.0
        spread = self.squares - Fraction(self.total * self.total, self.n)
        return float(spread / (self.n - 1))

    def ci95(self) -> tuple[float, float]:
        """The mean's 95 % interval (normal approximation; a point with under two values)."""
        half = Z95 * math.sqrt(self.variance() / self.n) if self.n else 0.0
        return self.mean() - half, self.mean() + half

    def summary(self) -> dict[str, Any]:
        lo, hi = self.ci95()
        return {"min": _num(self.low or 0), "mean": round(self.mean(), 3),
                "max": _num(self.high or 0), "ci95": [round(lo, 3), round(hi, 3)]}


def wilson(successes: float, n: int) -> tuple[float, float]:
    """The Wilson score 95 % interval of a proportion: sound near 0 and 1 and for small n."""
    if n == 0:
        return 0.0, 0.0
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(successes: float, n: int) -> dict[str, Any]:
    lo, hi = wilson(successes, n)
    return {"wins": _num(successes), "rate": round(successes / n, 4) if n else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)]}


def quantile(histogram: dict[int, int], q: float) -> int:
    """The smallest value with at least ``q`` of the counts at or below it."""
    total = sum(histogram.values())
    seen = 0
    for value in sorted(histogram):
        seen += histogram[value]
        if seen >= q * total:
            return value
    return 0


T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228)


def t95(df: int) -> float:
    """Student's t two-sided 95 % point for ``df`` degrees of freedom (a table for the few,
    the Cornish-Fisher expansion beyond: within 0.01)."""
    if df <= len(T95):
        return T95[df - 1]
    z = 1.959964
    return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)


def t_p_value(t: float, df: float) -> float:
    """Two-sided p-value of Student's t with ``df`` degrees of freedom (``df`` may be
    fractional, as Welch's is): the regularized incomplete beta I_x(df/2, 1/2)."""
    x = df / (df + t * t)
    return min(1.0, max(0.0, _beta_regularized(x, df / 2, 0.5)))


def _beta_regularized(x: float, a: float, b: float) -> float:
    """I_x(a, b) by its continued fraction (Lentz), on the side where it converges fast."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _beta_fraction(x, a, b) / a
    return 1.0 - front * _beta_fraction(1.0 - x, b, a) / b


def _beta_fraction(x: float, a: float, b: float) -> float:
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-12:
            break
    return h


def spread(histogram: dict[int, int]) -> dict[str, Any]:
    """The standard deviation of the values counted in ``histogram``, its share of the
    mean (``cv``) and its 95 % interval: the variance's standard error from the fourth
    central moment (no assumption that the values are normal, as game lengths are not),
    on the log scale so the interval stays above zero and skews as a variance does."""
    n = sum(histogram.values())
    if n < 2:
        return {"sd": 0.0, "cv": 0.0, "ci95": [0.0, 0.0]}
    mean = Fraction(sum(v * c for v, c in histogram.items()), n)
    m2, m4 = (sum(c * (v - mean) ** k for v, c in histogram.items()) / n for k in (2, 4))
    variance = m2 * n / (n - 1)
    sd = math.sqrt(variance)
    cv = round(sd / float(mean), 4) if mean else 0.0
    if variance == 0:
        return {"sd": 0.0, "cv": cv, "ci95": [0.0, 0.0]}
    se = math.sqrt(max(0.0, float(m4 - variance * variance * (n - 3) / (n - 1)) / n))
    factor = math.exp(Z95 * se / float(variance) / 2)
    return {"sd": round(sd, 3), "cv": cv, "ci95": [round(sd / factor, 3), round(sd * factor, 3)]}


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
