"""High Noon (trick-taking): its rules as its rulebook states them."""

from __future__ import annotations

from typing import Any

from rulesfile.starters import dealt


def test_a_player_must_follow_suit(built: dict[str, Any]) -> None:
    game, cards = built["high-noon"]
    state = dealt(game, 3)
    lead = state.legal_actions()[0]
    state.apply_action(lead)
    suit = cards[lead[1]]["suit"]
    hand = state.view()["hand"][1]
    follow = [c for c in hand if cards[c]["suit"] == suit]
    assert [a[1] for a in state.legal_actions()] == sorted(follow or hand)
