"""The flow of play (rulebook Round Sequence, End of Round, End of Game).

Phases: ``terrain`` / ``terrain-spot`` (advanced setup, chance), ``draft`` (draw a card
into the draft, chance), ``build`` and ``invest`` (a player's turn), ``hideout`` (reveal
a hideout in the row being tracked, chance), ``track`` (place a Track Token: a chance
node with one outcome, so the log shows it), ``over``. Each function takes the position
first: ``rules.BoomtownState`` binds them as its methods.
"""

from __future__ import annotations

from typing import Any

from generator.engine.api import CHANCE, TERMINAL, Action
from generator.games.boomtown_builders.state import (
    PLAYER_PHASES,
    BoomtownPosition,
    build_move,
    invest_size,
)
from generator.games.boomtown_builders.town import BUILDING, EMPTY, HIDEOUT, TERRAIN, Lot


def current_player(state: BoomtownPosition) -> int:
    if state.b.phase == "over":
        return TERMINAL
    return state.b.seat if state.b.phase in PLAYER_PHASES else CHANCE


def legal_actions(state: BoomtownPosition) -> list[Action]:
    phase = state.b.phase
    if phase == "over":
        return []
    if phase in PLAYER_PHASES:
        return _build_actions(state) if phase == "build" else _invest_actions(state)
    return [a for a, _ in chance_outcomes(state)]


def chance_outcomes(state: BoomtownPosition) -> list[tuple[Action, float]]:
    b = state.b
    if b.phase == "terrain":
        return _weighted("terrain", b.terrain_pool)
    if b.phase == "terrain-spot":
        spots = [i for i, lot in enumerate(b.lots) if lot.kind == EMPTY]
        at, p = state.tables.terrain_at, 1.0 / len(spots)
        return [(at[i], p) for i in spots]
    if b.phase == "draft":
        return _weighted("draw", b.deck)
    if b.phase == "hideout":
        return _weighted("reveal", b.hideout_pool)
    if b.phase == "track":
        return [(("track", len(b.tokens), state.preview()), 1.0)]
    return []


def apply_action(state: BoomtownPosition, action: Action) -> None:
    if not allows(state, action):
        raise ValueError(f"{action!r} is not legal now ({state.b.phase})")
    assert isinstance(action, tuple)
    kind = action[0]
    if kind == "build":
        _build(state, *build_move(action))
    elif kind == "invest":
        _invest(state, invest_size(action))
    elif kind == "pass":
        _end_turn(state)
    else:
        _apply_chance(state, action)


def allows(state: BoomtownPosition, action: Action) -> bool:
    """``action in legal_actions(state)``, the common actions checked on their own:
    a turn offers hundreds of (card, lot) builds, a draw lists the whole deck."""
    b = state.b
    if type(action) is not tuple or not action:
        return action in legal_actions(state)
    kind, shape = action[0], tuple(map(type, action))
    if b.phase == "build" and kind == "build" and shape == (str, str, int, int):
        first = state.first_open_row(b.seat)
        return first is not None and action[1] in b.draft \
            and state.empty_at(action[2], action[3], first)
    if b.phase == "terrain-spot" and kind == "terrain-at" and shape == (str, int, int):
        return state.empty_at(action[1], action[2], 0)
    pool = state.draw_pool(kind)
    if pool is not None and shape == (str, str):
        return bool(pool.get(action[1]))
    return action in legal_actions(state)


def _weighted(kind: str, pool: dict[str, int]) -> list[tuple[Action, float]]:
    total = sum(pool.values())
    return [((kind, name), n / total) for name, n in sorted(pool.items()) if n]


# -- a player's turn (Round Sequence) ---------------------------------------------------
def _build_actions(state: BoomtownPosition) -> list[Action]:
    spots = state.open_lot_indexes(state.b.seat)
    if not spots:
        return [("pass",)]  # ruling: no legal building spot, the turn passes
    builds = state.tables.builds
    return [builds[card][i] for card in sorted(set(state.b.draft)) for i in spots]


def _invest_actions(state: BoomtownPosition) -> list[Action]:
    row = state.b.pending // state.tables.columns
    return [("invest", size) for size in state.cube_choices(state.b.seat, row)]


