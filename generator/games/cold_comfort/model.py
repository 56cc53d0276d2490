"""The YAML model of cold-comfort (one field per component file stem).

Files: ``city-deck.yaml`` (grid, Heart of the City, the 24 city tiles), ``placards.yaml`` and
``hotels.yaml`` (characters and their hotel tiles), ``dice.yaml`` (population dice and the dice table),
``gold.yaml`` (bills, starting gold, conversion), ``table.yaml`` (turn costs, scoring
rounds, fire pawn, start marker, score pad, player aid).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from generator.schema import DieFace, Face, GameData, Model, Piece, PieceFile, PieceFileOf, Slug
from generator.schema.base import empty_list
from generator.schema.colour import Colour
from generator.schema.pieces import GenericFace

Side = Literal["north", "east", "south", "west"]
PUBLIC = "P"  # a square of a public building in a tile layout


class PublicBuilding(Model):
    name: str = Field(min_length=1, max_length=60)


class CityTileFace(Face):
    """One city tile. ``layout`` is a row per grid row, one character per square:
    a digit 1-6 is a vacant lot of that value, ``P`` a square of the public building."""

    layout: list[str] = Field(min_length=1, max_length=10)
    streets: list[Side] = Field(default_factory=empty_list, max_length=4)
    public_building: PublicBuilding | None = None


class Grid(Model):
    columns: int = Field(ge=1, le=6)  # squares across a tile as printed (portrait)
    rows: int = Field(ge=1, le=6)
    square_mm: float = Field(gt=5, le=60)


class HeartOfTheCity(Model):
    main_street_squares: int = Field(ge=1, le=9)
    max_tiles: int = Field(ge=2, le=4)
    dice_per_tile: int = Field(ge=1, le=12)


class CityDeck(PieceFileOf[Any]):
    grid: Grid
    lot_values: list[int] = Field(min_length=1, max_length=12)
    public_building_sizes: list[int] = Field(min_length=1, max_length=4)
    heart_of_the_city: HeartOfTheCity
    pieces: list[Piece[CityTileFace]] = Field(min_length=1)


class PlacardFace(Face):
    colour: Colour
    symbol: Literal["star", "circle", "square", "triangle", "diamond", "cross"]
    letter: str = Field(min_length=1, max_length=2)
    blurb: str = Field(default="", max_length=240)


class HotelFace(Face):
    character: Slug
    size: int = Field(ge=1, le=12)


class Placards(PieceFileOf[Any]):
    pieces: list[Piece[PlacardFace]] = Field(min_length=1)

    def characters(self) -> list[PlacardFace]:
        return [face for piece in self.pieces for face in piece.faces]


class HotelTiles(PieceFileOf[Any]):
    per_character: int = Field(ge=1, le=60)
    pieces: list[Piece[HotelFace]] = Field(min_length=1)


class DiceRow(Model):
    players: int = Field(ge=1, le=8)
    dice: int = Field(ge=1, le=60)
    grow_at: int = Field(ge=1, le=60)


class Dice(PieceFileOf[Any]):
    total: int = Field(ge=1, le=60)
    faces_per_die: int = Field(ge=2, le=20)
    grow_at_is_players_plus: int = Field(ge=0, le=20)
    table: list[DiceRow] = Field(min_length=1)
    pieces: list[Piece[DieFace]] = Field(min_length=1)


class StartingGold(Model):
    first_seat: int = Field(ge=0, le=100)
    per_earlier_seat: int = Field(ge=0, le=20)


class BillFace(Face):
    value: int = Field(ge=1, le=100)


class Gold(PieceFileOf[Any]):
    starting: StartingGold
    supply_per_player: int = Field(ge=1, le=200)
    gold_per_point: int = Field(ge=1, le=100)
    pieces: list[Piece[BillFace]] = Field(min_length=1)


class Costs(Model):
    build_per_value: int = Field(ge=0, le=20)
    build_occupied_per_value: int = Field(ge=0, le=40)
    upgrade_per_step: int = Field(ge=0, le=20)
    downgrade_per_step: int = Field(ge=0, le=20)
    insurance_per_value: int = Field(ge=0, le=20)


class Table(PieceFile):
    scoring_rounds: int = Field(ge=1, le=30)
    points_per_tile: int = Field(ge=0, le=10)
    points_per_public_square: int = Field(ge=0, le=10)
    costs: Costs
    pieces: list[Piece[GenericFace]] = Field(min_length=1)


class ColdComfortData(GameData):
    city_deck: CityDeck
    placards: Placards
    hotels: HotelTiles
    dice: Dice
    gold: Gold
    table: Table

    def tiles(self) -> list[CityTileFace]:
        """The City Deck, one entry per printed tile (counts expanded)."""
        return [face for piece in self.city_deck.pieces for face, _ in piece.copies()]

    def hotel_sizes(self, character: str) -> list[int]:
        return sorted(face.size for piece in self.hotels.pieces for face, _ in piece.copies()
                      if face.character == character)

    def dice_row(self, players: int) -> DiceRow | None:
        return next((r for r in self.dice.table if r.players == players), None)
