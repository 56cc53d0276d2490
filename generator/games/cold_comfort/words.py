"""Actions and positions in the game's own words, for the move-by-move log."""

from __future__ import annotations

from generator.engine.api import Action
from generator.games.cold_comfort import flow
from generator.games.cold_comfort.state import ColdComfortPosition
from generator.games.cold_comfort.turn import build_cost, numbers, outcome, resize_cost, square


def _at(x: int, y: int) -> str:
    return f"({x},{y})"


def action_to_string(state: ColdComfortPosition, action: Action) -> str:
    phase = state.phase
    if phase in ("heart-draw", "grow-draw"):
        tile = state.setup.tiles[outcome(action)]
        where = "the Heart of the City" if phase == "heart-draw" else "the scoring round"
        return f"draws city tile '{tile.name}' for {where}"
    if phase in ("heart-roll", "roll"):
        text = f"rolls a {action} ({len(state.rolled) + 1} of {state.to_roll})"
    elif phase == "mine-roll":
        text = f"the mined camper rolls {action}: P{state.active + 1} gains ${action}; " \
               f"the die returns to the pool ({state.pool + 1} dice) and the turn ends" + \
               _scoring_begins(state, state.pool + 1)
    else:
        text = _player_action(state, action)
    return text + _aftermath(state, action)


def _aftermath(state: ColdComfortPosition, action: Action) -> str:
    """What follows by itself: a scoring round's verdicts, the next player's collection."""
    if state.phase not in ("roll", "land", "mine-roll", "turn") or (
            state.phase == "turn" and action != ("end",)):
        return ""
    after = state.clone()
    flow.play(after, action)
    text = ""
    if after.rounds > state.rounds:
        gains = [f"P{i + 1} +{b - a}" for i, (a, b) in
                 enumerate(zip(state.points, after.points, strict=True)) if b > a]
        text += f" -- scoring round {after.rounds}: {', '.join(gains) or 'no one scores'}"
    if after.phase == "turn" and after.active != state.active:
        paid = after.gold[after.active] - state.gold[after.active]
        if paid:
            text += f" -- P{after.active + 1} collects ${paid} from their guests"
    return text


def _player_action(state: ColdComfortPosition, action: Action) -> str:
    assert isinstance(action, tuple), action
    kind, rest = action[0], numbers(action)
    if kind == "place":
        x, y, r = rest
        return f"places '{state.setup.tiles[state.drawn].name}' at {_at(x, y)} turned {90 * r}°"
    if kind == "land":
        return f"sends an extra {state.extras[0]} to {_at(*rest)} (a tie of walking distance)"
    if kind == "spread":
        return f"passes the fire to {_at(*rest)}: {_burns(state, square(action))}"
    if kind == "end":
        return "ends the turn" + _scoring_begins(state, state.pool)
    if kind == "mine":
        return f"mines with the {state.campers[square(action)]} camper at {_at(*rest)}"
    if kind == "host":
        cx, cy, hx, hy = rest
        return f"hosts the {state.campers[(cx, cy)]} camper from {_at(cx, cy)} in the hotel at " \
               f"{_at(hx, hy)}"
    if kind == "build":
        sq = square(action)
        value = state.city.lot_value(sq) or 0
        guest = " (its camper checks in)" if sq in state.campers else ""
        return f"builds a {value}-hotel at {_at(*sq)} for ${build_cost(state, sq, value)}{guest}"
    if kind == "resize":
        x, y, size = rest
        old = state.hotels[(x, y)].size
        word = "upgrades" if size > old else "downgrades"
        return f"{word} the hotel at {_at(x, y)} from {old} to {size} for " \
               f"${resize_cost(state, old, size)}"
    if kind == "fire":
        h = state.hotels[square(action)]
        return f"sets fire to the empty {h.size}-hotel at {_at(*rest)} (insurance " \
               f"${state.setup.insurance * h.size} to P{h.owner + 1})"
    return repr(action)


def _scoring_begins(state: ColdComfortPosition, pool: int) -> str:
    """Step 3: the end of a turn (an ordinary end, or mining's) may start a round."""
    return "; a scoring round begins" if pool >= state.setup.grow_at else ""


def _burns(state: ColdComfortPosition, sq: tuple[int, int]) -> str:
    """What the fire does where it enters (rules: Fire): every Gold and die it moves."""
    hotel = state.hotels.get(sq)
    if hotel is None:
        return "a public building, the fire is out"
    owner = f"P{hotel.owner + 1}"
    if hotel.guest:
        return f"{owner}'s guest {hotel.guest} leaves for the pool, the fire is out"
    return f"{owner}'s empty {hotel.size}-hotel burns, insurance " \
           f"${state.setup.insurance * hotel.size} to {owner}"


def describe_state(state: ColdComfortPosition) -> str:
    seats = ", ".join(f"P{i + 1} {p} pts ${g}" for i, (p, g) in
                      enumerate(zip(state.points, state.gold, strict=True)))
    return (f"round {state.rounds}, turn {state.turns}, pool {state.pool}, "
            f"{len(state.city.placed)} tiles; {seats}")
