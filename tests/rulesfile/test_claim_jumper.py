"""Claim Jumper (push-your-luck): its rules as its rulebook states them."""

from __future__ import annotations

from typing import Any


def test_a_second_snake_busts_the_claim(built: dict[str, Any]) -> None:
    game, cards = built["claim-jumper"]
    snakes = [i for i, c in enumerate(cards) if c["suit"] == "snake"]
    gold = next(i for i, c in enumerate(cards) if c["suit"] == "gold")
    state = game.new_initial_state(2)
    for card in (gold, snakes[0], snakes[1]):
        state.apply_action(("dig",))
        state.apply_action(card)
    assert state.view()["claim"] == [] and state.view()["discard"] == [gold, *snakes[:2]]
    assert state.current_player() == 1 and state.events() == {"bust": 1}


def test_stopping_banks_the_claim(built: dict[str, Any]) -> None:
    game, _ = built["claim-jumper"]
    state = game.new_initial_state(2)
    state.apply_action(("dig",))
    state.apply_action(0)
    state.apply_action(("stop",))
    assert state.view()["bank"] == [[0], []] and state.current_player() == 1
    assert state.returns() == [1.0, 0.0]
