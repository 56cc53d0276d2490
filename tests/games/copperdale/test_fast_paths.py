"""The engine's speed-ups keep the rules: cached outcomes never leak between states, the
option lists built from the action tables are the sheet's open spaces, sorted."""

from __future__ import annotations

import random

from generator.engine.api import CHANCE


def test_a_clone_at_a_draw_keeps_its_own_outcomes(game) -> None:
    state = game.new_initial_state(1)
    assert state.current_player() == CHANCE
    before = state.legal_actions()
    copy = state.clone()
    state.apply_action(before[0])  # the original draws: its unseen pool shrinks
    assert copy.legal_actions() == before
    copy.apply_action(before[0])  # the same card is still the copy's to draw
    assert copy.to_dict() == state.to_dict()


def test_legal_actions_are_copies_the_caller_may_change(game) -> None:
    state = game.new_initial_state(1)
    state.legal_actions().clear()
    assert state.legal_actions() == sorted(state.unseen) != []


def test_every_choice_of_many_games_is_sorted_and_open(game) -> None:
    rng = random.Random(3)
    for _ in range(20):
        state = game.new_initial_state(1)
        while not state.is_terminal():
            actions = state.legal_actions()
            assert actions == sorted(actions) and len(set(actions)) == len(actions)
            kind = state.todo[0][0]
            if kind == "economy":
                assert actions == [("occupation", i) for i, v in enumerate(state.occupations)
                                   if len(v) < game.tables.occupation_spaces]
            state.apply_action(rng.choice(actions))
