"""Trading Post (drafting, set collection): its rules as its rulebook states them."""

from __future__ import annotations

from typing import Any

from rulesfile.referees import SUITS


def test_a_complete_set_scores_five_more(built: dict[str, Any]) -> None:
    game, cards = built["trading-post"]
    state = game.new_initial_state(2)
    one_of_each = [next(i for i, c in enumerate(cards) if c["suit"] == s) for s in SUITS]
    state.zones[state.zone_slot["stall"]] = list(one_of_each)
    assert state.returns()[0] == sum(cards[i]["value"] for i in one_of_each) + 5
