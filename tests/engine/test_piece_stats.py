"""``pieces`` statistics on constructed data: effects, intervals, Benjamini-Hochberg."""

from __future__ import annotations

import random

from generator.engine.piece_stats import benjamini_hochberg, effect, ranked
from generator.engine.stats import Moments


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


def test_an_effect_is_the_difference_of_means_with_welch_interval() -> None:
    e = effect(_moments([3, 5, 4, 4]), _moments([1, 1, 2, 0]))
    assert e is not None and e.value == 3.0
    lo, hi = e.ci95
    # Welch: both variances 2/3, df = 6; Student's t at 6 df is 2.447
    assert round(e.df, 6) == 6 and round(hi - lo, 6) == round(2 * 2.447 * e.se, 6)
    assert 0.001 < e.p < 0.01  # t = 3 / 0.577 = 5.2 at 6 df
    assert effect(_moments([3]), _moments([1, 2])) is None  # one holder: no variance


def _synthetic(rng: random.Random, strong: float, pieces: int = 30,
               seats: int = 600) -> tuple[list[dict[str, object]], list[object]]:
    """Seats each holding every piece with probability 1/4; piece 0 adds ``strong`` to
    its holder's result, the rest nothing; noise of spread 1."""
    holders = [Moments() for _ in range(pieces)]
    others = [Moments() for _ in range(pieces)]
    for _ in range(seats):
        held = [rng.random() < 0.25 for _ in range(pieces)]
        result = rng.gauss(0, 1) + (strong if held[0] else 0.0)
        for i, h in enumerate(held):
            (holders if h else others)[i].add(result)
    rows = [{"id": f"p{i}", "name": f"piece {i}"} for i in range(pieces)]
    return rows, [effect(holders[i], others[i]) for i in range(pieces)]


def test_a_planted_strong_piece_ranks_first_and_is_flagged() -> None:
    rows, effects = _synthetic(random.Random(21), strong=0.6)
    out = ranked(rows, effects)  # type: ignore[arg-type]
    assert out[0]["id"] == "p0" and out[0]["rank"] == 1 and out[0]["flagged"]
    assert [r["rank"] for r in out] == list(range(1, 31))


def test_an_untouched_deck_mostly_flags_nothing() -> None:
    flagged = 0
    for seed in range(6):
        rows, effects = _synthetic(random.Random(seed), strong=0.0, seats=300)
        flagged += sum(r["flagged"] for r in ranked(rows, effects))  # type: ignore[arg-type]
    # 6 null decks of 30 pieces (180 tests): uncorrected 5 % would flag about 9
    assert flagged <= 1


def test_pieces_without_an_effect_rank_last_unflagged() -> None:
    rows = [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}]
    out = ranked(rows, [None, effect(_moments([1, 2]), _moments([0, 1]))])
    assert [(r["id"], r["rank"], r["effect"], r["flagged"]) for r in out] == [
        ("b", 1, 1.0, False), ("a", 2, None, False)]


def test_a_variant_moves_only_the_pieces_past_the_false_discovery_control() -> None:
    from generator.commands.pieces_run import Deck, moved
    from generator.engine.piece_stats import Effect

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


def _table_games(rng: random.Random, strong: float, pieces: int = 30, games: int = 150,
                 seats: int = 3) -> list[object]:
    """Games at a table: each seat holds each piece with probability 1/4, piece 0 adds
    ``strong`` to its holder's score; results are scores less the table's mean (they sum
    to zero at every table, as ``pieces.standing`` makes them)."""
    from generator.engine.pieces import PieceCounts

    counts = [PieceCounts() for _ in range(pieces)]
    for _ in range(games):
        held = [[rng.random() < 0.25 for _ in range(pieces)] for _ in range(seats)]
        scores = [rng.gauss(0, 1) + (strong if held[s][0] else 0.0) for s in range(seats)]
        mean = sum(scores) / seats
        results = [x - mean for x in scores]
        for i, c in enumerate(counts):
            c.add_game(results, [held[s][i] for s in range(seats)], [0])
    from generator.engine.piece_stats import paired_effect

    return [paired_effect(c.within) for c in counts]


def test_at_a_table_a_planted_piece_is_found_game_by_game() -> None:
    rows = [{"id": f"p{i}", "name": f"piece {i}"} for i in range(30)]
    out = ranked(rows, _table_games(random.Random(5), strong=0.8))  # type: ignore[arg-type]
    assert out[0]["id"] == "p0" and out[0]["flagged"]
    assert sum(r["flagged"] for r in out) <= 2


def test_at_a_table_an_untouched_deck_mostly_flags_nothing() -> None:
    rows = [{"id": f"p{i}", "name": f"piece {i}"} for i in range(30)]
    flagged = sum(sum(r["flagged"] for r in ranked(rows, _table_games(random.Random(seed), 0.0)))  # type: ignore[arg-type]
                  for seed in range(4))
    assert flagged <= 1  # 120 tests of unchanged pieces


def test_a_paired_effect_is_the_mean_difference_at_the_same_table() -> None:
    from generator.engine.piece_stats import paired_effect
    from generator.engine.pieces import PieceCounts

    c = PieceCounts()
    c.add_game([2.0, -1.0, -1.0], [True, False, False], [0])  # holder 2, others -1: +3
    c.add_game([1.0, 1.0, -2.0], [True, True, False], [0])  # holders 1, other -2: +3
    c.add_game([0.0, 0.0, 0.0], [True, True, True], [0])  # everyone held it: no comparison
    e = paired_effect(c.within)
    assert c.within.n == 2 and e is not None and (e.value, e.se, e.df) == (3.0, 0.0, 1)
    assert c.holders.n == 6 and c.others.n == 3 and c.holder_wins == 3
