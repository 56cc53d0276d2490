"""The YAML model of Copperdale: ``game.yaml``, ``board.yaml`` (the sheet) and ``deck.yaml``.

Field names of ``CopperdaleData`` are the component file stems. Structural rules live
here; every rule that relates one part of the data to another is a named check.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from generator.schema import Face, GameData, Model, Piece, PieceFile, PieceFileOf, Slug
from generator.schema.colour import Colour

SkillId = Literal["merchants", "philosophers", "surveyors", "masons", "farmers", "artisans",
                  "diplomats"]
# What an end bonus counts (rulebook, Ending the Game); the rules code knows each one.
Measure = Literal["masons-estates", "prosperity-levels", "completed-districts",
                  "full-population-suits", "full-border-suits",
                  "unique-population-suits", "unique-border-suits"]
# The readings of "each unique ... Suit filled in" (a contested ruling, docs/rulings.md).
Reading = Literal["any-space", "full-suit"]


class Suit(Model):
    id: Slug
    name: str = Field(min_length=1, max_length=20)
    letter: str = Field(min_length=1, max_length=1)
    color: Colour


class Rank(Model):
    id: Slug
    label: str = Field(min_length=1, max_length=2)
    name: str = Field(min_length=1, max_length=20)
    value: int | None = Field(default=None, ge=1, le=20)
    face_card: bool = False


class CardFace(Face):
    suit: Slug
    rank: Slug


class DeckFile(PieceFileOf[Any]):
    suits: list[Suit] = Field(min_length=1, max_length=8)
    ranks: list[Rank] = Field(min_length=1, max_length=20)
    face_card_base: int = Field(ge=0, le=20)
    pieces: list[Piece[CardFace]] = Field(min_length=1)


class Segment(Model):
    id: Literal["economy", "infrastructure", "growth"]
    number: int = Field(ge=1, le=3)
    name: str


class Occupation(Model):
    id: SkillId  # an occupation is named after, and unlocks, its skill
    name: str = Field(min_length=1, max_length=20)
    skill: str = Field(min_length=1, max_length=80)  # the short text printed on the sheet


class Merchants(Model):
    prosperity_bonus: int = Field(ge=0, le=200)


class Philosophers(Model):
    redraws_per_month: int = Field(ge=0, le=3)


class Surveyors(Model):
    border_spaces: int = Field(ge=1, le=5)


class Masons(Model):
    medals: int = Field(ge=0, le=5)


class Farmers(Model):
    population_spaces: int = Field(ge=1, le=5)


class Artisans(Model):
    monument_spaces: int = Field(ge=1, le=8)


class Diplomats(Model):
    face_cards_match: bool


class Skills(Model):
    merchants: Merchants
    philosophers: Philosophers
    surveyors: Surveyors
    masons: Masons
    farmers: Farmers
    artisans: Artisans
    diplomats: Diplomats


class Districts(Model):
    count: int = Field(ge=1, le=12)
    spaces: int = Field(ge=2, le=4)


class Estate(Model):
    id: Slug
    suits: list[Slug] = Field(min_length=1, max_length=4)


class Monument(Model):
    id: Slug
    name: str = Field(min_length=1, max_length=20)
    suits: list[Slug] = Field(min_length=1, max_length=8)
    bonus: Measure
    max_medals: int = Field(ge=0, le=10)
    text: str = Field(default="", max_length=60)
    # the words for each reading; the sheet prints the one the switch names
    text_by_reading: dict[Reading, Annotated[str, Field(max_length=60)]] | None = None


class MedalSource(Model):
    id: Slug
    name: str = Field(min_length=1, max_length=20)
    counts: Measure
    max_medals: int = Field(ge=0, le=10)
    text: str = Field(max_length=60)


class Rating(Model):
    up_to: int = Field(ge=0, le=100)
    text: str = Field(max_length=60)


class BoardFile(PieceFile):
    months: int = Field(ge=1, le=52)
    border_deck: int = Field(ge=0, le=52)
    segments: list[Segment] = Field(min_length=1, max_length=3)
    occupation_spaces: int = Field(ge=2, le=4)
    occupations: list[Occupation] = Field(min_length=1, max_length=12)
    skills: Skills
    prosperity_levels: list[int] = Field(min_length=1, max_length=8)
    infrastructure_fills: int = Field(ge=1, le=3)
    districts: Districts
    estates: list[Estate] = Field(min_length=1, max_length=12)
    monuments: list[Monument] = Field(min_length=1, max_length=8)
    monument_spaces: int = Field(ge=1, le=8)
    # A contested ruling as a switch (docs/rulings.md): when a suit counts as "filled in"
    # for the unique-*-suits bonuses (Statues, Gardens): one space of it, or all of them.
    unique_suit_filled_in: Reading
    population: dict[Slug, int]
    borders: dict[Slug, int]
    medals: list[MedalSource] = Field(min_length=1, max_length=12)
    medal_total: int = Field(ge=1, le=200)
    ratings: list[Rating] = Field(min_length=1, max_length=8)
    turn_summary: list[str] = Field(min_length=1, max_length=8)

    @model_validator(mode="after")
    def _words_of_the_reading(self) -> BoardFile:
        """A monument worded per reading prints the words of the chosen one, so flipping
        ``unique_suit_filled_in`` changes the sheet with no other edit."""
        for monument in self.monuments:  # missing words: check `monument-words`
            if monument.text_by_reading is not None:
                monument.text = monument.text_by_reading.get(self.unique_suit_filled_in, "")
        return self


class CopperdaleData(GameData):
    board: BoardFile
    deck: DeckFile
