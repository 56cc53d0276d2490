"""A generic game: a ``game.yaml`` whose id names no registered rules.

Its component files are plain piece files (a face's extra fields go to its templates),
checked by the core checks, composition rules included; it has no reference rules, so
it cannot be simulated.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pydantic import ConfigDict

from generator.checks import Registry
from generator.games.spec import GameSpec
from generator.schema import GameData, PieceFile


class GenericPieceFile(PieceFile):
    """A piece file that may also hold the designer's own tables (``back_colour``, a list
    of suits): templates read them as ``data.<file stem>.<key>``."""

    model_config = ConfigDict(extra="allow")


class GenericGameData(GameData):
    """``game`` plus any number of piece files, each under its file stem."""

    model_config = ConfigDict(extra="allow")
    __pydantic_extra__: dict[str, GenericPieceFile]  # every other file is a piece file

    def piece_files(self) -> Iterator[tuple[str, Any]]:
        yield from (self.model_extra or {}).items()


NO_CHECKS = Registry("generic")


def generic_spec(game_id: str) -> GameSpec:
    return GameSpec(id=game_id, model=GenericGameData, checks=NO_CHECKS, bots={})