def _build(state: BoomtownPosition, card: str, row: int, col: int) -> None:
    b = state.b
    b.draft.remove(card)
    b.pending = row * state.tables.columns + col
    b.lots[b.pending] = Lot(BUILDING, card, b.seat, "", len(b.tokens))
    b.train = state.preview()  # the Train Marker follows every new building
    b.phase = "invest"


def _invest(state: BoomtownPosition, size: str) -> None:
    b = state.b
    b.cubes[b.seat][size] -= 1
    lot = b.lots[b.pending]  # lots are shared by copies: a new one, never changed in place
    b.lots[b.pending] = Lot(lot.kind, lot.name, lot.owner, size, lot.tracked)
    b.pending = -1
    _end_turn(state)


def _end_turn(state: BoomtownPosition) -> None:
    b = state.b
    b.turns += 1
    b.turns_in_round += 1
    if b.turns_in_round < b.players:
        b.seat = (b.seat + 1) % b.players
        b.phase = "build"
        return
    # End of Round 1: the Round Marker moves on and brings its token(s)
    b.tokens_due = state.tables.tokens_by_round[b.players][b.round - 1]
    _next_token(state)


# -- end of round (End of Round 2-4) -----------------------------------------------------
def _next_token(state: BoomtownPosition) -> None:
    """Reveal the row's hideouts one by one, then place the token."""
    row = len(state.b.tokens)
    cols = state.tables.columns
    hidden = any(lot.kind == HIDEOUT and not lot.name
                 for lot in state.b.lots[row * cols:(row + 1) * cols])
    state.b.phase = "hideout" if hidden else "track"


def _place_token(state: BoomtownPosition, col: int) -> None:
    b = state.b
    b.tokens.append(col)
    b.tokens_due -= 1
    if len(b.tokens) < state.tables.rows:
        b.train = state.preview()  # the Train Marker moves on to the next row
    if b.tokens_due:
        _next_token(state)  # the final round places several tokens
    elif len(b.tokens) == state.tables.rows:
        b.phase = "over"  # End of Game: the last Track Token is placed
    else:
        _next_round(state)


def _next_round(state: BoomtownPosition) -> None:
    b = state.b
    b.start_seat = (b.start_seat + 1) % b.players  # 3) pass the Starting Player Marker
    b.seat, b.turns_in_round, b.round = b.start_seat, 0, b.round + 1
    b.phase = "draft"
    _draft_full(state)  # 4) refill the draft


def _draft_full(state: BoomtownPosition) -> None:
    b = state.b
    if len(b.draft) >= state.tables.draft[b.players] or not sum(b.deck.values()):
        b.phase = "build"


# -- chance ------------------------------------------------------------------------------
def _apply_chance(state: BoomtownPosition, action: tuple[Any, ...]) -> None:
    b = state.b
    kind = action[0]
    if kind == "terrain":
        b.terrain_pool[action[1]] -= 1
        b.terrain_in_hand, b.phase = action[1], "terrain-spot"
    elif kind == "terrain-at":
        b.lots[action[1] * state.tables.columns + action[2]] = Lot(TERRAIN, b.terrain_in_hand)
        b.terrain_left, b.terrain_in_hand = b.terrain_left - 1, ""
        b.phase = "terrain" if b.terrain_left else "draft"
    elif kind == "draw":
        b.deck[action[1]] -= 1
        b.draft = sorted(b.draft + [action[1]])
        _draft_full(state)
    elif kind == "reveal":
        _reveal(state, str(action[1]))
    else:
        _place_token(state, int(action[2]))


def _reveal(state: BoomtownPosition, hideout: str) -> None:
    b = state.b
    row = len(b.tokens)
    cols = state.tables.columns
    first = next(i for i in range(row * cols, (row + 1) * cols)
                 if b.lots[i].kind == HIDEOUT and not b.lots[i].name)
    b.hideout_pool[hideout] -= 1
    lot = b.lots[first]  # lots are shared by copies: a new one, never changed in place
    b.lots[first] = Lot(lot.kind, hideout, lot.owner, lot.size, lot.tracked)
    _next_token(state)
