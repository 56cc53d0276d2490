"""A stored, readable game: any rules change that alters play fails here loudly.

Regenerate on purpose with ``COPPERPLATE_UPDATE_GOLDEN=1 pytest tests/games/copperdale``
and read the diff before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

from generator.engine.playout import play
from generator.games.copperdale.bots import GreedyBot

GOLDEN = Path(__file__).parent / "golden" / "greedy-seed-golden-0.log"


def _transcript(game) -> str:  # type: ignore[no-untyped-def]
    record = play(game, 1, [("greedy", GreedyBot)], "golden/0", log=True)
    state = game.new_initial_state(1)
    lines = []
    for action, text in zip(record.actions, record.log, strict=True):
        lines.append(f"[{len(state.legal_actions()):2d} options] {text}")
        state.apply_action(action)
    lines.append(f"medals: {state.medals()} total {record.scores[0]:g}")
    return "\n".join(lines) + "\n"


def test_golden_game_is_unchanged(game) -> None:
    text = _transcript(game)
    if os.environ.get("COPPERPLATE_UPDATE_GOLDEN"):
        GOLDEN.write_text(text)
    assert text == GOLDEN.read_text()
