"""One stored, readable two-player game (greedy against random): a rules change that
alters play shows up here as a diff of the move-by-move log.

Regenerate on purpose: ``COPPERPLATE_UPDATE_GOLDEN=1 .venv/bin/pytest tests/games/kings_of_copper``
and read the diff before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

from generator.engine.bots import RandomBot
from generator.engine.playout import play
from generator.games.kings_of_copper.bots import GreedyBot

STORED = Path(__file__).parent / "golden" / "greedy-vs-random-seed-7.log"


def test_stored_game_replays_the_same(game) -> None:  # type: ignore[no-untyped-def]
    record = play(game, 2, [("greedy", GreedyBot), ("random", RandomBot)], "golden/7",
                  log=True)
    text = "\n".join(record.log + [f"final wealth: {record.scores}; winners: "
                                   f"{[f'P{s + 1}' for s in record.winners]}"]) + "\n"
    if os.environ.get("COPPERPLATE_UPDATE_GOLDEN"):
        STORED.write_text(text)
    assert record.completed
    assert text == STORED.read_text()
