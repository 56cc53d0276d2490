"""Copperdale test helpers: the bundled game, cards by name, positions from small dicts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from gametree import copy_game, edit

from generator.deck.validate import validate_game
from generator.games.copperdale import SPEC
from generator.games.copperdale.rules import CopperdaleGame, CopperdaleState


@pytest.fixture(scope="session")
def game() -> CopperdaleGame:
    loaded = validate_game(SPEC)
    assert loaded.data is not None, [p.format() for p in loaded.problems]
    return CopperdaleGame(loaded.data)


class Kit:
    """Helpers bound to the bundled game (pytest's importlib mode cannot import conftest)."""

    def __init__(self, game: CopperdaleGame):
        self.game = game

    def card(self, name: str) -> int:
        return card(self.game, name)

    def position(self, todo: list[tuple[Any, ...]], **fields: Any) -> CopperdaleState:
        return position(self.game, todo, **fields)

    def skills(self, *names: str) -> list[list[int]]:
        return skills(self.game, *names)


@pytest.fixture(scope="session")
def kit(game: CopperdaleGame) -> Kit:
    return Kit(game)


def card(game: CopperdaleGame, name: str) -> int:
    """'Q-hearts', '10-spades', 'A-clubs' -> the card's number."""
    rank, suit = name.lower().split("-")
    return game.tables.card_name.index(f"{RANK_NAMES.get(rank, rank)} of {suit.title()}")


RANK_NAMES = {"a": "Ace", "j": "Jack", "q": "Queen", "k": "King"}
SUITS = {"spades": 0, "hearts": 1, "diamonds": 2, "clubs": 3}


def position(game: CopperdaleGame, todo: list[tuple[Any, ...]], **fields: Any) -> CopperdaleState:
    """A position from a small dict: named fields replace the start of month 1; cards
    named in ``border``/``assigned`` leave the unseen pool so the cards stay conserved."""
    data = game.new_initial_state().to_dict()
    data.update(fields)
    data["todo"] = [list(task) for task in todo]
    for c in [data["border"], *data["assigned"]]:
        if c is not None and c in data["unseen"]:
            data["unseen"].remove(c)
            data["main_fresh"] -= c != data["border"]
    return game.state_from_dict(data)


def skills(game: CopperdaleGame, *names: str) -> list[list[int]]:
    """Occupation spaces with the named skills unlocked (written 1 then 2)."""
    return [[1, 2] if occ in names else [] for occ in game.tables.skill_index]


@pytest.fixture
def broken_tree(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Copy the bundled tree, replace one text in one file, validate: (problems, text)."""
    def run(file: str, old: str, new: str) -> tuple[list[Any], str]:
        text, _ = edit(copy_game("copperdale", tmp_path) / file, old, new)
        return validate_game(SPEC, tmp_path).problems, text
    return run
