"""Shared fixtures: the bundled game, and positions set up from small scenarios."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from gametree import copy_game, edit

from generator.deck.validate import validate_game
from generator.files.problems import Problem
from generator.games.copper_creek import SPEC
from generator.games.copper_creek.rules import CopperCreekGame, CopperCreekState


@pytest.fixture(scope="session")
def game() -> CopperCreekGame:
    loaded = validate_game(SPEC)
    assert loaded.data is not None, loaded.problems
    return CopperCreekGame(loaded.data)


def card_index(game: CopperCreekGame, card_id: str) -> int:
    return next(i for i, c in enumerate(game.tables.cards) if c.id == card_id)


def gid_of(game: CopperCreekGame, name: str) -> int:
    return next(b.gid for b in game.tables.buildings if b.name == name)


def scenario(game: CopperCreekGame, spec: dict[str, Any]) -> CopperCreekState:
    """A position from a small dict: cards on the table ``[(card id, x, y, rotation)]``,
    stacks ``{building name: [seats, bottom first]}``, ``players``, ``phase``, ``active``,
    ``money``. The cards left go to the main pile; the gray pile is empty."""
    state = game.new_initial_state(spec.get("players", 3))
    for card_id, x, y, rot in spec["cards"]:
        state.build(card_index(game, card_id), x, y, rot)
    placed = {card for card, *_ in state.placed}
    state.gray_pile = []
    state.main_pile = [i for i in range(len(game.tables.cards)) if i not in placed]
    for name, seats in spec.get("stacks", {}).items():
        state.stacks[gid_of(game, name)] = list(seats)
        state.shares_bought += len(seats)
        for seat in seats:
            state.chips[seat] += 1
    state.phase = spec.get("phase", "draw")
    state.active = spec.get("active", 0)
    state.turn = spec.get("turn", 9)
    state.cards_seen = len(state.placed)
    if "money" in spec:
        state.bank += sum(state.money) - sum(spec["money"])
        state.money = list(spec["money"])
    return state


@pytest.fixture
def broken_tree(tmp_path: Path) -> Callable[[str, str, str, str], list[Problem]]:
    """``broken_tree(file, after, old, new)``: in a copy of the bundled tree, replace the
    first ``old`` that follows the text ``after`` by ``new``; validate; return problems."""
    folder = copy_game("copper-creek", tmp_path)

    def run(file: str, after: str, old: str, new: str) -> list[Problem]:
        edit(folder / file, old, new, after=after)
        return validate_game(SPEC, tmp_path).problems

    return run
