"""One generic random-simulation harness for every game (after OpenSpiel's RandomSimTest).

At every step of a game played by uniform random choices it checks the API contract:
legal actions sorted and non-empty until the end, chance probabilities summing to one,
clones equal and independent, ``to_dict`` JSON-safe and round-tripping, the game's own
invariants, and the declared maximum length.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable

from generator.engine.api import CHANCE, TERMINAL, Action, Game, State


class ContractError(AssertionError):
    pass


def _sort_key(action: Action) -> str:
    return json.dumps(action)


def check_state(game: Game, state: State, deep: bool) -> None:
    actions = state.legal_actions()
    player = state.current_player()
    if state.is_terminal():
        if actions or player != TERMINAL:
            raise ContractError("terminal state still offers actions or names a player")
        return
    if player == TERMINAL:
        raise ContractError("a state names no player (TERMINAL) before the end")
    if not actions:
        raise ContractError(f"no legal actions for player {player} before the end")
    if len(set(map(_sort_key, actions))) != len(actions):
        raise ContractError("legal actions contain duplicates")
    if actions != _sorted(actions):
        raise ContractError("legal actions are not sorted")
    if player == CHANCE:
        total = sum(p for _, p in state.chance_outcomes())
        if not math.isclose(total, 1.0, rel_tol=1e-9):
            raise ContractError(f"chance probabilities sum to {total}")
    broken = state.invariants()
    if broken:
        raise ContractError("invariant broken: " + "; ".join(broken))
    if deep:
        copy = state.clone()
        if copy != state:
            raise ContractError("clone differs from the original")
        data = state.to_dict()
        again = game.state_from_dict(json.loads(json.dumps(data)))
        if again.to_dict() != data:
            raise ContractError("to_dict/from_dict does not round-trip")


def _sorted(actions: list[Action]) -> list[Action]:
    """Actions of one type sort naturally; mixed types by their JSON text."""
    if len({type(a) for a in actions}) == 1:
        return sorted(actions)
    return sorted(actions, key=_sort_key)


def play_checked(game: Game, players: int, choose: Callable[[State, list[Action]], Action],
                 *, deep_every: int = 1) -> State:
    """Play until the end with ``choose``; check the contract at every step."""
    state = game.new_initial_state(players)
    limit = game.max_game_length(players)
    steps = 0
    while True:
        check_state(game, state, deep=steps % deep_every == 0)
        if state.is_terminal():
            return state
        if steps >= limit:
            raise ContractError(f"game did not end within its declared maximum of {limit}")
        actions = state.legal_actions()
        before = state.clone()
        action = choose(state, actions)
        told = state.apply_action(action)
        if told is not None and told != state.current_player():
            raise ContractError(f"apply_action({action!r}) returned {told!r} as the player "
                                f"to move, but current_player() is {state.current_player()}")
        if steps % deep_every == 0 and before == state:
            raise ContractError(f"action {action!r} did not change the state")
        steps += 1


def random_sim(game: Game, players: int, seed: int, *, deep_every: int = 1) -> State:
    rng = random.Random(seed)
    return play_checked(game, players, lambda _s, actions: rng.choice(actions),
                        deep_every=deep_every)


def scores_are_final(state: State) -> None:
    scores = state.returns()
    if len(scores) == 0 or not state.winners():
        raise ContractError("a finished game must have scores and at least one winner")
