"""``pieces`` statistics on constructed data: effects, intervals, Benjamini-Hochberg."""

from __future__ import annotations

import random

from generator.engine.piece_stats import (
    Effect,
    adjusted_effect,
    paired_effect,
    ranked,
)
from generator.engine.stats import Moments, benjamini_hochberg


def _moments(values: list[float]) -> Moments:
    m = Moments()
    for v in values:
        m.add(v)
    return m


def test_benjamini_hochberg_steps_up_to_the_largest_passing_rank() -> None:
    # m = 5, q = 0.05: thresholds 0.01, 0.02, 0.03, 0.04, 0.05. The 3rd smallest (0.025)
    # passes, so the 2nd (0.021, above its own 0.02) is rejected with it: step-up.
    p = [0.001, 0.021, 0.025, 0.2, 0.9]
    assert benjamini_hochberg(p) == [True, True, True, False, False]
    assert benjamini_hochberg([0.02, 0.03, 0.04]) == [True, True, True]
    assert benjamini_hochberg([0.04, 0.3, 0.5]) == [False, False, False]
    assert benjamini_hochberg([]) == []


Games = tuple[dict[int, tuple[float, ...]], dict[int, tuple[frozenset[str], ...]]]


def _games(rng: random.Random, worth: list[float], games: int = 150, seats: int = 3) -> Games:
    """Games at a table: each seat holds each piece with its own chance (a strong seat
    holds many), every piece held adds 1 to the score and piece i ``worth[i]`` more;
    results are scores less the table's mean, as ``pieces.standing`` makes them."""
    results, held = {}, {}
    for g in range(games):
        chance = [rng.uniform(0.05, 0.5) for _ in range(seats)]
        hands = [frozenset(f"p{i}" for i in range(len(worth)) if rng.random() < chance[s])
                 for s in range(seats)]
        scores = [rng.gauss(0, 1) + sum(1 + worth[int(p[1:])] for p in hand) for hand in hands]
        mean = sum(scores) / seats
        results[g], held[g] = tuple(x - mean for x in scores), tuple(hands)
    return results, held


def _rank(worth: list[float], seed: int, games: int = 150) -> list[dict[str, object]]:
    results, held = _games(random.Random(seed), worth, games)
    rows: list[dict[str, object]] = [{"id": f"p{i}", "name": f"piece {i}"}
                                     for i in range(len(worth))]
    return ranked(rows, [adjusted_effect(str(r["id"]), results, held) for r in rows])


def test_an_effect_compares_like_with_like_not_holding_more_with_less() -> None:
    # every piece adds the same 1 point: a seat holding more scores more, so the plain
    # holders-against-others difference calls every piece strong; the effect does not
    results, held = _games(random.Random(4), [0.0] * 30)
    e = adjusted_effect("p3", results, held)
    assert e is not None and e.ci95[0] < 0 < e.ci95[1]
    plain = [_plain(results[g], held[g], "p3") for g in results]
    told = [x for x in plain if x is not None]
    assert sum(told) / len(told) > 1  # the confounded figure


def _plain(results: tuple[float, ...], held: tuple[frozenset[str], ...],
           piece: str) -> float | None:
    mine = [r for r, h in zip(results, held, strict=True) if piece in h]
    theirs = [r for r, h in zip(results, held, strict=True) if piece not in h]
    if not mine or not theirs:
        return None
    return sum(mine) / len(mine) - sum(theirs) / len(theirs)


def test_the_effect_is_the_fitted_worth_of_holding_the_piece() -> None:
    # no noise, a worth 2, b and c 1 a piece: a's effect beyond any piece is exactly 1
    held = {0: (frozenset("ab"), frozenset("b"), frozenset()),
            1: (frozenset(), frozenset("c"), frozenset("ab")),
            2: (frozenset("a"), frozenset(), frozenset("c")),
            3: (frozenset("bc"), frozenset("a"), frozenset())}
    worth = {"a": 2.0, "b": 1.0, "c": 1.0}
    results = {}
    for g, hands in held.items():
        scores = [sum(worth[p] for p in hand) for hand in hands]
        results[g] = tuple(x - sum(scores) / 3 for x in scores)
    e = adjusted_effect("a", results, held)
    assert e is not None and round(e.value, 9) == 1.0 and round(e.se, 9) == 0
    assert adjusted_effect("z", results, held) is None  # nobody held it


def test_a_planted_strong_piece_ranks_first_and_is_flagged() -> None:
    out = _rank([1.5] + [0.0] * 29, seed=21)
    assert out[0]["id"] == "p0" and out[0]["rank"] == 1 and out[0]["flagged"]
    assert [r["rank"] for r in out] == list(range(1, 31))
    assert sum(bool(r["flagged"]) for r in out) == 1


def test_an_untouched_deck_flags_nothing() -> None:
    flagged = sum(sum(bool(r["flagged"]) for r in _rank([0.0] * 30, seed)) for seed in range(4))
    assert flagged <= 1  # 120 tests of unchanged pieces


def test_pieces_that_differ_by_design_are_in_line_an_outlier_is_not() -> None:
    design = [0.25 * (i % 5) for i in range(30)]  # worth 0 to 1 by design
    assert not any(r["flagged"] for r in _rank(design, seed=8, games=300))
    out = _rank([*design[:-1], 4.0], seed=8, games=300)
    assert [r["id"] for r in out if r["flagged"]] == ["p29"]


def test_pieces_without_an_effect_rank_last_unflagged() -> None:
    rows = [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}]
    out = ranked(rows, [None, Effect(1.0, 0.5, 10)])
    assert [(r["id"], r["rank"], r["effect"], r["flagged"]) for r in out] == [
        ("b", 1, 1.0, False), ("a", 2, None, False)]


def test_a_paired_effect_is_the_mean_of_per_game_differences() -> None:
    e = paired_effect(_moments([3.0, 3.0]))
    assert e is not None and (e.value, e.se, e.df) == (3.0, 0.0, 1) and e.p == 1.0
    assert paired_effect(_moments([1.0])) is None


def test_a_variant_moves_only_the_pieces_past_the_false_discovery_control() -> None:
    from generator.commands.pieces_run import Deck, moved


    rng = random.Random(3)
    catalogue = [(f"p{i}", f"piece {i}") for i in range(30)]
    base = Deck(None, catalogue)  # type: ignore[arg-type]
    variant = Deck(None, catalogue[1:])  # type: ignore[arg-type]  # p0 removed
    base.effects = {p: Effect(rng.gauss(0, 1), 1.0, 200) for p, _ in catalogue}
    variant.effects = {p: Effect(rng.gauss(0, 1), 1.0, 200) for p, _ in catalogue[1:]}
    variant.effects["p7"] = Effect(base.effects["p7"].value + 8, 1.0, 200)  # type: ignore[union-attr]
    rows, removed = moved(base, variant)
    assert removed == ["p0"]
    assert [r["id"] for r in rows if r["moved"]] == ["p7"]
    # uncorrected, an unchanged piece would have "moved" too: its interval misses zero
    assert any(r["ci95"][0] > 0 or r["ci95"][1] < 0 for r in rows if r["id"] != "p7")


