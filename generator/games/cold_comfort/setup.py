"""Setup numbers read from the validated data, and the Heart of the City placements.

Ruling (tile geometry): Main Street runs north-south on squares (0, 0) .. (0, L-1). Tile 1
stands west of it and tile 2 east, portrait, their long edges on Main Street; tile 3
crosses the north end one street away, landscape, and tile 4 the south end. Each turns its
printed long street edge toward Main Street when it has one.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from generator.games.cold_comfort.city import TileShape
from generator.games.cold_comfort.model import CityTileFace, ColdComfortData

# (the side that must face Main Street, the rotations that can put a long edge there)
HEART_SIDES = (("east", (0, 2)), ("west", (0, 2)), ("south", (1, 3)), ("north", (1, 3)))


@dataclass(frozen=True)
class Setup:
    """Every number the rules code uses, from YAML (never a literal in the rules)."""

    tiles: list[CityTileFace]
    shapes: list[list[TileShape]]
    columns: int
    rows: int
    main_street: int
    heart_max: int
    heart_dice: int
    dice: int
    grow_at: int
    faces: int
    starting_gold: list[int]
    supply: int
    gold_per_point: int
    hotels: dict[int, int]  # size -> tiles per character
    rounds: int
    points_per_tile: int
    points_per_public: int
    build: int
    build_occupied: int
    upgrade: int
    downgrade: int
    insurance: int

    @staticmethod
    def of(data: ColdComfortData, players: int) -> Setup:
        deck = data.city_deck
        row = data.dice_row(players)
        if row is None:
            raise ValueError(f"cold-comfort has no dice row for {players} players")
        tiles = data.tiles()
        costs = data.table.costs
        start = data.gold.starting
        first = data.placards.characters()[0].id
        return Setup(
            tiles, [[TileShape.of(t, r) for r in range(4)] for t in tiles],
            deck.grid.columns, deck.grid.rows, deck.heart_of_the_city.main_street_squares,
            deck.heart_of_the_city.max_tiles, deck.heart_of_the_city.dice_per_tile,
            row.dice, row.grow_at, data.dice.faces_per_die,
            [start.first_seat + seat * start.per_earlier_seat for seat in range(players)],
            data.gold.supply_per_player * players, data.gold.gold_per_point,
            dict(sorted(Counter(data.hotel_sizes(first)).items())),
            data.table.scoring_rounds, data.table.points_per_tile,
            data.table.points_per_public_square, costs.build_per_value,
            costs.build_occupied_per_value, costs.upgrade_per_step,
            costs.downgrade_per_step, costs.insurance_per_value)

    def heart_placement(self, number: int, tile: int) -> tuple[int, int, int, int]:
        """Where Heart tile ``number`` (0-3) goes, turned toward Main Street if it can be."""
        long_side, short_side = max(self.columns, self.rows), min(self.columns, self.rows)
        centre = -(long_side // 2)  # a landscape tile centred on Main Street
        origins = ((-short_side, 0), (1, 0), (centre, -1 - short_side),
                   (centre, self.main_street + 1))
        side, rotations = HEART_SIDES[number]
        rotation = next((r for r in rotations if side in self.shapes[tile][r].streets),
                        rotations[0])
        return (tile, *origins[number], rotation)

    def main_street_squares(self) -> list[tuple[int, int]]:
        return [(0, y) for y in range(self.main_street)]
