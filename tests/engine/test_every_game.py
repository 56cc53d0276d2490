"""One test over every registered game (after OpenSpiel's games_sim_test): random playouts
at every player count, any legal sequence (Hypothesis), same seed same game, clone
independence, serialization round trip and a golden playthrough. A game gets all of them
by registering; the toy game (``toy/``, a package in the skeleton the README's "Adding a
game" describes) is registered beside the five to prove it."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.checks import Registry
from generator.data.components import BUNDLED_COMPONENTS
from generator.deck.validate import validate_game
from generator.engine.api import Game
from generator.engine.bots import RandomBot
from generator.engine.harness import random_sim, scores_are_final
from generator.engine.playout import play, replay
from generator.games import GAMES, register
from generator.games.spec import GameSpec
from generator.schema import GameData

from . import toy
from .test_seeded_games import PINNED

TOY = toy.SPEC  # a package made as the README's "Adding a game" says
TABLE = register(*GAMES.values(), TOY)  # a sixth game registers the same way
# the toy's golden playthrough, in PINNED's form (the five games' are in test_seeded_games)
GOLDEN = [*PINNED, ("toy", 3, "random", "pin/0", 24, [10.0, 7.0, 9.0], "b7d0db7758ee1dbc")]
_GAMES: dict[str, Game] = {}


def engine(game_id: str) -> Game:
    """The game's reference rules on its bundled data (the toy has no data)."""
    if game_id not in _GAMES:
        spec = TABLE[game_id]
        assert spec.make_game is not None, f"{game_id} registers no reference rules"
        bundled = (BUNDLED_COMPONENTS / game_id).is_dir()
        data = validate_game(spec).data if bundled else None
        _GAMES[game_id] = spec.make_game(data)
    return _GAMES[game_id]


def counts(game: Game) -> list[int]:
    return list(range(game.min_players, game.max_players + 1))


IDS = [g for g, spec in TABLE.items() if spec.make_game is not None]


def _randoms(players: int) -> list[tuple[str, Any]]:
    return [("random", RandomBot)] * players


@pytest.mark.parametrize("game_id", IDS)
def test_random_playouts_keep_the_contract_at_every_player_count(game_id: str) -> None:
    game = engine(game_id)
    for players in counts(game):
        final = random_sim(game, players, seed=players, deep_every=7)
        assert final.is_terminal()
        scores_are_final(final)
        assert set(final.winners()) <= set(range(players)), final.winners()  # real seats


@pytest.mark.parametrize("game_id", IDS)
def test_any_legal_sequence_keeps_every_invariant(game_id: str) -> None:
    game = engine(game_id)

    @settings(max_examples=6, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example])
    @given(players=st.sampled_from(counts(game)),
           picks=st.lists(st.integers(0, 10_000), max_size=300), seed=st.integers(0, 99))
    def any_sequence(players: int, picks: list[int], seed: int) -> None:
        """The first choices are Hypothesis's (so a failure shrinks to them), the rest a
        seeded random's (a game may be a thousand actions long)."""
        rng = random.Random(seed)
        state = game.new_initial_state(players)
        for step in range(game.max_game_length(players)):
            if state.is_terminal():
                break
            actions = state.legal_actions()
            pick = picks[step] if step < len(picks) else rng.randrange(len(actions))
            state.apply_action(actions[pick % len(actions)])
            assert state.invariants() == []
        assert state.is_terminal()

    any_sequence()


@pytest.mark.parametrize("game_id", IDS)
def test_same_seed_same_game_whatever_the_global_random(game_id: str) -> None:
    game = engine(game_id)
    players = game.min_players
    first = play(game, players, _randoms(players), seed=11, check="end")
    random.seed(999)
    random.random()
    again = play(game, players, _randoms(players), seed=11, check="end")
    assert first.to_dict() == again.to_dict() and first.completed


@pytest.mark.parametrize("game_id", IDS)
def test_a_clone_is_independent_of_its_original(game_id: str) -> None:
    game = engine(game_id)
    record = play(game, game.max_players, _randoms(game.max_players), seed=3, check="end")
    state = replay(game, game.max_players, record.actions[:len(record.actions) // 2])
    before = state.to_dict()
    copy = state.clone()
    for action in record.actions[len(record.actions) // 2:][:20]:
        copy.apply_action(action)
    assert state.to_dict() == before and copy.to_dict() != before


@pytest.mark.parametrize("game_id", IDS)
def test_serialization_round_trips_and_a_record_replays(game_id: str) -> None:
    game = engine(game_id)
    players = game.max_players
    record = play(game, players, _randoms(players), seed=5, check="end")
    state = game.new_initial_state(players)
    for i, action in enumerate(record.actions):
        if i % 17 == 0:
            data = json.loads(json.dumps(state.to_dict()))
            assert game.state_from_dict(data).to_dict() == data
        state.apply_action(action)
    final = replay(game, players, record.actions)
    assert final.returns() == record.scores and final.winners() == record.winners


@pytest.mark.parametrize("game_id", IDS)
def test_every_game_has_a_golden_playthrough(game_id: str) -> None:
    assert any(pin[0] == game_id for pin in GOLDEN), f"{game_id}: pin a seeded game"


@pytest.mark.parametrize("pin", [p for p in GOLDEN if p[0] == "toy"], ids=lambda p: p[0])
def test_the_toy_plays_its_golden_game(pin: tuple[Any, ...]) -> None:
    """The five games' golden games run in test_seeded_games.py; the toy's here."""
    game_id, players, bot, seed, length, scores, digest = pin
    record = play(engine(game_id), players, [(bot, TABLE[game_id].bots[bot])] * players,
                  seed, check="end")
    actions = json.dumps(record.to_dict()["actions"]).encode()
    assert (len(record.actions), record.scores) == (length, scores)
    assert hashlib.sha256(actions).hexdigest()[:16] == digest


def test_a_game_registered_twice_is_an_error() -> None:
    with pytest.raises(ValueError, match="game id 'toy' is registered twice"):
        register(TOY, TOY)


def test_the_toy_gets_every_generic_test() -> None:
    assert "toy" in IDS and set(GAMES) < set(IDS)


def test_a_check_id_reused_is_an_error_at_import() -> None:
    checks = Registry("toy")
    checks.check("unique-piece-ids", cite="a core check's id")(lambda data, report: None)
    with pytest.raises(ValueError, match="check id 'unique-piece-ids' of toy is already a "
                       "check of core"):
        GameSpec(id="toy", model=GameData, checks=checks)


def test_a_baseline_key_no_data_field_holds_is_an_error_at_import() -> None:
    from generator.checks.rulebook import Baseline, Stated
    from generator.games.copperdale.model import CopperdaleData

    good = Stated(("board", "monuments", "@arches", "max_medals"), 4, "four", "MEDALS")
    Baseline("copperdale", CopperdaleData, (good,))
    for path in (("board", "monumentz"), ("board", "monuments", "@arches", "medals"),
                 ("bored", "months")):
        with pytest.raises(ValueError, match="names no field of the game's data"):
            Baseline("copperdale", CopperdaleData, (Stated(path, 4, "four", "MEDALS"),))
