"""The engine's speed-ups keep the rules: cached outcomes never leak between states, the
option lists built from the action tables are the sheet's open spaces, sorted."""

from __future__ import annotations

import random

import pytest

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


def test_a_draw_takes_exactly_the_cards_of_the_unseen_pool(game) -> None:
    """A draw's card is found in the pool by bisection: every card in it is taken and
    leaves it alone; a card drawn already, one beyond the deck or no card is refused."""
    state = game.new_initial_state(1)
    for card in state.legal_actions():
        copy = state.clone()
        copy.apply_action(card)
        assert copy.unseen == [c for c in state.unseen if c != card] and copy.border == card
    state.apply_action(state.legal_actions()[3])
    drawn = state.border
    while state.current_player() != CHANCE:
        state.apply_action(state.legal_actions()[0])
    for wrong in (drawn, -1, game.tables.deck_size, ("assign", "economy"), str(drawn), True):
        with pytest.raises(ValueError):
            state.clone().apply_action(wrong)


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
            if kind == "infrastructure":
                assert actions == open_spaces(state)
            state.apply_action(rng.choice(actions))


def open_spaces(s) -> list:  # type: ignore[no-untyped-def,type-arg]
    """The spaces an Infrastructure card may fill, read straight off the sheet."""
    t, suit, used = s.t, s.t.card_suit[s.assigned[1]], s.infra_used
    spaces = [("district", d) for d, v in enumerate(s.districts)
              if "district" not in used and len(v) < t.district_spaces]
    spaces += [("estate", e) for e, suits in enumerate(t.estate_suits)
               if "estate" not in used and s.estates[e] is None and suit in suits]
    spaces += [("monument", m) for m, suits in enumerate(t.monument_suits)
               if "monument" not in used and suit in suits
               and s.monuments[m][suits.index(suit)] is None]
    return spaces
