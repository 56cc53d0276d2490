"""The game in its own words: actions and positions for the move-by-move log."""

from __future__ import annotations

from typing import Any

from generator.engine.api import Action
from generator.games.boomtown_builders.state import BoomtownPosition
from generator.games.boomtown_builders.town import count_votes


def _where(row: int, col: int) -> str:
    return f"row {row + 1}, column {col + 1}"


def action_to_string(state: BoomtownPosition, action: Action) -> str:
    if not isinstance(action, tuple):
        return repr(action)
    t, b = state.tables, state.b
    who = state.player_name(b.seat)
    kind = action[0]
    if kind == "build":
        return f"{who} builds the {t.cards[action[1]].name} at {_where(action[2], action[3])}"
    if kind == "invest":
        size = t.size(action[1])
        card = t.cards[b.lots[b.pending].name].name
        return f"{who} invests a {size.name} (x{size.multiplier}) in the {card}"
    if kind == "pass":
        return f"{who} has nowhere to build and passes"
    if kind == "terrain":
        return f"setup: a {action[1].title()} Terrain Card is drawn"
    if kind == "terrain-at":
        return f"setup: the {b.terrain_in_hand.title()} goes to {_where(action[1], action[2])}"
    if kind == "draw":
        return f"draft: the {t.cards[action[1]].name} is drawn"
    if kind == "reveal":
        return f"row {len(b.tokens) + 1}: hideout revealed, {t.hideout_cards[action[1]].name}"
    return _track_words(state, action)


def _track_words(state: BoomtownPosition, action: tuple[Any, ...]) -> str:
    row, col = action[1], action[2]
    vote = count_votes(state.tables, state.b.lots, row)
    return (f"end of round {state.b.round}: Track Token {row + 1} placed at {_where(row, col)} "
            f"(votes {vote.left} left{'+' * vote.left_plus} vs {vote.right} right"
            f"{'+' * vote.right_plus}; straight ahead was column {state.ahead() + 1})")


def describe_state(state: BoomtownPosition) -> str:
    b = state.b
    points, cubes = state.totals()
    scores = ", ".join(f"{state.player_name(s)} {points[s]} VP ({cubes[s]} cubes)"
                       for s in range(b.players))
    return (f"round {b.round}, {len(b.tokens)} rows tracked, train at column {b.train + 1}; "
            f"draft {', '.join(b.draft) or '-'}; {scores}")
