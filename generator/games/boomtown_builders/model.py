"""The YAML model of boomtown-builders (one field per component file stem).

Rows and columns are counted from 1 in the YAML (the way a player reads the board);
the rules code converts them to 0-based indexes in one place (``Spot.index``).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from generator.schema import Face, GameData, Model, Piece, PieceFile, PieceFileOf, Slug
from generator.schema.base import empty_list
from generator.schema.colour import Colour

Direction = Literal["left", "right"]
PlayerCounts = list[int]


class ForPlayers(Model):
    """A number that depends on the player count: ``{players: [2, 3], cards: 4}``."""

    players: PlayerCounts = Field(min_length=1, max_length=8)
    cards: int = Field(ge=0, le=100)


def for_players(table: list[ForPlayers], players: int) -> int | None:
    """The entry of ``table`` that names ``players`` (None: the table has no such entry)."""
    for entry in table:
        if players in entry.players:
            return entry.cards
    return None


def player_counts(data: BoomtownBuildersData) -> range:
    """Every player count the game is for."""
    return range(data.game.players.min, data.game.players.max + 1)


class Spot(Model):
    row: int = Field(ge=1, le=50)
    column: int = Field(ge=1, le=50)

    @property
    def index(self) -> tuple[int, int]:
        return (self.row - 1, self.column - 1)


class PrintedVote(Spot):
    direction: Direction
    arrows: int = Field(ge=1, le=5)


class RoundSetup(Model):
    """Where the Track Tokens sit on the Round Track for some player counts."""

    players: PlayerCounts = Field(min_length=1, max_length=8)
    start: int = Field(ge=1, le=50)  # the Round Marker's first space
    stack_space: int = Field(ge=1, le=50)  # the final round's stack of tokens
    stack: int = Field(ge=1, le=20)

    def tokens_by_round(self) -> list[int]:
        """Tokens placed at the end of each round: one per space, then the stack."""
        return [1] * (self.stack_space - self.start - 1) + [self.stack]


class RoundTrack(Model):
    spaces: int = Field(ge=2, le=50)
    setups: list[RoundSetup] = Field(min_length=1, max_length=8)

    def setup_for(self, players: int) -> RoundSetup | None:
        return next((s for s in self.setups if players in s.players), None)

    def known_setup_for(self, players: int) -> RoundSetup:
        """The set-up for a player count the checks have proved the track covers."""
        found = self.setup_for(players)
        if found is None:
            raise KeyError(f"no round track set-up for {players} players")
        return found


class ScoringTrack(Model):
    spaces: int = Field(ge=1, le=100)


Role = Literal["board", "board-section", "track-token", "start-player", "round-marker",
               "train-marker"]


class BoardFace(Face):
    role: Role
    # a board section: the first and last row and column of the town it holds
    rows: tuple[int, int] | None = None
    columns: tuple[int, int] | None = None


class BoardFile(PieceFileOf[Any]):
    rows: int = Field(ge=1, le=50)
    columns: int = Field(ge=1, le=50)
    hideout_spaces: list[Spot] = Field(default_factory=empty_list, max_length=100)
    printed_votes: list[PrintedVote] = Field(default_factory=empty_list, max_length=500)
    round_track: RoundTrack
    scoring_track: ScoringTrack
    pieces: list[Piece[BoardFace]] = Field(min_length=1)

    def faces_with_role(self, role: str) -> int:
        return sum(f.count for p in self.pieces for f in p.faces if f.role == role)


class VotingFace(Face):
    """A card that votes where the row's Track Token goes (building or hideout)."""

    left: int = Field(default=0, ge=0, le=5)
    right: int = Field(default=0, ge=0, le=5)
    plus: int = Field(default=0, ge=0, le=5)

    @property
    def direction(self) -> int:
        """-1 votes left, +1 votes right, 0 no vote."""
        return (self.right > 0) - (self.left > 0)


class BuildingFace(VotingFace):
    points: list[int] = Field(min_length=1, max_length=50)

    def points_at(self, distance: int) -> int:
        return self.points[distance] if distance < len(self.points) else 0


class BuildingFile(PieceFileOf[Any]):
    draft: list[ForPlayers] = Field(min_length=1, max_length=8)
    pieces: list[Piece[BuildingFace]] = Field(min_length=1)


class HideoutFile(PieceFileOf[Any]):
    pieces: list[Piece[VotingFace]] = Field(min_length=1)


TerrainKind = Literal["mountain", "lake", "goldmine", "hideout"]


class TerrainFace(Face):
    terrain: TerrainKind
    arrow: Direction | None = None  # printed on Mountains only


class TerrainFile(PieceFileOf[Any]):
    enabled: bool = True
    placed: list[ForPlayers] = Field(min_length=1, max_length=8)
    goldmine_bonus: int = Field(ge=0, le=20)
    pieces: list[Piece[TerrainFace]] = Field(min_length=1)


class Color(Model):
    id: Slug
    name: str = Field(min_length=1, max_length=40)
    hex: Colour
    symbol: Literal["star", "diamond", "triangle", "square", "circle", "cross"]


class CubeSize(Model):
    id: Slug
    name: str = Field(min_length=1, max_length=40)
    multiplier: int = Field(ge=1, le=10)
    per_player: int = Field(ge=0, le=50)
    rows_ahead: int = Field(ge=1, le=50)  # least rows ahead of the furthest token


class InvestmentFace(Face):
    color: Slug
    size: Slug


class InvestmentFile(PieceFileOf[Any]):
    colors: list[Color] = Field(min_length=1, max_length=8)
    sizes: list[CubeSize] = Field(min_length=1, max_length=8)
    pieces: list[Piece[InvestmentFace]] = Field(min_length=1)


class HouseRuling(Model):
    """A ruling the table needs that the rulebook leaves open (docs/rulings.md), printed
    on the back of the player aid."""

    title: str = Field(min_length=1, max_length=40)
    text: str = Field(min_length=1, max_length=400)


class AidFile(PieceFile):
    house_rulings: list[HouseRuling] = Field(default_factory=empty_list, max_length=8)


class BoomtownBuildersData(GameData):
    board: BoardFile
    buildings: BuildingFile
    hideouts: HideoutFile
    terrain: TerrainFile
    investments: InvestmentFile
    aids: AidFile

    def building_faces(self) -> list[BuildingFace]:
        return [f for p in self.buildings.pieces for f in p.faces]

    def hideout_faces(self) -> list[VotingFace]:
        return [f for p in self.hideouts.pieces for f in p.faces]

    def terrain_faces(self) -> list[TerrainFace]:
        return [f for p in self.terrain.pieces for f in p.faces]
