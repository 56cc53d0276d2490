"""Shared set-up for the kings-of-copper tests: the bundled data, the game, and positions
built from small scenarios."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from generator.deck.validate import validate_game
from generator.games.kings_of_copper import SPEC
from generator.games.kings_of_copper.rules import KingsOfCopperGame
from generator.games.kings_of_copper.state import KingsState


@pytest.fixture(scope="session")
def game() -> KingsOfCopperGame:
    loaded = validate_game(SPEC)
    assert loaded.data is not None, [p.format() for p in loaded.problems]
    return KingsOfCopperGame(loaded.data)


def after_setup(game: KingsOfCopperGame, players: int) -> KingsState:
    """Setup with the first outcome of every chance step: P1 starts, chips laid in order;
    P1's first turn has begun (two tokens on the First Square)."""
    st = game.new_initial_state(players)
    while st.s.stage == "setup":
        st.apply_action(st.legal_actions()[0])
    return st


def scenario(game: KingsOfCopperGame, players: int = 2, **table: Any) -> KingsState:
    """A position: after setup, then the given Table fields replaced (tokens, money …)."""
    st = after_setup(game, players)
    for key, value in table.items():
        setattr(st.s, key, value)
    return st


def rolled(st: KingsState, *dice: int) -> KingsState:
    """The seat to move has just rolled ``dice`` and must move."""
    st.s.stage, st.s.roll, st.s.dice, st.s.moved = "move", list(dice), list(dice), []
    return st


@pytest.fixture()
def at(game: KingsOfCopperGame) -> Callable[..., KingsState]:
    """``at(players=2, roll=(a, b), **table)``: a scenario, rolled if ``roll`` is given."""
    def build(players: int = 2, roll: tuple[int, ...] = (), **table: Any) -> KingsState:
        st = scenario(game, players, **table)
        return rolled(st, *roll) if roll else st
    return build


@pytest.fixture()
def on_game() -> Callable[..., KingsState]:
    """``on_game(game, players, **table)``: a scenario on another game's data (a reading
    or a variant)."""
    return scenario
