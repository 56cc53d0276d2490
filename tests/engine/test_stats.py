"""Running statistics: exact, mergeable in any order, with the textbook intervals."""

from __future__ import annotations

import random
import statistics
from fractions import Fraction

import pytest

from generator.engine.playout import GameRecord
from generator.engine.stats import Moments, quantile, t95, wilson
from generator.engine.tally import Tally


def test_moments_match_the_textbook_mean_and_interval() -> None:
    values = [3.0, 7.0, 7.0, 19.0, 2.5]
    m = Moments()
    for v in values:
        m.add(v)
    assert m.mean() == pytest.approx(statistics.mean(values))
    assert m.variance() == pytest.approx(statistics.variance(values))
    half = 1.959963984540054 * statistics.stdev(values) / len(values) ** 0.5
    assert m.ci95() == pytest.approx((m.mean() - half, m.mean() + half))
    assert (m.low, m.high) == (2.5, 19.0)


def test_merging_in_any_order_gives_the_same_bytes() -> None:
    rng = random.Random(3)
    values = [rng.random() * 1000 for _ in range(300)]
    whole = Moments()
    for v in values:
        whole.add(v)
    parts = [Moments() for _ in range(7)]
    for i, v in enumerate(values):
        parts[i % 7].add(v)
    for order in (parts, parts[::-1]):
        merged = Moments()
        for part in order:
            merged.merge(part)
        assert merged == whole and merged.summary() == whole.summary()


def test_whole_values_sum_as_ints_and_stay_exact_among_fractional_ones() -> None:
    """Scores and turns are whole: they add as ints (fast), the figures as exact as with
    every value a Fraction, even where a float square would round."""
    big = [10**9 + k for k in (1, 2, 3)]  # squares and the squared sum pass 2**53
    m = Moments()
    for v in big:
        m.add(float(v))
    assert type(m.total) is int and m.variance() == 1.0 and m.mean() == 10**9 + 2
    mixed, exact = Moments(), Moments()
    for v in [*big, 0.1, 2.5, -4.0]:
        mixed.add(v)
        exact.total += Fraction(v)
        exact.squares += Fraction(v) ** 2
        exact.n += 1
    assert (mixed.total, mixed.squares) == (exact.total, exact.squares)
    assert (mixed.mean(), mixed.variance()) == (exact.mean(), exact.variance())


def test_wilson_interval_known_values() -> None:
    lo, hi = wilson(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    assert wilson(0, 20)[0] == 0.0 and wilson(0, 20)[1] == pytest.approx(0.1611, abs=1e-4)
    assert wilson(0, 0) == (0.0, 0.0)


def test_quantiles_of_a_histogram() -> None:
    lengths = {10: 1, 11: 8, 14: 1}
    assert [quantile(lengths, q) for q in (0.1, 0.5, 0.9, 1.0)] == [10, 11, 11, 14]


def _record(winners: list[int], first: int, positions: list[int], events: int) -> GameRecord:
    return GameRecord("toy", 3, "s", ["a", "b", "c"], completed=True, turns=9,
                      scores=[1.0, 2.0, 3.0], winners=winners, first_player=first,
                      positions=positions, events={"fires": events})


def test_tally_counts_turn_order_lineup_ties_and_events() -> None:
    tally = Tally(3)
    tally.add(0, _record([2], first=2, positions=[0, 1, 2], events=0))  # first player won
    tally.add(1, _record([0, 1], first=0, positions=[1, 2, 0], events=3))  # a shared win
    s = tally.summary(["a", "b", "c"])
    assert [x["wins"] for x in s["wins_by_turn_order"]] == [2, 1, 0]
    assert s["wins_by_seat"] == [1, 1, 1]
    assert [x["wins"] for x in s["lineup"]] == [0, 1, 2]  # bots b and c won in game 1
    assert s["ties"] == 1
    assert s["events"]["fires"]["total"] == 3 and s["events"]["fires"]["mean"] == 1.5
    assert s["lineup"][2]["score"]["mean"] == 2.5  # c sat in seat 3, then seat 2


def test_a_tally_merged_from_chunks_equals_one_kept_game_by_game() -> None:
    records = [_record([i % 3], first=i % 2, positions=[0, 1, 2], events=i) for i in range(9)]
    whole = Tally(3)
    for i, r in enumerate(records):
        whole.add(i, r)
    merged = Tally(3)
    for start in (0, 4):
        part = Tally(3)
        for i in range(start, min(start + 4, 9) if start == 0 else 9):
            part.add(i, records[i])
        merged.merge(part)
    assert merged.summary(["a", "b", "c"]) == whole.summary(["a", "b", "c"])


def test_students_t_points() -> None:
    # published two-sided 95 % points: the table for few degrees of freedom, the
    # expansion beyond it agrees to two decimals
    for df, point in [(1, 12.706), (4, 2.776), (10, 2.228), (11, 2.201), (15, 2.131),
                      (30, 2.042), (120, 1.980)]:
        assert abs(t95(df) - point) < 0.005, df
    assert t95(100_000) == pytest.approx(1.96, abs=0.001)
