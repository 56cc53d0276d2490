"""The greedy bot's guess for a card on a lot, read from the span table built once a
game, is the average the bot means: the card's points (with the lot's Goldmine bonus
wherever it scores) over every column the Track Token could drift to by that row."""

from __future__ import annotations

from generator.games.boomtown_builders.bots import _points
from generator.games.boomtown_builders.rules import BoomtownGame


def by_hand(points_apart: tuple[int, ...], columns: int, col: int, line: int, drift: int,
            bonus: int) -> float:
    spots = range(max(line - drift, 0), min(line + drift, columns - 1) + 1)
    return sum(points_apart[abs(col - j)] + bonus for j in spots
               if points_apart[abs(col - j)]) / len(spots)


def test_span_points_average_the_card_over_the_columns_the_track_may_reach(
        game: BoomtownGame) -> None:
    t = game.tables
    looked = 0
    for card, apart in t.points_apart.items():
        for col in range(t.columns):
            for line in range(t.columns):
                for drift in range(t.rows):
                    for bonus in (0, t.goldmine_bonus):
                        got = _points(t, card, 2 + drift, col, line, 2, bonus)
                        assert got == by_hand(apart, t.columns, col, line, drift, bonus), \
                            (card, col, line, drift, bonus)
                        looked += 1
    assert looked > 1000 and t.goldmine_bonus > 0
