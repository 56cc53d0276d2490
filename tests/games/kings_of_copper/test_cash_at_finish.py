"""The cash-at-Finish reading as a named option (issue 12, "contested rulings become
switches"; rulings 16 and 17). ``cash_at_finish: any-chip`` (the ruling) cashes blue and
green chips at Finish; ``blue-only`` reads "cash in any mining chips" literally: only the
blue Mining chips, green ones wait for a Character card."""

from __future__ import annotations

from pathlib import Path

import pytest
from gametree import copy_game, edit

from generator.deck.validate import validate_game
from generator.engine.bots import RandomBot
from generator.engine.playout import play
from generator.games.kings_of_copper import SPEC
from generator.games.kings_of_copper.bots import GreedyBot
from generator.games.kings_of_copper.rules import KingsOfCopperGame

S = "start"
F = "finish"
GAME = "kings-of-copper"


def _game_reading(tmp_path: Path, reading: str) -> KingsOfCopperGame:
    tree = copy_game(GAME, tmp_path)
    edit(tree / "rules.yaml", "cash_at_finish: any-chip", f"cash_at_finish: {reading}")
    loaded = validate_game(SPEC, tmp_path)
    assert loaded.data is not None and not loaded.problems, loaded.problems
    return KingsOfCopperGame(loaded.data)


def _green_cashed_at_finish(game: KingsOfCopperGame, seeds: range) -> tuple[int, int]:
    """(green, blue) chips players chose to cash at Finish over seeded greedy games."""
    green = blue = 0
    for seed in seeds:
        record = play(game, 3, [("greedy", GreedyBot), ("random", RandomBot),
                                ("random", RandomBot)], f"reading/{seed}", check="end")
        assert record.completed
        for action in record.actions:
            if isinstance(action, tuple) and action[0] == "cash":
                layer = game.tables.chips[action[1]].layer
                green += layer == "green"
                blue += layer == "blue"
    return green, blue


def test_the_default_reading_is_the_ruling(game) -> None:  # type: ignore[no-untyped-def]
    assert game.tables.rules.cash_at_finish == "any-chip"


def test_blue_only_keeps_green_chips_off_the_finish_in_play(tmp_path: Path, game) -> None:  # type: ignore[no-untyped-def]
    seeds = range(12)
    green, blue = _green_cashed_at_finish(game, seeds)
    assert green > 0 and blue > 0  # the ruling: both layers are cashed at Finish
    green, blue = _green_cashed_at_finish(_game_reading(tmp_path, "blue-only"), seeds)
    assert green == 0 and blue > 0


@pytest.mark.parametrize("reading, offered", [
    ("any-chip", [("cash", "copper-ore"), ("cash", "malachite"), ("keep", "rest")]),
    ("blue-only", [("cash", "copper-ore"), ("keep", "rest")]),
])
def test_each_reading_offers_its_chips_at_finish(tmp_path: Path, on_game, reading: str,  # type: ignore[no-untyped-def]
                                                 offered: list[tuple[str, str]]) -> None:
    st = on_game(_game_reading(tmp_path, reading), tokens=[["rung-red-4", "t22", S, S], [S] * 4],
                  hands=[["copper-ore", "malachite"], []])
    st.s.stage, st.s.roll, st.s.dice = "move", [1, 4], [1, 4]
    st.apply_action(("die", 1, 0, F))
    assert st.legal_actions() == offered
