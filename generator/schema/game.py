"""``game.yaml`` and the root model of a whole game tree.

A game tree is one folder: ``game.yaml`` plus the component files it lists. The loader
reads them into one mapping, ``{"game": ..., "<file stem>": ...}``, validated by the game's
own ``GameData`` subclass whose fields are the file stems.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any

from pydantic import Field, StringConstraints, model_validator

from generator.schema.base import EAGER, Model, Slug, empty_dict, empty_list
from generator.schema.pieces import Piece


class Players(Model):
    model_config = EAGER

    min: int = Field(ge=1, le=8)
    max: int = Field(ge=1, le=8)

    @model_validator(mode="after")
    def _ordered(self) -> Players:
        if self.min > self.max:
            raise ValueError(f"min players {self.min} is more than max {self.max}")
        return self


WordKey = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$", max_length=40)]


class Variant(Model):
    """A declared change to the rulebook: its numbers may then differ (as warnings), and
    the printed set says so."""

    model_config = EAGER

    name: str = Field(min_length=1, max_length=60)
    notes: str = Field(default="", max_length=400)


class GameInfo(Model):
    model_config = EAGER

    id: Slug
    rules: Slug | None = None  # a registered game whose model and checks this one uses
    name: str = Field(min_length=1, max_length=80)
    players: Players
    play_time_min: int = Field(ge=1, le=600)
    credits: list[str] = Field(default_factory=empty_list, max_length=40)
    rules_version: str = Field(min_length=1, max_length=80)
    components: list[str] = Field(min_length=1, max_length=50)
    bring: list[str] = Field(default_factory=empty_list, max_length=20)  # "pencil", "two d6" …
    variant: Variant | None = None
    # The language the deck prints (a translation: the rulebook's fixed words may differ)
    language: str = Field(default="en", pattern=r"^[a-z]{2}(-[A-Z]{2})?$")
    # Every word the templates print that a variant or a translation could change; a text
    # may hold {name} fields that the template fills with numbers from the data.
    words: dict[WordKey, str] = Field(default_factory=empty_dict, max_length=300)
    extends: Slug | None = None  # an overlay: the bundled game this folder changes


class GameData(Model):
    """Root of a game's data; subclasses add one field per component file stem."""

    game: GameInfo

    def piece_files(self) -> Iterator[tuple[str, Any]]:
        for name in type(self).model_fields:
            value = getattr(self, name)
            if name != "game" and isinstance(getattr(value, "pieces", None), list):
                yield name, value

    def pieces(self) -> Iterator[tuple[tuple[str | int, ...], Piece[Any]]]:
        """Every printable piece with its source location (file stem, "pieces", index)."""
        for stem, file in self.piece_files():
            for i, piece in enumerate(file.pieces):
                yield (stem, "pieces", i), piece
