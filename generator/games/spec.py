"""What a game registers: its id, data model, checks, reference implementation and bots."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from generator.checks import Registry
from generator.checks.rulebook import Baseline
from generator.schema import GameData

if TYPE_CHECKING:  # the engine loads when a game is played, not when a deck is checked
    from generator.engine.api import Game
    from generator.engine.pieces import PieceRules
    from generator.engine.playout import BotFactory


def _random_only() -> Mapping[str, BotFactory]:
    from generator.engine.bots import RandomBot

    return {"random": RandomBot}


@dataclass(frozen=True)
class GameSpec:
    id: str
    model: type[GameData]
    checks: Registry
    make_game: Callable[[Any], Game] | None = None  # takes the validated model
    bots: Mapping[str, BotFactory] = field(default_factory=_random_only)
    picture: Callable[[Any], str] | None = None  # final State -> SVG text of the table
    baseline: Baseline | None = None  # the rulebook's numbers and words (its baseline.py)
    pieces: PieceRules | None = None  # what a seat can hold (its pieces.py), for `pieces`

    def __post_init__(self) -> None:
        """A check id names one check of the game: one reused (by the core, the game's own
        checks or its baseline's) is an error at import, not a check silently shadowed."""
        from generator.checks.core import CORE

        seen: dict[str, str] = {}
        for registry in [CORE, *self.registries()]:
            for check in registry:
                if check.id in seen:
                    raise ValueError(f"{self.id}: check id '{check.id}' of {registry.name} "
                                     f"is already a check of {seen[check.id]}")
                seen[check.id] = registry.name

    def registries(self) -> list[Registry]:
        """The game's own checks, then the rulebook-value check of its baseline."""
        return [self.checks] + ([self.baseline.checks] if self.baseline else [])
