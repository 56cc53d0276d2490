"""The greedy bot's guess for a card on a lot, read from the span table built once a
game, is the average the bot means: the card's points (with the lot's Goldmine bonus
wherever it scores) over every column the Track Token could drift to by that row."""

from __future__ import annotations

import random

from generator.games.boomtown_builders.bots import _points, _span, _swing, _traded
from generator.games.boomtown_builders.rules import BoomtownGame
from generator.games.boomtown_builders.town import (
    BUILDING,
    Lot,
    row_votes,
    tally_votes,
    token_column,
)


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


def test_a_cards_swing_of_the_tracked_row_is_that_of_the_card_built_there(
        game: BoomtownGame) -> None:
    """The greedy bot trades one location's votes for the card's instead of building it:
    at every build of seeded random games, for every card and column of the tracked row,
    the span it reads is the one of the token's column with the card really standing
    there (``token_column`` over the row with the lot built)."""
    t, looked = game.tables, 0
    for seed in range(6):
        rng, state = random.Random(seed), game.new_initial_state(2 + seed % 3)
        while not state.is_terminal():
            actions = state.legal_actions()
            if state.b.phase != "invest" and isinstance(actions[0], tuple) and \
                    actions[0][0] == "build":
                tracked = len(state.b.tokens)
                seen = row_votes(t, state.b.lots, tracked)
                vote, moved = tally_votes(seen), {}  # type: ignore[var-annotated]
                for _, card, row, col in actions:
                    if row != tracked:
                        continue
                    face = t.cards[card]
                    got = _swing(state, _traded(vote, seen[col], (
                        face.right - face.left, face.plus, col)), moved)
                    built = state.b.lots.copy()
                    built[row * t.columns + col] = Lot(BUILDING, card, state.b.seat)
                    here = token_column(t, built, row, state.ahead())
                    assert got == _span(t, row, here, tracked), (card, col)
                    looked += 1
            state.apply_action(rng.choice(actions))
    assert looked > 200
