"""The turn of Copper Creek (rules/copper-creek.md), as functions of the position.

Phases: ``setup`` (chance deals three gray cards to the start slots), ``first`` (chance
picks the first player), then turns of ``draw`` (chance) → ``build`` → ``buy`` with
buying rounds (``round``) until the active player passes, and ``end``.

Actions are ints: a card index at chance nodes, a seat for the first player, a
placement ``4 * cell + rotation`` when building, a building id when buying, ``PASS``.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from typing import Any

from generator.engine.api import CHANCE, TERMINAL, Action
from generator.games.copper_creek.economy import split_income
from generator.games.copper_creek.market import affordable, can_buy, price
from generator.games.copper_creek.state import NO_CARD, PASS, SET_ASIDE, CreekPosition
from generator.games.copper_creek.tables import Tables
from generator.games.copper_creek.town import Town, xy


# -- the State API ---------------------------------------------------------------------
def current_player(s: CreekPosition) -> int:
    if s.phase in ("setup", "first", "draw"):
        return CHANCE
    if s.phase == "end":
        return TERMINAL
    return s.responder if s.phase == "round" else s.active


def legal_actions(s: CreekPosition) -> list[Action]:
    return list(legal_list(s))


def legal_moves(s: CreekPosition) -> list[int]:
    """The legal actions as what they are in this game: ints (see the module doc)."""
    return list(legal_list(s))


def legal_list(s: CreekPosition) -> list[int]:
    """The cached list itself (a build offers thousands: copied only for callers)."""
    if s._legal is None:
        s._legal = _compute_legal(s)
    return s._legal


def _compute_legal(s: CreekPosition) -> list[int]:
    if s.phase == "setup":
        return sorted(s.gray_pile)
    if s.phase == "first":
        return list(range(s.players))
    if s.phase == "draw":
        return sorted(s.gray_pile or s.main_pile)
    if s.phase == "build":
        return s.placements(s.drawn) or [SET_ASIDE]
    if s.phase in ("buy", "round"):
        return [PASS] + affordable(s, current_player(s))
    return []


def apply_action(s: CreekPosition, action: Any) -> None:
    legal = legal_list(s)  # sorted: a bisection, not a scan of thousands
    at = bisect_left(legal, action) if isinstance(action, int) else len(legal)
    if at == len(legal) or legal[at] != action:
        raise ValueError(f"illegal action {action!r} in phase {s.phase}")
    s._legal = None
    PHASES[s.phase](s, action)


def winners(s: CreekPosition) -> list[int]:
    """Most points; then most money (after the tie-break income); then the player who
    drew the last card, or the closest on their left (rulebook, Ending the Game)."""
    best = max(s.points)
    tied = [p for p in range(s.players) if s.points[p] == best]
    richest = max(s.money[p] for p in tied)
    tied = [p for p in tied if s.money[p] == richest]
    order = [(s.last_drawer + k) % s.players for k in range(s.players)]
    return [next(p for p in order if p in tied)]


# -- setup (rulebook, Setup) -----------------------------------------------------------
def _on_setup(s: CreekPosition, card: int) -> None:
    s.gray_pile.remove(card)
    zone, square = s.t.start_slots[len(s.placed)]
    x, y, rot = start_placement(s.t, s.town, card, zone, square)
    s.build(card, x, y, rot)
    _advance_calendar(s, card)  # "advancing the three stones" (no election)
    if len(s.placed) == len(s.t.start_slots):
        s.phase = "first"


def _on_first(s: CreekPosition, seat: int) -> None:
    s.active = s.last_drawer = s.first_player = seat
    s.turn = 1
    s.phase = "buy"  # the very first turn has no draw (rulebook, Step 1)


def start_placement(t: Tables, town: Town, card: int, zone: str,
                    square: tuple[int, int]) -> tuple[int, int, int]:
    """The first legal placement, in rotation then position order, that covers the
    slot's square and stays in its zone (ruling: the "as shown" start layout)."""
    info = t.cards[card]
    for r, rot in enumerate(info.rotations):
        for x in range(square[0] - rot.width + 1, square[0] + 1):
            for y in range(square[1] - rot.height + 1, square[1] + 1):
                if _in_zone(t, zone, x, y, rot.width, rot.height) and not any(
                        town.is_street(x + dx, y + dy) for dx, dy, _ in rot.squares) \
                        and town.touches_street(rot, x, y, t.gray_gids):
                    return x, y, r
    raise ValueError(f"card '{info.id}' has no legal start placement in the {zone}")


