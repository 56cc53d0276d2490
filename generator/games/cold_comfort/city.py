"""The map of Dawson City: placed tiles, streets, placements, neighbourhoods.

Rulings (docs/rulings.md, "tile geometry"): a street square is a Main Street
square or a square just outside a printed street edge; no tile may cover one, and no
printed street edge may face a tile. A new tile either touches the map (shares a square
edge) or lies one street away (a one-square gap in a straight line, no touching).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.games.cold_comfort.bitgrid import Frame
from generator.games.cold_comfort.geometry import (
    Square,
    edge_outside,
    neighbours,
    rotate_side,
    rotated_size,
    tile_squares,
)
from generator.games.cold_comfort.model import PUBLIC, CityTileFace

Placement = tuple[int, int, int, int]  # (tile index in the deck, x, y, rotation)

# The reach of a square: the squares one and two steps away in a straight line.
REACH = tuple((k * dx, k * dy) for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))
              for k in (1, 2))


@dataclass(frozen=True)
class TileShape:
    """One tile in one rotation: its squares, size and street edges."""

    squares: tuple[tuple[Square, str], ...]
    width: int
    height: int
    streets: tuple[str, ...]
    # the squares it covers and the squares its printed streets face, from its origin
    cells: tuple[Square, ...] = field(default=(), compare=False)
    facing: tuple[Square, ...] = field(default=(), compare=False)

    @staticmethod
    def of(face: CityTileFace, rotation: int) -> TileShape:
        w, h = rotated_size(len(face.layout[0]), len(face.layout), rotation)
        squares = tuple(tile_squares(face.layout, rotation))
        streets = tuple(rotate_side(s, rotation) for s in face.streets)
        shape = TileShape(squares, w, h, streets)
        return TileShape(squares, w, h, streets, tuple(sq for sq, _ in squares),
                         tuple(shape.street_squares(0, 0)))

    def street_squares(self, x: int, y: int) -> list[Square]:
        return [sq for side in self.streets for sq in edge_outside((x, y), self.width,
                                                                    self.height, side)]


# a neighbourhood as scoring reads it: tiles, squares, public squares, layout
Neighbourhood = tuple[list[int], list[Square], int, tuple[object, ...]]


@dataclass
class City:
    """Placed tiles and what follows from them (rebuilt from ``placed`` on load)."""

    shapes: list[list[TileShape]]  # per deck tile, per rotation
    main_street: list[Square]
    placed: list[Placement] = field(default_factory=list)
    square: dict[Square, tuple[int, str]] = field(default_factory=dict)  # -> (placed idx, ch)
    streets: set[Square] = field(default_factory=set)
    _groups: list[list[int]] | None = None  # neighbourhoods, until the next tile is placed
    _squares: list[list[Square]] | None = None  # the squares of each neighbourhood
    _public: list[int] | None = None  # public-building squares of each neighbourhood
    _lots: list[tuple[Square, int]] | None = None  # every lot with its value
    _view: list[Neighbourhood] | None = None  # see scoring_view()
    # The squares placements() reads, grown with each tile: never changed in place, so
    # copies share them until their next tile.
    _tiles: frozenset[Square] = frozenset()  # covered by a tile
    _taken: frozenset[Square] = frozenset()  # covered by a tile or a street
    _reach: frozenset[Square] = frozenset()  # see reach(), taken squares included

    def __post_init__(self) -> None:
        self.streets.update(self.main_street)
        self._taken = frozenset(self.streets)
        placed, self.placed = self.placed, []
        for placement in placed:
            self.place(placement)

    def copy(self) -> City:
        other = object.__new__(City)
        other.__dict__.update(self.__dict__)  # the neighbourhood cache is shared: read-only
        other.placed, other.square = list(self.placed), dict(self.square)
        other.streets = set(self.streets)
        return other

    def shape(self, placement: Placement) -> TileShape:
        return self.shapes[placement[0]][placement[3]]

    def place(self, placement: Placement) -> None:
        tile, x, y, rotation = placement
        shape = self.shapes[tile][rotation]
        index = len(self.placed)
        self.placed.append(placement)
        groups = self._groups
        self._groups = self._squares = self._public = self._lots = self._view = None
        for (dx, dy), ch in shape.squares:
            self.square[(x + dx, y + dy)] = (index, ch)
        if groups is not None:  # the new tile joins the neighbourhoods it touches
            self._groups = _joined(groups, self._touching(index, x, y, shape), index)
        streets = shape.street_squares(x, y)
        self.streets.update(streets)
        cells = [(x + dx, y + dy) for dx, dy in shape.cells]
        self._tiles = self._tiles.union(cells)
        self._taken = self._taken.union(cells, streets)
        self._reach = self._reach.union([(cx + rx, cy + ry) for cx, cy in cells
                                         for rx, ry in REACH])

    def _touching(self, index: int, x: int, y: int, shape: TileShape) -> set[int]:
        """The other placed tiles that share a square edge with tile ``index``."""
        square = self.square
        return {square[n][0] for dx, dy in shape.cells for n in neighbours((x + dx, y + dy))
                if n in square and square[n][0] != index}

    def lots(self, index: int) -> list[tuple[Square, int]]:
        """The lots of placed tile ``index`` with their values."""
        tile, x, y, rotation = self.placed[index]
        return [((x + dx, y + dy), int(ch)) for (dx, dy), ch in
                self.shapes[tile][rotation].squares if ch != PUBLIC]

    def all_lots(self) -> list[tuple[Square, int]]:
        """Every lot of the map with its value, by square (remembered until the next
        tile: every turn looks for lots to build on, and lists the builds sorted)."""
        if self._lots is None:
            self._lots = sorted((sq, int(ch)) for sq, (_, ch) in self.square.items()
                                if ch.isdigit())
        return self._lots

    def lot_value(self, square: Square) -> int | None:
        found = self.square.get(square)
        return None if found is None or found[1] == PUBLIC else int(found[1])

    def is_public(self, square: Square) -> bool:
        found = self.square.get(square)
        return found is not None and found[1] == PUBLIC

    def fits(self, shape: TileShape, x: int, y: int) -> bool:
        """Rulings: not over a tile or a street, no printed street facing a tile, and
        touching the map or one street away from it."""
        cells = [(x + dx, y + dy) for (dx, dy), _ in shape.squares]
        return self._fits(shape, x, y, cells, self.reach())

    def _fits(self, shape: TileShape, x: int, y: int, cells: list[Square],
              reach: set[Square]) -> bool:
        if any(c in self.square or c in self.streets for c in cells):
            return False
        if any(s in self.square for s in shape.street_squares(x, y)):
            return False
        return any(c in reach for c in cells)

    def reach(self) -> set[Square]:
        """Squares a new tile may cover to join the map: next to it (touching) or two
        squares away in a straight line (one street away)."""
        return {(x + k * dx, y + k * dy) for x, y in self.square for k in (1, 2)
                for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0))}

    def placements(self, tile: int) -> list[Placement]:
        """Every legal (tile, x, y, rotation) for a drawn tile, sorted: what ``fits``
        allows, found for whole sets at once (as bits, ``Frame``) since every grow asks
        it of a whole city. The origins that put a square in reach, less those that cover
        a tile or a street, less those whose printed street would face a tile."""
        shapes = self.shapes[tile]
        reach = self._reach - self._taken  # a square in reach must be free to cover
        if not reach:
            return []
        margin = 1 + max(abs(n) for shape in shapes for sq in shape.cells + shape.facing
                         for n in sq)
        frame = Frame(self._taken | reach, margin)
        reach_bits, taken_bits = frame.bits(reach), frame.bits(self._taken)
        tile_bits = frame.bits(self._tiles)
        by_cells: dict[tuple[Square, ...], int] = {}  # a half turn covers the same squares
        found: list[Placement] = []
        for rotation, shape in enumerate(shapes):
            if shape.cells not in by_cells:
                origins = blocked = 0
                for sq in shape.cells:
                    origins |= frame.back(reach_bits, sq)
                    blocked |= frame.back(taken_bits, sq)
                by_cells[shape.cells] = origins & ~blocked
            facing = 0
            for sq in shape.facing:
                facing |= frame.back(tile_bits, sq)
            found += [(tile, x, y, rotation)
                      for x, y in frame.squares(by_cells[shape.cells] & ~facing)]
        return sorted(found)  # one tile: by x, y and rotation

    def neighbourhoods(self) -> list[list[int]]:
        """Groups of placed tiles joined by touching squares (rules: Score)."""
        if self._groups is None:
            self._groups = self._find_neighbourhoods()
        return self._groups

    def neighbourhood_squares(self) -> list[list[Square]]:
        """The squares of each neighbourhood, in the order of ``neighbourhoods()``."""
        if self._squares is None:
            where = {t: k for k, group in enumerate(self.neighbourhoods()) for t in group}
            self._squares = [[] for _ in self.neighbourhoods()]
            for sq, (t, _) in sorted(self.square.items()):
                self._squares[where[t]].append(sq)
        return self._squares

    def neighbourhood_public(self) -> list[int]:
        """Public-building squares in each neighbourhood, in ``neighbourhoods()`` order."""
        if self._public is None:
            self._public = [sum(1 for sq in squares if self.square[sq][1] == PUBLIC)
                            for squares in self.neighbourhood_squares()]
        return self._public

    def scoring_view(self) -> list[Neighbourhood]:
        """Each neighbourhood's tiles, squares and public-building squares, with its
        layout (its tiles and where they lie, the part of a verdict's memo key that only
        a new tile changes), in ``neighbourhoods()`` order."""
        if self._view is None:
            placed = self.placed
            self._view = [(tiles, squares, public,
                           (tuple(tiles), tuple(map(placed.__getitem__, tiles))))
                          for tiles, squares, public in zip(
                              self.neighbourhoods(), self.neighbourhood_squares(),
                              self.neighbourhood_public(), strict=True)]
        return self._view

    def _find_neighbourhoods(self) -> list[list[int]]:
        parent = list(range(len(self.placed)))

        def root(i: int) -> int:
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        for sq, (i, _) in self.square.items():
            for n in neighbours(sq):
                other = self.square.get(n)
                if other is not None and root(other[0]) != root(i):
                    parent[root(other[0])] = root(i)
        groups: dict[int, list[int]] = {}
        for i in range(len(self.placed)):
            groups.setdefault(root(i), []).append(i)
        return sorted(groups.values())

    def layout_faults(self) -> list[str]:
        """Independent re-check of the whole map (for invariants): overlaps and streets."""
        faults = []
        seen: dict[Square, int] = {}
        streets = set(self.main_street)
        for index, (tile, x, y, rotation) in enumerate(self.placed):
            shape = self.shapes[tile][rotation]
            streets.update(shape.street_squares(x, y))
            for (dx, dy), _ in shape.squares:
                sq = (x + dx, y + dy)
                if sq in seen:
                    faults.append(f"tiles {seen[sq] + 1} and {index + 1} overlap at {sq}")
                seen[sq] = index
        faults += [f"a tile covers the street at {sq}" for sq in sorted(streets & set(seen))]
        return faults


def _joined(groups: list[list[int]], touching: set[int], index: int) -> list[list[int]]:
    """``groups`` (sorted neighbourhoods) once tile ``index`` joins those it touches: what
    ``_find_neighbourhoods`` finds again from scratch, found from the last tile alone.
    The lists are shared with the copies that still have the old groups: never changed."""
    joined, kept = [index], []
    for group in groups:
        if touching.isdisjoint(group):
            kept.append(group)
        else:
            joined += group
    kept.append(sorted(joined))
    return sorted(kept)
