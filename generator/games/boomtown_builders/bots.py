"""The greedy bot: builds where its card should score most, times the biggest cube.

Where the token of the row being tracked next will go is known from the vote (with the
new card's own arrows); farther rows are guessed as "near the current line", averaging
the card's points over the columns the track could drift to by then.
"""

from __future__ import annotations

from generator.engine.api import Action, State
from generator.engine.bots import Bot
from generator.games.boomtown_builders.state import BoomtownPosition, invest_size
from generator.games.boomtown_builders.tables import Tables
from generator.games.boomtown_builders.town import (
    Vote,
    goldmine_next_door,
    row_votes,
    tally_votes,
    token_column,
)


class GreedyBot(Bot):
    name = "greedy"

    def step(self, state: State) -> Action:
        assert isinstance(state, BoomtownPosition)
        actions = state.legal_actions()
        if state.b.phase == "invest":
            return self._invest(state, actions)
        if len(actions) == 1:
            return actions[0]
        line = state.preview()  # where the next token goes unless the new card swings it
        t, tracked = state.tables, len(state.b.tokens)
        seen = row_votes(t, state.b.lots, tracked)  # the tracked row's votes, counted once
        vote = tally_votes(seen)
        best: dict[int, int] = {}  # row -> the biggest cube the seat may put there
        bonus_at: dict[int, int] = {}  # lot -> its Goldmine bonus (looked at once a lot)
        # the tracked row's span with a card at a column, by the card's (arrows, plus) and
        # the column (cards that vote alike swing the token alike), and by the vote's steps
        swung: dict[tuple[int, int, int], tuple[int, int, int]] = {}
        moved: dict[int, tuple[int, int, int]] = {}
        spans: dict[int, tuple[int, int, int]] = {}  # row -> its columns, as ``_points``
        cards, span_points, columns = t.cards, t.span_points, t.columns
        values = []
        card: str
        row: int
        col: int
        for action in actions:
            # ("build", card, row, col): ``build_move`` without its checks, on the legal list
            _, card, row, col = action  # type: ignore[misc, str-unpack, assignment]
            if row not in best:
                best[row] = max(t.multiplier[s] for s in state.cube_choices(state.b.seat, row))
                spans[row] = _span(t, row, line, tracked)
            lot = row * columns + col
            bonus = bonus_at.get(lot)
            if bonus is None:
                bonus = bonus_at[lot] = _bonus(state, row, col)
            if row == tracked:
                face = cards[card]
                key = (face.right - face.left, face.plus, col)
                span = swung.get(key)
                if span is None:
                    span = swung[key] = _swing(state, _traded(vote, seen[col], key), moved)
                first, last, width = span
            else:
                first, last, width = spans[row]
            # ``_points``, spelled out: every candidate of every greedy move
            total, scoring = span_points[card, first, last, col]
            values.append((total + bonus * scoring) / width * best[row])
        top = max(values)
        return self.rng.choice([a for a, v in zip(actions, values, strict=True) if v == top])

    def _invest(self, state: BoomtownPosition, actions: list[Action]) -> Action:
        row, col = divmod(state.b.pending, state.tables.columns)
        by_multiplier = sorted(actions, key=lambda a: state.tables.multiplier[invest_size(a)])
        worth = expected_points(state, state.b.lots[state.b.pending].name, row, col)
        return by_multiplier[-1] if worth > 0 else by_multiplier[0]

def _swing(state: BoomtownPosition, vote: Vote,
           moved: dict[int, tuple[int, int, int]]) -> tuple[int, int, int]:
    """The tracked row's span (``_span``) when the row votes ``vote``: its token's column
    depends on the vote's steps alone, so it is found once for each (``moved``)."""
    steps = vote.steps
    span = moved.get(steps)
    if span is None:
        t, tracked = state.tables, len(state.b.tokens)
        here = token_column(t, state.b.lots, tracked, state.ahead(), vote)
        span = moved[steps] = _span(t, tracked, here, tracked)
    return span


def _traded(vote: Vote, old: tuple[int, int], new: tuple[int, int, int]) -> Vote:
    """The row's ``vote`` with one location's (arrows, plus) ``old`` traded for a new
    card's: what the row votes once the card is built there (``tally_votes`` of the row
    with that location's votes replaced; a building is no Mountain, so the token's walk
    reads the rest of the row as it stands). ``new``: the card's (arrows, plus, column)."""
    arrows, plus = new[0], new[1]
    left, right, left_plus, right_plus = vote.left, vote.right, vote.left_plus, vote.right_plus
    if old[0] < 0:
        left, left_plus = left + old[0], left_plus - old[1]
    elif old[0] > 0:
        right, right_plus = right - old[0], right_plus - old[1]
    if arrows < 0:
        left, left_plus = left - arrows, left_plus + plus
    elif arrows > 0:
        right, right_plus = right + arrows, right_plus + plus
    return Vote(left, right, left_plus, right_plus)


def expected_points(state: BoomtownPosition, card: str, row: int, col: int,
                    line: int | None = None) -> float:
    """The card's expected VP at (row, col) given the next token's column ``line``:
    exact for the row tracked next, an average over the columns the track could drift
    to by then for rows farther out."""
    line = state.preview() if line is None else line
    return _points(state.tables, card, row, col, line, len(state.b.tokens),
                   _bonus(state, row, col))


def _bonus(state: BoomtownPosition, row: int, col: int) -> int:
    t = state.tables
    return t.goldmine_bonus if goldmine_next_door(t, state.b.lots, row, col) else 0


def _points(t: Tables, card: str, row: int, col: int, line: int, tracked: int,
            bonus: int) -> float:
    """``expected_points`` with the tracked rows and the lot's Goldmine bonus known: the
    bonus comes with every column where the card scores."""
    first, last, width = _span(t, row, line, tracked)
    total, scoring = t.span_points[card, first, last, col]
    return (total + bonus * scoring) / width  # whole points over the columns


def _span(t: Tables, row: int, line: int, tracked: int) -> tuple[int, int, int]:
    """The columns the track may drift to by ``row`` from ``line``: first, last, how many."""
    drift = row - tracked
    first, last = max(line - drift, 0), min(line + drift, t.columns - 1)
    return first, last, last - first + 1
