"""The bundled games print clean: ``copperplate lint`` finds nothing on A4 and Letter."""

from __future__ import annotations

import pytest

from generator.deck.validate import validate_game
from generator.games import GAMES
from generator.lint import lint_game

pytestmark = pytest.mark.slow  # outside the fast tier (make test-fast)


@pytest.mark.parametrize("layout", [None, "spaced"])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_bundled_game_lints_clean_on_a4_and_letter(game_id, layout):
    loaded = validate_game(GAMES[game_id])
    assert loaded.data is not None
    found = lint_game(loaded, ["a4", "letter"], layout=layout)
    assert [p.format() for p in found] == []
