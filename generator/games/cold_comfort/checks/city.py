"""Cold Comfort's City Deck: the tiles' grid, lots and public buildings, Main Street."""

from __future__ import annotations

from collections.abc import Iterator

from generator.checks import Registry, Reporter
from generator.data.yamlsrc import Loc
from generator.games.cold_comfort.geometry import public_squares_connected
from generator.games.cold_comfort.model import PUBLIC, CityTileFace, ColdComfortData

PART = Registry("cold-comfort city")
DECK = ("city_deck", "pieces")


def _tile_faces(data: ColdComfortData) -> Iterator[tuple[Loc, CityTileFace]]:
    return data.city_deck.located_faces(DECK[0])


@PART.check("tile-geometry", cite="About the City Deck: tiles conform to one grid")
def tile_geometry(data: ColdComfortData, report: Reporter) -> None:
    """Every tile has grid.rows rows of grid.columns squares and is printed at that size."""
    grid = data.city_deck.grid
    for i, piece in enumerate(data.city_deck.pieces):
        want = (grid.columns * grid.square_mm, grid.rows * grid.square_mm)
        if piece.size_mm != want:
            report.error(DECK + (i, "size"), f"a tile of {grid.columns}x{grid.rows} squares of "
                         f"{grid.square_mm:g} mm is {want[0]:g} x {want[1]:g} mm")
    for loc, face in _tile_faces(data):
        if len(face.layout) != grid.rows:
            report.error(loc + ("layout",), f"{len(face.layout)} rows; the grid has {grid.rows}")
        for r, row in enumerate(face.layout):
            if len(row) != grid.columns:
                report.error(loc + ("layout", r), f"row '{row}' has {len(row)} squares; the "
                             f"grid has {grid.columns}")
        if len(set(face.streets)) != len(face.streets):
            report.error(loc + ("streets",), "a street edge is listed twice")


@PART.check("lot-values", cite="About the City Deck: lots valued between 1 and 6")
def lot_values(data: ColdComfortData, report: Reporter) -> None:
    """Every square is a lot of a listed value or a public-building square; lots exist."""
    allowed = {str(v) for v in data.city_deck.lot_values} | {PUBLIC}
    for loc, face in _tile_faces(data):
        for r, row in enumerate(face.layout):
            bad = sorted(set(row) - allowed)
            if bad:
                report.error(loc + ("layout", r), f"'{''.join(bad)}' is neither a lot value "
                             f"({', '.join(sorted(allowed - {PUBLIC}))}) nor {PUBLIC}")
        if not any(ch.isdigit() for row in face.layout for ch in row):
            report.error(loc + ("layout",), "a tile needs at least one vacant lot")


@PART.check("public-buildings", cite="Public Buildings: size 1 or 2, a point per lot")
def public_buildings(data: ColdComfortData, report: Reporter) -> None:
    """A public building covers 1 or 2 connected squares and is named; P squares need one."""
    sizes = data.city_deck.public_building_sizes
    for loc, face in _tile_faces(data):
        squares = sum(row.count(PUBLIC) for row in face.layout)
        if squares and face.public_building is None:
            report.error(loc + ("layout",), "P squares but no public_building named")
        if face.public_building is not None and squares not in sizes:
            report.error(loc + ("public_building",), f"the public building covers {squares} "
                         f"squares; it must cover {' or '.join(map(str, sizes))}")
        if squares > 1 and not public_squares_connected(face.layout):
            report.error(loc + ("layout",), "the public building's squares are not adjacent")


@PART.check("deck-size", cite="copperplate: the City Deck lasts the deck's own Heart "
              "and scoring rounds")
def deck_size(data: ColdComfortData, report: Reporter) -> None:
    """The deck lasts the whole game: the largest Heart plus one tile per scoring round."""
    need = data.city_deck.heart_of_the_city.max_tiles + data.table.scoring_rounds
    have = len(data.tiles())
    if have < need:
        report.error(DECK, f"the City Deck holds {have} tiles; the game draws up to {need}")


@PART.check("main-street", cite="Main Street: three spaces, long street edges toward it")
def main_street(data: ColdComfortData, report: Reporter) -> None:
    """Main Street is as long as a tile's long edge, which faces it in the Heart; tiles are
    printed portrait (long edges west and east), as the Heart layout assumes."""
    grid = data.city_deck.grid
    heart = data.city_deck.heart_of_the_city
    if grid.columns > grid.rows:
        report.error(("city_deck", "grid", "columns"), f"tiles are printed portrait: "
                     f"{grid.columns} columns must not exceed {grid.rows} rows")
    if heart.main_street_squares != max(grid.columns, grid.rows):
        report.error(("city_deck", "heart_of_the_city", "main_street_squares"),
                     f"Main Street must be {max(grid.columns, grid.rows)} squares, a tile's "
                     "long edge")
