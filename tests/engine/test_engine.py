"""The engine: harness contract checks, playouts, records, the simulate summary."""

from __future__ import annotations

import json
import random

import pytest

from generator.engine.api import TERMINAL
from generator.engine.bots import RandomBot
from generator.engine.harness import ContractError, random_sim
from generator.engine.playout import from_json_action, play, replay
from generator.engine.simulate import run

from .toy.bots import Keeper
from .toy.rules import ToyGame, ToyState

BOTS2 = [("random", RandomBot), ("random", RandomBot)]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(5))
def test_harness_accepts_a_correct_game(players: int, seed: int) -> None:
    final = random_sim(ToyGame(), players, seed)
    assert final.is_terminal()


def test_harness_catches_unsorted_actions() -> None:
    class Unsorted(ToyState):
        def legal_actions(self):  # type: ignore[no-untyped-def]
            return sorted(super().legal_actions(), reverse=True)

    class UnsortedGame(ToyGame):
        def new_initial_state(self, players):  # type: ignore[no-untyped-def]
            return Unsorted([0] * players)

    with pytest.raises(ContractError, match="not sorted"):
        random_sim(UnsortedGame(), 2, 0)


def test_harness_catches_a_game_that_never_ends() -> None:
    class Endless(ToyGame):
        def max_game_length(self, players: int) -> int:
            return 3

    with pytest.raises(ContractError, match="did not end"):
        random_sim(Endless(), 2, 0)


@pytest.mark.parametrize("limit", [0, 3])
def test_a_played_game_stops_at_its_declared_maximum(limit: int) -> None:
    class Endless(ToyGame):
        def max_game_length(self, players: int) -> int:
            return limit

    record = play(Endless(), 2, BOTS2, 0)
    assert len(record.actions) == limit and not record.completed
    assert record.violations == [f"game did not end within its declared maximum of {limit} "
                                 "actions"]
    whole = len(play(ToyGame(), 2, BOTS2, 0).actions)  # a game of exactly its maximum ends
    length = type("Exact", (ToyGame,), {"max_game_length": lambda self, players: whole})
    assert play(length(), 2, BOTS2, 0).completed


def test_harness_catches_a_player_returned_that_current_player_denies() -> None:
    # the play loop trusts the player apply_action returns instead of asking again
    class Teller(ToyState):
        def apply_action(self, action):  # type: ignore[no-untyped-def]
            super().apply_action(action)
            return self.current_player()

    class Liar(ToyState):
        def apply_action(self, action):  # type: ignore[no-untyped-def]
            super().apply_action(action)
            return (self.current_player() + 1) % 2 if not self.is_terminal() else TERMINAL

    for state_type, fine in ((Teller, True), (Liar, False)):
        game = type("G", (ToyGame,), {"new_initial_state":
                                      lambda self, players, t=state_type: t([0] * players)})
        if fine:
            assert random_sim(game(), 2, 0).is_terminal()
            assert play(game(), 2, BOTS2, 0).actions == play(ToyGame(), 2, BOTS2, 0).actions
        else:
            with pytest.raises(ContractError, match="returned"):
                random_sim(game(), 2, 0)


def test_harness_catches_a_game_that_names_no_player_before_the_end() -> None:
    # the play loop stops when a game names no player: that must mean it is over
    class Quitter(ToyState):
        def current_player(self) -> int:
            return TERMINAL if self.turns >= 2 else super().current_player()

    class QuitterGame(ToyGame):
        def new_initial_state(self, players):  # type: ignore[no-untyped-def]
            return Quitter([0] * players)

    with pytest.raises(ContractError, match="names no player"):
        random_sim(QuitterGame(), 2, 0)


def test_harness_catches_a_clone_that_forgets_state() -> None:
    class Forgetful(ToyState):
        def clone(self):  # type: ignore[no-untyped-def]
            return ToyState(list(self.scores), self.seat, 0, self.turns)

    class ForgetfulGame(ToyGame):
        def new_initial_state(self, players):  # type: ignore[no-untyped-def]
            return Forgetful([0] * players)

    with pytest.raises(ContractError, match="clone"):
        random_sim(ForgetfulGame(), 2, 0)


def test_playout_records_broken_invariants() -> None:
    class Cheat(ToyState):
        def invariants(self):  # type: ignore[no-untyped-def]
            return ["always broken"] if self.turns >= 2 else []

    class CheatGame(ToyGame):
        def new_initial_state(self, players):  # type: ignore[no-untyped-def]
            return Cheat([0] * players)

    record = play(CheatGame(), 2, BOTS2, seed=1)
    assert not record.completed
    assert record.violations == ["after action 4: always broken"]


def test_same_seed_same_game_and_replay_reaches_the_same_end() -> None:
    a = play(ToyGame(), 3, BOTS2 + [("random", RandomBot)], seed="s")
    b = play(ToyGame(), 3, BOTS2 + [("random", RandomBot)], seed="s")
    assert a.actions == b.actions and a.completed
    actions = [from_json_action(x) for x in json.loads(json.dumps(a.to_dict()))["actions"]]
    final = replay(ToyGame(), 3, actions)
    assert final.returns() == a.scores


def test_replay_refuses_an_illegal_action() -> None:
    with pytest.raises(ValueError):
        replay(ToyGame(), 2, [4])


def test_simulate_summary_has_the_contract_shape() -> None:
    summary = run(ToyGame(), 2, 50, 7, [("keeper", Keeper), ("random", RandomBot)])
    assert {"game", "players", "games", "seed", "bots", "completed", "violations", "turns",
            "wins_by_seat", "score", "seconds"} <= set(summary)
    assert set(summary["turns"]) == set(summary["score"]) == {"min", "mean", "max"}
    assert summary["completed"] == 50 and summary["violations"] == []
    assert sum(summary["wins_by_seat"]) >= 50
    # keeping every roll beats giving half of them away
    assert summary["wins_by_seat"][0] > summary["wins_by_seat"][1]
    again = run(ToyGame(), 2, 50, 7, [("keeper", Keeper), ("random", RandomBot)])
    assert {**summary, "seconds": 0} == {**again, "seconds": 0}


class _Listed:
    """A position that offers ``actions`` (all a random bot reads)."""

    def __init__(self, actions: list[int]):
        self.actions = actions

    def legal_actions(self) -> list[int]:
        return list(self.actions)

    legal_view = legal_actions


def test_the_random_bot_draws_what_random_choice_draws() -> None:
    # every seeded random game depends on it: the same generator state, the same pick
    bot = RandomBot(1, "pin")
    same = random.Random("random:1:pin")
    for n in [1, 2, 3, 4, 5, 7, 8, 9, 31, 32, 33, 100] * 20:
        actions = list(range(n))
        assert bot.step(_Listed(actions)) == same.choice(actions)  # type: ignore[arg-type]
    with pytest.raises(IndexError):
        bot.step(_Listed([]))  # type: ignore[arg-type]
