"""The games written from the docs alone (tests/rulesfile/examples/NAME: a one-page
RULEBOOK.md and its rules.yaml): each validates clean, and plays seeded random games
under the invariant harness, ending as its rulebook says."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.deck.validate import validate_game
from generator.engine.harness import random_sim, scores_are_final
from generator.games import GAMES
from generator.rulesfile.state import RulesState
from rulesfile.starters import compiled

EXAMPLES = Path(__file__).resolve().parent / "examples"
GAMES_EACH = 50
NAMES = ["summit"]  # each a folder of examples/
HEIGHTS = [3, 4, 5, 6, 5, 4, 3]  # Summit Fever's columns, for the sums 2 to 8


@pytest.fixture(scope="module")
def games() -> dict[str, Any]:
    return {name: compiled(EXAMPLES, name) for name in NAMES}


@pytest.mark.parametrize("name", NAMES)
def test_the_example_validates_clean(name: str) -> None:
    assert [p.format() for p in validate_game(GAMES[name], EXAMPLES).problems] == []


def camp(state: RulesState, seat: int) -> list[int]:
    """A seat's camp: how many climbers in each column."""
    return [len(place) for place in state.view()["camp"][seat]]


def summits(state: RulesState, seat: int) -> int:
    return sum(n >= h for n, h in zip(camp(state, seat), HEIGHTS, strict=True))


def summit_fever(state: RulesState, players: int) -> None:
    """No camp climbs past its column's top; a summit is one player's; the game ends on
    three summits (or every column taken) and scores 10 a summit and 1 a climber; no
    climber is left unbanked."""
    for column, height in enumerate(HEIGHTS):
        assert all(camp(state, s)[column] <= height for s in range(players))
        assert sum(camp(state, s)[column] >= height for s in range(players)) <= 1
    held = [summits(state, s) for s in range(players)]
    assert max(held) >= 3 or sum(held) == len(HEIGHTS)
    assert state.returns() == [10.0 * held[s] + sum(camp(state, s)) for s in range(players)]
    assert not any(any(places) for places in state.view()["climb"])


RULEBOOKS = {"summit": summit_fever}


def plays_by_its_rulebook(game: Any, name: str, games: int) -> None:
    """``games`` seeded random games, 2 to 4 players in turn, the harness checking the
    State API's contract (deeply every seventh action); each ends as its rulebook says."""
    for seed in range(games):
        players = 2 + seed % 3
        state = random_sim(game, players, seed, deep_every=7)
        scores_are_final(state)
        RULEBOOKS[name](state, players)


@pytest.mark.parametrize("name", NAMES)
def test_a_few_games_play_by_the_rulebook(games: dict[str, Any], name: str) -> None:
    plays_by_its_rulebook(games[name], name, 6)


@pytest.mark.slow  # a long run: kept out of the fast tier, run by make test
@pytest.mark.parametrize("name", NAMES)
def test_fifty_games_play_by_the_rulebook(games: dict[str, Any], name: str) -> None:
    plays_by_its_rulebook(games[name], name, GAMES_EACH)


def test_a_game_of_ones_own_replayed_without_its_folder_says_to_give_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from generator.cli import main

    record = tmp_path / "run.jsonl"
    assert main(["simulate", "summit", "--components", str(EXAMPLES), "--games", "1",
                 "--players", "2", "--jobs", "1", "--record", str(record)]) == 0
    assert main(["replay", str(record), "--game", "0"]) == 1  # located at its line
    assert "a game of your own: add --components, the folder that holds its folder" in \
        capsys.readouterr().err
    assert main(["replay", str(record), "--game", "0", "--components", str(EXAMPLES)]) == 0
