"""The YAML model of copper-creek (one field per component file stem).

Structure only: which keys exist and their types. What the rules demand of the values
(24 cards, six gray cards, two-colour pairs, doors on boundaries …) is in ``checks.py``,
so each broken rule is reported with its own id at its own place.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from generator.schema import Face, GameData, GenericFace, Model, Piece, PieceFile, PieceFileOf, Slug
from generator.schema.base import empty_list
from generator.schema.colour import Colour

Edge = Literal["north", "east", "south", "west"]
Square = str  # a square of the card grid, e.g. "a1" (see BuildingsFile.card_grid)


class Door(Model):
    square: Square
    edge: Edge


class Building(Model):
    name: str = Field(min_length=1, max_length=60)
    color: Slug
    points: int = Field(ge=0, le=20)
    squares: list[Square] = Field(min_length=1, max_length=6)
    doors: list[Door] = Field(default_factory=empty_list, max_length=20)
    source: str | None = Field(default=None, max_length=200)


class BuildingCard(Face):
    sand: list[Square] = Field(default_factory=empty_list, max_length=6)
    buildings: list[Building] = Field(min_length=1, max_length=2)


class ColorDef(Model):
    id: Slug
    name: str = Field(min_length=1, max_length=30)
    hex: Colour
    letter: str = Field(max_length=2)
    symbol: Literal["wheel", "horseshoe", "star", "cactus", "diamond", "flame", "pillar"]


class BuildingsFile(PieceFileOf[Any]):
    card_grid: list[list[Square]] = Field(min_length=1, max_length=6)
    colors: list[ColorDef] = Field(min_length=2, max_length=10)
    gray: Slug  # the colour id that counts as "no colour" (rulebook, Definitions)
    pieces: list[Piece[BuildingCard]] = Field(min_length=1)


class Calendar(Model):
    rows: list[Slug] = Field(min_length=1, max_length=10)
    columns: list[str] = Field(min_length=2, max_length=12)


class Election(Model):
    year: int = Field(ge=1800, le=1999)
    column: int = Field(ge=1, le=11)
    stones: int = Field(ge=1, le=10)


class ScoreTrack(Model):
    length: int = Field(ge=10, le=200)
    # "Represent your score with a token on the scoring track": share tokens kept back
    tokens: int = Field(default=1, ge=0, le=3)


class StationFile(PieceFile):
    calendar: Calendar
    elections: list[Election] = Field(min_length=1, max_length=5)
    score_track: ScoreTrack


class Streets(Model):
    front_row: int = Field(ge=-50, le=50)
    main_column: int = Field(ge=-50, le=50)


class StartSlot(Model):
    zone: Literal["north", "southwest", "southeast"]
    square: tuple[int, int]


class TownFile(Model):
    source: str | None = Field(default=None, max_length=300)
    streets: Streets
    start_slots: list[StartSlot] = Field(min_length=1, max_length=6)
    # A contested ruling as a switch (docs/rulings.md): how far from the town a new card
    # may go. one-card: any gap one later card can close; one-alley: touching or one apart.
    placement_reach: Literal["one-card", "one-alley"]


class PlayerColor(Model):
    id: Slug
    name: str = Field(min_length=1, max_length=30)
    hex: Colour
    letter: str = Field(min_length=1, max_length=2)


class TokenFace(Face):
    player: Slug | None = None  # share tokens: whose colour
    color: Slug | None = None  # calendar stones: which building colour


class TokensFile(PieceFileOf[Any]):
    player_colors: list[PlayerColor] = Field(min_length=1, max_length=8)
    pieces: list[Piece[TokenFace]] = Field(min_length=1)


class BillFace(Face):
    value: int = Field(ge=1, le=1000)


class MoneyFile(PieceFileOf[Any]):
    starting_money: int = Field(ge=0, le=1000)
    minimum_price: int = Field(ge=0, le=100)
    pieces: list[Piece[BillFace]] = Field(min_length=1)


class AidFace(GenericFace):
    pass


class AidFile(PieceFileOf[Any]):
    pieces: list[Piece[AidFace]] = Field(min_length=1)


class CopperCreekData(GameData):
    buildings: BuildingsFile
    station: StationFile
    town: TownFile
    tokens: TokensFile
    money: MoneyFile
    aid: AidFile

    # The helpers below are what the rules code and templates read (one place each).
    @property
    def deck(self) -> list[BuildingCard]:
        return self.buildings.pieces[0].faces

    def color(self, color_id: str) -> ColorDef | None:
        return next((c for c in self.buildings.colors if c.id == color_id), None)

    def known_color(self, color_id: str) -> ColorDef:
        """A colour the checks have proved exists (calendar rows, the gray id)."""
        found = self.color(color_id)
        if found is None:
            raise KeyError(f"unknown colour '{color_id}'")
        return found

    def share_piece(self) -> Piece[TokenFace] | None:
        return next((p for p in self.tokens.pieces if p.id == "share-tokens"), None)

    def bank_total(self) -> int:
        return sum(face.value * face.count for p in self.money.pieces for face in p.faces)