def _in_zone(t: Tables, zone: str, x: int, y: int, w: int, h: int) -> bool:
    f, m = t.front_row, t.main_column
    if zone == "north":
        return y + h - 1 < f
    if zone == "southwest":
        return y > f and x + w - 1 < m
    return y > f and x > m


# -- draw, elections, income (rulebook, Steps 1-3) -------------------------------------
def _on_draw(s: CreekPosition, card: int) -> None:
    (s.gray_pile if s.gray_pile else s.main_pile).remove(card)
    s.drawn = card
    s.last_drawer = s.active
    _advance_calendar(s, card)
    if _hold_elections(s):
        return
    _pay_income(s, card)
    s.phase = "build"


def _advance_calendar(s: CreekPosition, card: int) -> None:
    s.cards_seen += 1
    for row in s.t.cards[card].colors:
        s.stones[row] = min(s.stones[row] + 1, s.t.last_column)


def _hold_elections(s: CreekPosition) -> bool:
    """Hold every election now due, in order; True when the final one ended the game."""
    for election in s.t.elections[len(s.elections):]:
        if sum(stone >= election.column for stone in s.stones) < election.stones:
            break
        s.elections.append((election.year, s.cards_seen))
        for gid, stack in enumerate(s.stacks):
            if stack:
                s.points[stack[-1]] += s.t.buildings[gid].points
    if len(s.elections) < len(s.t.elections):
        return False
    top = max(s.points)
    if s.points.count(top) > 1:  # money breaks the tie: income is paid first
        _pay_income(s, s.drawn)
    s.phase = "end"
    return True


def _pay_income(s: CreekPosition, card: int) -> None:
    """One block per colour of the drawn card, top calendar row first."""
    for row in s.t.cards[card].colors:
        for gid, amount in sorted(s.income_for_color(row).items()):
            for seat, part in enumerate(split_income(amount, s.stacks[gid], s.players)):
                s.money[seat] += part
                s.bank -= part
                if part and not s.first_income_turn:
                    s.first_income_turn = s.turn


# -- build (rulebook, Step 4) ----------------------------------------------------------
def _on_build(s: CreekPosition, action: int) -> None:
    if action == SET_ASIDE:
        s.set_aside.append(s.drawn)
    else:
        c, rot = divmod(action, 4)
        x, y = xy(c)
        s.build(s.drawn, x, y, rot)
    s.drawn = NO_CARD
    s.phase = "buy"


# -- buy (rulebook, Step 5) ------------------------------------------------------------
def _on_buy(s: CreekPosition, action: int) -> None:
    if action == PASS:
        _end_turn(s)
        return
    s.buy(s.active, action, price(s, action, s.active))
    s.phase = "round"
    s.responder = s.active
    _next_responder(s)


def _on_round(s: CreekPosition, action: int) -> None:
    if action != PASS:
        s.buy(s.responder, action, price(s, action, s.responder))
    _next_responder(s)


def _next_responder(s: CreekPosition) -> None:
    """The next player to the left who can buy something; back to the active player
    when the round is done (players who can afford nothing are passed over)."""
    seat = (s.responder + 1) % s.players
    while seat != s.active and not can_buy(s, seat):
        seat = (seat + 1) % s.players
    if seat == s.active:
        s.phase = "buy"
    else:
        s.responder = seat


def _end_turn(s: CreekPosition) -> None:
    s.active = (s.active + 1) % s.players
    s.turn += 1
    # The data checks guarantee the final election first; this only guards bad data.
    s.phase = "draw" if s.gray_pile or s.main_pile else "end"


# What each phase does with the action taken in it.
PHASES: dict[str, Callable[[CreekPosition, Any], None]] = {
    "setup": _on_setup, "first": _on_first, "draw": _on_draw, "build": _on_build,
    "buy": _on_buy, "round": _on_round}
