"""Sets of squares as the bits of one int, so that moving a whole set is one shift.

Placements ask, for every square of a tile, where its origin could be: the city's reach
moved back by that square. On sets that is one addition per square; on bits, one shift
for the whole set. A frame numbers the squares column by column (bit = column x height
+ row) with a margin wider than any offset used, so a moved square never wraps into the
next column and never falls off the low end.
"""

from __future__ import annotations

from collections.abc import Iterable

from generator.games.cold_comfort.geometry import Square


class Frame:
    """The squares in play, a ``margin`` wider on every side."""

    def __init__(self, squares: Iterable[Square], margin: int):
        xs, ys = zip(*squares, strict=True)
        self.x0, self.y0 = min(xs) - margin, min(ys) - margin
        self.height = max(ys) - min(ys) + 1 + 2 * margin

    def bits(self, squares: Iterable[Square]) -> int:
        x0, y0, height = self.x0, self.y0, self.height
        found = 0
        for x, y in squares:
            found |= 1 << ((x - x0) * height + y - y0)
        return found

    def back(self, bits: int, offset: Square) -> int:
        """The set moved by minus ``offset``: {s - offset for s in the set}."""
        shift = offset[0] * self.height + offset[1]
        return bits >> shift if shift >= 0 else bits << -shift

    def squares(self, bits: int) -> list[Square]:
        """The squares of a set, by x then y."""
        x0, y0, height = self.x0, self.y0, self.height
        digits = format(bits, "b")[::-1]  # digit i is bit i
        found = []
        i = digits.find("1")
        while i >= 0:
            found.append((x0 + i // height, y0 + i % height))
            i = digits.find("1", i + 1)
        return found
