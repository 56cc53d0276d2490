"""Every components folder has a registered game and every game is complete."""

from __future__ import annotations

import pytest

from generator.data.components import BUNDLED_COMPONENTS, BUNDLED_TEMPLATES
from generator.games import GAMES


def test_every_components_folder_is_a_registered_game() -> None:
    folders = {p.name for p in BUNDLED_COMPONENTS.iterdir() if p.is_dir()}
    assert folders == set(GAMES)


def test_every_templates_folder_belongs_to_a_game() -> None:
    folders = {p.name for p in BUNDLED_TEMPLATES.iterdir() if p.is_dir()} - {"_shared"}
    assert folders <= set(GAMES)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_game_has_rules_and_the_two_standard_bots(game_id: str) -> None:
    spec = GAMES[game_id]
    assert spec.id == game_id
    assert spec.make_game is not None, f"{game_id} has no reference implementation"
    assert {"random", "greedy"} <= set(spec.bots)
    assert len(list(spec.checks)) >= 3, f"{game_id} checks almost nothing"
