"""What each seat can see: the information view, determinizations, and the leak test over
every registered game (no bot's decision may depend on what its seat cannot see)."""

from __future__ import annotations

import random
from functools import cache

import pytest

from generator.deck.validate import validate_game
from generator.engine.api import CHANCE, Game, State
from generator.engine.bots import RandomBot
from generator.engine.information import NoHiddenInformation, leak_test
from generator.engine.mcts import mcts_factory
from generator.engine.playout import BotFactory, sample_chance
from generator.games import GAMES


@cache
def _game(game_id: str) -> Game:
    spec = GAMES[game_id]
    data = validate_game(spec).data
    assert spec.make_game is not None and data is not None
    return spec.make_game(data)


def _hidden(game_id: str) -> bool:
    return _game(game_id).new_initial_state(_game(game_id).min_players).hidden_information


def _positions(game_id: str, players: int, count: int) -> list[State]:
    """Decision positions along a random game (every 7th)."""
    game, rng, found = _game(game_id), random.Random(game_id), []
    state = game.new_initial_state(players)
    step = 0
    while not state.is_terminal() and len(found) < count:
        if state.current_player() == CHANCE:
            state.apply_action(sample_chance(state, rng))
            continue
        step += 1
        if step % 7 == 0:
            found.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_determinization_keeps_what_the_seat_saw(game_id: str) -> None:
    players = min(max(2, _game(game_id).min_players), _game(game_id).max_players)
    changed = 0
    for state in _positions(game_id, players, 12):
        seat = state.current_player()
        view = state.information(seat)
        assert hash(view) == hash(state.clone().information(seat))
        for k in range(3):
            world = state.determinize(seat, random.Random(k))
            assert world.information(seat) == view
            assert world.legal_actions() == state.legal_actions()
            assert not world.invariants()
            changed += world != state
            # the same view and the same generator: the same deal
            assert world == state.clone().determinize(seat, random.Random(k))
    if _hidden(game_id):
        assert changed > 0  # the redeal does change hidden things: the test can fail
    else:
        assert changed == 0  # nothing hidden: a determinization is the position itself


def test_the_view_hides_what_a_seat_cannot_see() -> None:
    state = _positions("kings-of-copper", 3, 30)[-1]
    s = state.s  # type: ignore[attr-defined]
    other = (state.current_player() + 1) % 3
    assert any(mine.green for mine in s.mines.values())
    before = state.information(other)
    mine = next(m for m in s.mines.values() if m.green)
    mine.green = next(c for c in state.t.chips if state.t.chips[c].layer == "green"  # type: ignore[attr-defined]
                      and c != mine.green)
    assert state.information(other) == before  # a face-down chip is not in anyone's view
    s.money[0] += 1
    assert state.information(other) != before  # money on the table is


def _bots(game_id: str, *names: str) -> dict[str, BotFactory]:
    """The random bot, the game's own and the general ones named."""
    spec = GAMES[game_id]
    bots: dict[str, BotFactory] = {"random": RandomBot, **spec.bots}
    for name in names:
        factory = mcts_factory(name, spec.bots)
        assert factory is not None
        bots[name] = factory
    return bots


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_bot_decides_on_what_its_seat_cannot_see(game_id: str) -> None:
    game = _game(game_id)
    if not _hidden(game_id):
        with pytest.raises(NoHiddenInformation, match="has no hidden information"):
            leak_test(game, game.min_players, _bots(game_id), guide=RandomBot)
        return
    guide = GAMES[game_id].bots["greedy"]
    for players in (2, 3):
        report = leak_test(game, players, _bots(game_id, "mcts:2"), guide=guide,
                           seed=players, positions=16, every=15)
        assert report.positions == 16 and report.redealt >= 8, report
        assert report.differences == []
    # the search with the game's bot in its playouts (slower: a few positions)
    report = leak_test(game, 2, _bots(game_id, "mcts:2:greedy"), guide=guide, seed=9,
                       positions=3, every=40)
    assert report.positions == 3 and report.differences == []
