"""The greedy bot: builds where its card should score most, times the biggest cube.

Where the token of the row being tracked next will go is known from the vote (with the
new card's own arrows); farther rows are guessed as "near the current line", averaging
the card's points over the columns the track could drift to by then.
"""

from __future__ import annotations

from generator.engine.api import Action, State
from generator.engine.bots import Bot
from generator.games.boomtown_builders.rules import BoomtownState
from generator.games.boomtown_builders.town import BUILDING, Lot, goldmine_next_door, token_column


class GreedyBot(Bot):
    name = "greedy"

    def step(self, state: State) -> Action:
        assert isinstance(state, BoomtownState)
        actions = state.legal_actions()
        if state.b.phase == "invest":
            return self._invest(state, actions)
        if len(actions) == 1:
            return actions[0]
        values = [self._build_value(state, a) for a in actions]
        best = max(values)
        return self.rng.choice([a for a, v in zip(actions, values, strict=True) if v == best])

    def _invest(self, state: BoomtownState, actions: list[Action]) -> Action:
        row, col = divmod(state.b.pending, state.tables.columns)
        by_multiplier = sorted(actions, key=lambda a: state.tables.size(a[1]).multiplier)  # type: ignore[index]
        worth = expected_points(state, state.b.lots[state.b.pending].name, row, col)
        return by_multiplier[-1] if worth > 0 else by_multiplier[0]

    def _build_value(self, state: BoomtownState, action: Action) -> float:
        _, card, row, col = action  # type: ignore[misc]
        sizes = state.cube_choices(state.b.seat, row)
        best = max(state.tables.size(s).multiplier for s in sizes)
        return expected_points(state, card, row, col) * best


def expected_points(state: BoomtownState, card: str, row: int, col: int) -> float:
    """The card's expected VP at (row, col): exact for the row tracked next, an average
    over the reachable columns for rows farther out."""
    t, lots = state.tables, state.b.lots
    face = t.cards[card]
    i = row * t.columns + col
    before = lots[i]
    if before.kind != BUILDING:
        lots[i] = Lot(BUILDING, card, state.b.seat)  # what-if: the card is standing there
    try:
        bonus = t.goldmine_bonus if goldmine_next_door(t, lots, row, col) else 0
        train_row = len(state.b.tokens)
        line = token_column(t, lots, train_row, state.ahead())
        drift = row - train_row
        spots = range(max(line - drift, 0), min(line + drift, t.columns - 1) + 1)
        values = [face.points_at(abs(col - j)) for j in spots]
        return sum(v + bonus if v else 0 for v in values) / len(values)
    finally:
        lots[i] = before
