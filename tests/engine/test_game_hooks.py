"""Every game's hooks for the balance figures: declared event counters and the first
player, seen through the engine's API only."""

from __future__ import annotations

import pytest

from generator.deck.validate import validate_game
from generator.engine.bots import RandomBot
from generator.engine.playout import play, replay
from generator.games import GAMES

PLAYABLE = [g for g, spec in GAMES.items() if spec.make_game is not None]


def _game(game_id: str):  # type: ignore[no-untyped-def]
    spec = GAMES[game_id]
    assert spec.make_game is not None
    return spec.make_game(validate_game(spec).data)


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_every_game_declares_its_events_from_the_start(game_id: str) -> None:
    game = _game(game_id)
    players = game.min_players
    declared = game.new_initial_state(players).events()
    assert declared and all(count == 0 for count in declared.values())
    record = play(game, players, [("random", RandomBot)] * players, "hooks", check="end")
    assert record.completed and set(record.events) == set(declared)
    assert all(isinstance(n, int) and n >= 0 for n in record.events.values())
    assert sum(record.events.values()) > 0  # a random game sets at least something off


@pytest.mark.parametrize("game_id", ["copper-creek", "kings-of-copper"])
def test_a_chosen_first_player_is_exposed(game_id: str) -> None:
    game = _game(game_id)
    players = 3
    firsts = set()
    for seed in range(8):
        record = play(game, players, [("random", RandomBot)] * players, seed, check="end")
        final = replay(game, players, record.actions)
        assert final.first_player == record.first_player
        assert final.clone().first_player == record.first_player
        firsts.add(record.first_player)
    assert len(firsts) > 1 and firsts <= set(range(players))
