"""What the rules read from the validated data, precomputed once per Game.

Every number the rules use comes from here (and so from the YAML): card shapes in all
four rotations, building colours and points, calendar, elections, money and tokens.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.games.copper_creek.geometry import card_shape, grid_positions, rotations
from generator.games.copper_creek.model import BuildingCard, CopperCreekData
from generator.games.copper_creek.rotation import Rotation, rotation_of

GRAY = -1  # colour index of gray buildings: "treated as having no color"


@dataclass(frozen=True)
class BuildingInfo:
    gid: int
    card: int
    name: str
    color: int  # calendar row index, or GRAY
    points: int


@dataclass(frozen=True)
class CardInfo:
    id: str
    gids: tuple[int, ...]
    colors: tuple[int, ...]  # calendar rows it advances, top row first
    gray: bool
    rotations: tuple[Rotation, ...]


@dataclass(frozen=True)
class Election:
    year: int
    column: int
    stones: int


class Tables:
    def __init__(self, data: CopperCreekData):
        self.data = data  # the validated data the tables were built from (for pictures)
        rows = data.station.calendar.rows
        self.row_names = list(rows)
        self.row_letters = [data.known_color(r).letter for r in rows]
        self.last_column = len(data.station.calendar.columns) - 1
        self.column_names = list(data.station.calendar.columns)
        self.elections = [Election(e.year, e.column, e.stones) for e in data.station.elections]
        self.buildings: list[BuildingInfo] = []
        self.cards: list[CardInfo] = []
        grid = grid_positions(data.buildings.card_grid)
        gray = data.buildings.gray
        for face, _ in data.buildings.pieces[0].copies():
            self._add_card(face, grid, rows, gray)
        self.color_of = [b.color for b in self.buildings]
        self.points = [b.points for b in self.buildings]
        self.gray_gids = {b.gid for b in self.buildings if b.color == GRAY}
        self.gray_cards = sorted(i for i, c in enumerate(self.cards) if c.gray)
        self.other_cards = sorted(i for i, c in enumerate(self.cards) if not c.gray)
        self.start_slots = [(s.zone, s.square) for s in data.town.start_slots]
        self.front_row = data.town.streets.front_row
        self.main_column = data.town.streets.main_column
        self.reach = self._reach(data.town.placement_reach)
        self.starting_money = data.money.starting_money
        self.minimum_price = data.money.minimum_price
        self.money_total = data.bank_total()
        share = data.share_piece()
        self.tokens = [f.count for f in share.faces] if share else []
        self.score_tokens = data.station.score_track.tokens  # kept back, never a share
        self.player_letters = {c.id: c.letter for c in data.tokens.player_colors}
        self.seat_letters = [self.player_letters.get(f.player or "", "?")
                             for f in (share.faces if share else [])]
        # Turns with no income: the first (no draw) plus one per gray card left to draw.
        self.quiet_turns = 1 + len(self.gray_cards) - len(self.start_slots)

    def _reach(self, reading: str) -> int:
        """Empty squares allowed between a new card and the town's box. A gap one later
        card can close matters (it may join the two), so "one-card" reaches as far as
        the longest card side; a wider gap needs two or more later cards (ruling)."""
        if reading == "one-alley":
            return 1
        return max(max(r.width, r.height) for c in self.cards for r in c.rotations)

    def _add_card(self, face: BuildingCard, grid: dict[str, tuple[int, int]], rows: list[str],
                  gray: str) -> None:
        index = len(self.cards)
        gids = []
        for b in face.buildings:
            gid = len(self.buildings)
            color = GRAY if b.color == gray else rows.index(b.color)
            self.buildings.append(BuildingInfo(gid, index, b.name, color, b.points))
            gids.append(gid)
        shape = card_shape(grid, [(b.squares, [(d.square, d.edge) for d in b.doors])
                                  for b in face.buildings], face.sand)
        shades = [self.buildings[g].color for g in gids]
        self.cards.append(CardInfo(face.id, tuple(gids), tuple(sorted(set(shades) - {GRAY})),
                                   GRAY in shades,
                                   tuple(rotation_of(s, gids, shades) for s in rotations(shape))))
