"""The flow between phases (rules draft 1.8): the Heart of the City, rolls and the extras'
landing, scoring rounds; a player's turn is in ``turn.py``.

Chance is made of actions: drawing a city tile is an outcome per undrawn tile, and every
die is rolled one at a time (outcomes 1-6). Each function takes the position first:
``rules.ColdComfortState`` binds them as its methods.
"""

from __future__ import annotations

from collections import Counter

from generator.engine.api import CHANCE, TERMINAL, Action
from generator.games.cold_comfort import turn
from generator.games.cold_comfort.geometry import Square
from generator.games.cold_comfort.scoring import landing_origins, landing_spots, score_round
from generator.games.cold_comfort.state import ColdComfortPosition

CHANCE_PHASES = ("heart-draw", "heart-roll", "mine-roll", "grow-draw", "roll")


def current_player(state: ColdComfortPosition) -> int:
    if state.phase == "over":
        return TERMINAL
    if state.phase in CHANCE_PHASES:
        return CHANCE
    return state.chooser if state.phase in ("land", "fire") else state.active


def legal_actions(state: ColdComfortPosition) -> list[Action]:
    if state.legal_cache is None:
        state.legal_cache = _find_legal(state)
    return list(state.legal_cache)


def _find_legal(state: ColdComfortPosition) -> list[Action]:
    phase = state.phase
    if phase in ("heart-draw", "grow-draw"):
        return list(state.deck)
    if phase in CHANCE_PHASES:
        return list(range(1, state.setup.faces + 1))
    if phase == "turn":
        return turn.actions(state)
    if phase == "grow-place":
        return [("place", x, y, r) for _, x, y, r in state.city.placements(state.drawn)]
    if phase == "land":
        return [("land", x, y) for x, y in state.options]
    if phase == "fire":
        return [("spread", x, y) for x, y in state.options]
    return []


def apply_action(state: ColdComfortPosition, action: Action) -> None:
    if action not in legal_actions(state):
        raise ValueError(f"illegal action {action!r} in phase {state.phase}")
    play(state, action)


def play(state: ColdComfortPosition, action: Action) -> None:
    """Apply an action known to be legal (bots use this on clones)."""
    state.legal_cache = None
    phase = state.phase
    if phase in ("heart-draw", "grow-draw"):
        _draw(state, turn.outcome(action))
    elif phase in ("heart-roll", "roll"):
        _roll(state, turn.outcome(action))
    elif phase == "mine-roll":
        turn.mined(state, turn.outcome(action))
    elif phase == "grow-place":
        x, y, r = turn.numbers(action)
        _grow(state, (state.drawn, x, y, r))
    elif phase == "land":
        _land(state, state.extras[0], turn.square(action))
        settle(state)
    else:
        turn.apply(state, action)


# ----- setup and scoring rounds --------------------------------------------------------
def _draw(state: ColdComfortPosition, tile: int) -> None:
    state.deck.remove(tile)
    if state.phase == "heart-draw":
        _grow(state, state.setup.heart_placement(len(state.city.placed), tile))
    else:
        state.drawn, state.phase = tile, "grow-place"


def _grow(state: ColdComfortPosition, placement: tuple[int, int, int, int]) -> None:
    """Place a tile, then take dice from the pool to roll for it (rules: Heart, Roll)."""
    state.city = state.city.copy()  # positions share a map until it grows (clone)
    state.city.place(placement)
    state.target, state.drawn = len(state.city.placed) - 1, -1
    heart = state.phase == "heart-draw"
    state.to_roll = min(state.setup.heart_dice, state.pool) if heart else state.pool
    state.pool -= state.to_roll
    state.hand += state.to_roll
    state.rolled = []
    state.phase = "heart-roll" if heart else "roll"
    if state.to_roll == 0:
        _rolled_all(state)


def _roll(state: ColdComfortPosition, value: int) -> None:
    state.rolled.append(value)
    if len(state.rolled) == state.to_roll:
        _rolled_all(state)


def _rolled_all(state: ColdComfortPosition) -> None:
    extras = _fill(state, state.target, sorted(state.rolled, reverse=True))
    state.rolled, state.to_roll = [], 0
    if state.phase == "heart-roll":
        state.return_dice(len(extras))  # "Any dice that cannot be placed return to the pool"
        _next_heart_tile(state)
    else:
        state.extras = extras
        settle(state)


def _fill(state: ColdComfortPosition, index: int, dice: list[int]) -> list[int]:
    """Put dice on the tile's vacant lots of matching value; return the extras."""
    left = Counter(dice)
    for sq, value in sorted(state.city.lots(index)):
        if left[value] and sq not in state.campers and sq not in state.hotels:
            left[value] -= 1
            state.campers[sq] = value
            state.hand -= 1
    return sorted(left.elements(), reverse=True)


def _next_heart_tile(state: ColdComfortPosition) -> None:
    built = len(state.city.placed)
    if built < 2 or (built < state.setup.heart_max and state.pool >= state.setup.heart_dice):
        state.phase = "heart-draw"
    else:
        turn.start(state, 0)


def settle(state: ColdComfortPosition) -> None:
    """Rules: Roll. Land the extras, best spot first; stop for the next player's
    choice when equal spots are more than the dice of that value."""
    origins = landing_origins(state.city, state.target)
    while state.extras:
        value = state.extras[0]
        count = state.extras.count(value)
        spots = landing_spots(value, state.city, state.hotels, state.campers, origins)
        if not spots:
            del state.extras[:count]
            state.return_dice(count)
            continue
        best = [sq for kind, dist, sq in spots if (kind, dist) == spots[0][:2]]
        if len(best) > count:
            state.phase, state.options = "land", best
            state.chooser = (state.active + 1) % state.players
            return
        for sq in best:
            _land(state, value, sq)
    scoring_round(state)


def _land(state: ColdComfortPosition, value: int, square: Square) -> None:
    state.extras.remove(value)
    state.hand -= 1
    if square in state.hotels:
        state.hotels[square] = state.hotels[square].with_guest(value)
    else:
        state.campers[square] = value


def scoring_round(state: ColdComfortPosition) -> None:
    """Rules: Score. Every neighbourhood's winners take its points, then the next turn
    (or the end of the game)."""
    s = state.setup
    state.last_round = score_round(state.city, state.hotels, state.campers,
                                   s.points_per_tile, s.points_per_public)
    for verdict in state.last_round:
        for seat in verdict.winners:
            state.points[seat] += verdict.points // len(verdict.winners)
    state.rounds += 1
    state.options, state.chooser = [], -1
    if state.rounds >= s.rounds:
        state.phase = "over"
    else:
        turn.start(state, (state.active + 1) % state.players)
