"""What the Copperdale player holds: the skills of the Occupations it has unlocked. A solo
game has no other seat to hold a skill against, so a skill's effect is the medals of the
games that unlocked it less those of the games that did not."""

from __future__ import annotations

from typing import Any

from generator.engine.api import State
from generator.engine.pieces import PieceRules
from generator.games.copperdale.state import CopperdalePosition


def catalogue(data: Any) -> list[tuple[str, str]]:
    return [(o.id, o.name) for o in data.board.occupations]


def holdings(state: State) -> list[frozenset[str]]:
    assert isinstance(state, CopperdalePosition)
    return [frozenset(skill for skill, i in state.t.skill_index.items() if state.skill(i))]


PIECES = PieceRules(catalogue, holdings)
