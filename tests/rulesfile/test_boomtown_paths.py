"""The advanced Boomtown (Terrain Cards) reads its grid over the whole town at once where
it can: the places a roll over places allows (``rollplace`` through ``placepick``), an
aggregate's ``where`` part by part (``cardwhere``; an option read as what is printed on
the cards). Read so, the same games (every legal action, every chance outcome with its
probability) and the same faults at the same lines as read place by place, card by
card."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from generator.engine.api import CHANCE
from generator.rulesfile import cardwhere, rollplace
from generator.rulesfile.game import RulesGame
from generator.rulesfile.rollplace import RollPlace
from rulesfile.test_boomtown_advanced import OFF, ON, SETUP_END, advanced, problems_after


def _slow(monkeypatch: pytest.MonkeyPatch, path: tuple[Any, str] = (rollplace, "place_picker")
          ) -> None:
    """Compile without a fast path (by default: every roll over places read place by
    place)."""
    monkeypatch.setattr(*path, lambda *args: None)


def _rolls(game: RulesGame, players: int) -> list[RollPlace]:
    return [ins for block in game.program(players).blocks for ins in block
            if isinstance(ins, RollPlace)]


def _played(game: RulesGame, players: int, seed: int) -> list[Any]:
    """Every list of legal actions (and chance outcomes) of a seeded random game, its
    scores last."""
    rng, state, seen = random.Random(seed), game.new_initial_state(players), []
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            seen.append(outcomes)
            state.apply_action(rng.choice(outcomes)[0])
        else:
            seen.append(state.legal_actions())
            state.apply_action(rng.choice(seen[-1]))
    return seen + [state.returns()]


@pytest.mark.parametrize("path", [(rollplace, "place_picker"), (cardwhere, "where_kept")])
def test_the_advanced_game_plays_the_same_read_either_way(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, path: tuple[Any, str]) -> None:
    games = []
    for slow in (False, True):
        if slow:
            _slow(monkeypatch, path)
        game = advanced(tmp_path / str(slow))  # compiled for each count as it is played
        for players in (2, 3, 4):
            rolls = [r.whole is None for r in _rolls(game, players)]
            assert rolls == [slow and path[0] is rollplace]
        games.append([_played(game, n, seed) for n in (2, 3, 4) for seed in range(3)])
    assert games[0] == games[1]


MOOD = {"vars:": "vars:\n  mood: {start: calm}"}
FAULTY = [  # a roll's where that fails in play (a place's row compared with a word) ...
    "{and: [{eq: [{count: {cell: town}}, 0]}, {ge: [{row: town}, {var: mood}]}]}",
    "{eq: [{count: {cell: town}, where: {eq: [{field: suit}, {item: [{var: mood}, 0]}]}}, 0]}",
    "{and: [{ge: [{column: town}, 2]}, {eq: [{count: {cell: town}}, 0]}]}",
]  # ... and one that plays clean


@pytest.mark.parametrize("where", FAULTY)
def test_a_roll_over_places_fails_the_same_read_either_way(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str) -> None:
    edits = {**MOOD, OFF: ON, SETUP_END: SETUP_END + f"\n  - {{roll: spot, places: town, "
                                                      f"where: {where}}}"}
    fast = [(p.rule, p.line, p.message) for p in problems_after(tmp_path / "fast", edits)]
    _slow(monkeypatch)
    slow = [(p.rule, p.line, p.message) for p in problems_after(tmp_path / "slow", edits)]
    assert fast == slow
    assert ("rules-play" in {rule for rule, _, _ in fast}) is (where != FAULTY[-1])
