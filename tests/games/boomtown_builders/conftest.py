"""Fixtures for Boomtown Builders: the bundled game, scenarios set up from a few lines,
and a copy of the component tree to break."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import gametree
import pytest
from gametree import copy_game

from generator.deck.validate import validate_game
from generator.files.problems import Problem
from generator.games.boomtown_builders import SPEC
from generator.games.boomtown_builders.rules import BoomtownGame, BoomtownState
from generator.games.boomtown_builders.town import BUILDING, TERRAIN, Lot

GAME_ID = "boomtown-builders"


@pytest.fixture(scope="session")
def data():  # type: ignore[no-untyped-def]
    loaded = validate_game(SPEC)
    assert loaded.data is not None, [p.format() for p in loaded.problems]
    return loaded.data


@pytest.fixture(scope="session")
def game(data) -> BoomtownGame:  # type: ignore[no-untyped-def]
    return BoomtownGame(data)


@pytest.fixture(scope="session")
def basic_game(data) -> BoomtownGame:  # type: ignore[no-untyped-def]
    return BoomtownGame(data, terrain=False)


Scenario = Callable[..., BoomtownState]


@pytest.fixture
def scenario(basic_game: BoomtownGame) -> Scenario:
    """A position from plain lists, rows and columns counted from 1 as on the board:
    ``buildings=[(row, col, card, seat, size)]``, ``tokens=[col of row 1, …]``,
    ``terrain=[(row, col, kind)]``, ``hideouts=[(row, col, card or "")]``."""

    def make(players: int = 4, *, buildings=(), tokens=(), terrain=(), hideouts=None,
             phase: str = "over", seat: int = 0) -> BoomtownState:  # type: ignore[no-untyped-def]
        state = basic_game.new_initial_state(players)
        b, cols = state.b, basic_game.tables.columns
        if hideouts is not None:
            b.lots = [Lot() for _ in b.lots]
            for r, c, card in hideouts:
                b.lots[(r - 1) * cols + c - 1] = Lot("hideout", card)
        for r, c, kind in terrain:
            b.lots[(r - 1) * cols + c - 1] = Lot(TERRAIN, kind)
        for r, c, card, owner, size in buildings:
            b.lots[(r - 1) * cols + c - 1] = Lot(BUILDING, card, owner, size, 0)
            b.deck[card] -= 1
            b.cubes[owner][size] -= 1
        b.tokens = [c - 1 for c in tokens]
        b.phase, b.seat = phase, seat
        return state

    return make


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A copy of the bundled components of this game, to edit."""
    copy_game(GAME_ID, tmp_path)
    return tmp_path


def edit(tree: Path, name: str, old: str, new: str) -> None:
    gametree.edit(tree / GAME_ID / name, old, new)


def problems(tree: Path) -> list[Problem]:
    return validate_game(SPEC, tree).problems


@pytest.fixture
def broken(tree: Path) -> Callable[..., list[tuple[str, int, int, str]]]:
    """Apply text edits to the copied tree; return (file, line, col, rule) of each problem."""

    def run(*edits: tuple[str, str, str]) -> list[tuple[str, int, int, str]]:
        for name, old, new in edits:
            edit(tree, name, old, new)
        return [(Path(p.path).name, p.line, p.col, p.rule) for p in problems(tree)]

    return run
