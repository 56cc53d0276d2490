"""What a game registers: its id, data model, checks, reference implementation and bots.

A bundled game names its playing parts (reference rules, bots, picture, pieces) by where
they live (``Later``, ``Bots``): they are imported the first time they are used, so a
command that only checks or draws a deck never loads the engine, the bots or the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the engine loads when a game is played, not when a deck is checked;
    # the schema and the checks when a deck is read, not when a memo answers for it
    from generator.checks import Registry
    from generator.checks.rulebook import Baseline
    from generator.engine.api import Game
    from generator.engine.pieces import PieceRules
    from generator.engine.playout import BotFactory
    from generator.schema import GameData


def _named(where: str) -> Any:
    """The object ``where`` names, ``"package.module:NAME"``."""
    module, _, name = where.partition(":")
    return getattr(import_module(module), name)


RANDOM_BOT = "generator.engine.bots:RandomBot"


class Later:
    """A function, class or object named by where it lives (``"package.module:NAME"``),
    imported the first time it is called or one of its attributes is read; calls and
    attributes go to it from then on."""

    def __init__(self, where: str) -> None:
        self.where = where
        self._found: Any = None

    def get(self) -> Any:
        if self._found is None:
            self._found = _named(self.where)
        return self._found

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.get()(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:  # only names the instance lacks come here
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.get(), name)

    def __reduce__(self) -> tuple[type[Later], tuple[str]]:  # a worker imports it itself
        return (Later, (self.where,))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Later) and other.where == self.where

    def __hash__(self) -> int:
        return hash(self.where)

    def __repr__(self) -> str:
        return f"Later({self.where!r})"


def later(where: str) -> Any:
    """A ``Later`` for a field of ``GameSpec``: it stands in for the function, class or
    object it names (typed as what it names)."""
    return Later(where)


class Bots(Mapping[str, "BotFactory"]):
    """Bot name -> its class, each named by where it lives and imported when asked for:
    the names are known (for help and usage errors) without importing any bot."""

    def __init__(self, **where: str) -> None:
        self.where = where

    def __getitem__(self, name: str) -> BotFactory:
        return _named(self.where[name])

    def __iter__(self) -> Iterator[str]:
        return iter(self.where)

    def __len__(self) -> int:
        return len(self.where)


def _random_only() -> Mapping[str, BotFactory]:
    return Bots(random=RANDOM_BOT)


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
