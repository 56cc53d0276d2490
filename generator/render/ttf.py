"""The few TrueType tables text measuring needs, read straight from the font file.

Fitting and the lint need each character's advance and ink height: ``cmap`` (character to
glyph), ``hmtx`` (advances), ``loca`` and the 10-byte header of each ``glyf`` entry (its
box). fontTools decodes whole tables, glyph names and all, about five times the time;
the two agree on every pinned font (``tests/render/test_ttf.py``).
"""

from __future__ import annotations

import struct
from bisect import bisect_left, bisect_right
from collections.abc import Callable

# Unicode character maps, the best first (as fontTools' getBestCmap picks them)
UNICODE_MAPS = ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0))


class FontUnreadable(ValueError):
    """The file lacks a table or a Unicode character map that measuring needs."""


class FontTables:
    """A font's glyphs looked up in its file when asked: the character map found by a binary
    search of its segments, an advance in ``hmtx``, a box in the glyph's ``glyf`` header.
    Measuring a deck asks for a few hundred of a font's thousands of characters, so nothing
    is read for the rest (reading every table whole cost about 10 ms a font)."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        try:
            tables = _tables(data)
            head = tables["head"]
            self.units_per_em: int = struct.unpack_from(">H", data, head + 18)[0]
            self._long_offsets = struct.unpack_from(">h", data, head + 50)[0] != 0
            self._glyph_count: int = struct.unpack_from(">H", data, tables["maxp"] + 4)[0]
            self._long_metrics: int = struct.unpack_from(">H", data, tables["hhea"] + 34)[0]
            self._hmtx, self._loca, self._glyf = tables["hmtx"], tables["loca"], tables["glyf"]
            self._map = _character_map(data, tables["cmap"])
            self.advance(0)  # the tables are where they say: a short file fails here
        except (KeyError, struct.error) as exc:
            raise FontUnreadable(f"not a TrueType font with outlines ({exc})") from None

    def glyph(self, code: int) -> int:
        """The glyph the font draws ``code`` with; 0 (the missing glyph) when it has none."""
        return self._map(code)

    def advance(self, glyph: int) -> int:
        """The glyph's advance (the last long metric's for the glyphs after it)."""
        at = self._hmtx + 4 * min(glyph, self._long_metrics - 1)
        return int(struct.unpack_from(">H", self._data, at)[0])

    def box(self, glyph: int) -> tuple[int, int] | None:
        """(lowest, highest) ink of a glyph drawn with contours (or composed of others);
        None for an empty one (a space)."""
        if not 0 <= glyph < self._glyph_count:
            return None
        if self._long_offsets:
            start, end = struct.unpack_from(">LL", self._data, self._loca + 4 * glyph)
        else:
            start, end = (2 * v for v in struct.unpack_from(">HH", self._data,
                                                              self._loca + 2 * glyph))
        if end - start < 10:
            return None
        contours, _, low, _, high = struct.unpack_from(">hhhhh", self._data, self._glyf + start)
        return (low, high) if contours else None


def _tables(data: bytes) -> dict[str, int]:
    count, = struct.unpack_from(">H", data, 4)
    found: dict[str, int] = {}
    for i in range(count):
        tag, _, offset, _ = struct.unpack_from(">4sLLL", data, 12 + 16 * i)
        found[tag.decode("latin-1")] = offset
    return found


def _character_map(data: bytes, cmap: int) -> Callable[[int], int]:
    """Character -> glyph (0: none) of the best Unicode map, by binary search."""
    _, count = struct.unpack_from(">HH", data, cmap)
    subtables: dict[tuple[int, int], int] = {}
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHL", data, cmap + 4 + 8 * i)
        subtables.setdefault((platform, encoding), cmap + offset)
    for key in UNICODE_MAPS:
        if key in subtables:
            at = subtables[key]
            kind, = struct.unpack_from(">H", data, at)
            if kind == 12:
                return lookup_12(data, at)
            if kind == 4:
                return lookup_4(data, at)
    raise KeyError("a Unicode character map of format 4 or 12")


Segments = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int]


def segments(data: bytes, at: int) -> Segments:
    """A format 4 map's segment ends, starts, deltas and range offsets, and where the
    offsets begin (a range's glyph array is counted from its own offset)."""
    doubled, = struct.unpack_from(">H", data, at + 6)
    n = doubled // 2
    ends = struct.unpack_from(f">{n}H", data, at + 14)
    starts = struct.unpack_from(f">{n}H", data, at + 16 + doubled)
    deltas = struct.unpack_from(f">{n}H", data, at + 16 + 2 * doubled)
    ranges_at = at + 16 + 3 * doubled
    return ends, starts, deltas, struct.unpack_from(f">{n}H", data, ranges_at), ranges_at


def lookup_4(data: bytes, at: int) -> Callable[[int], int]:
    ends, starts, deltas, ranges, ranges_at = segments(data, at)
    n = len(ends)

    def glyph(code: int) -> int:
        i = bisect_left(ends, code)
        if code >= 0xFFFF or i == n or starts[i] > code:
            return 0
        if ranges[i] == 0:  # glyph = character + delta, modulo 65536
            return (code + deltas[i]) & 0xFFFF
        # an index into the glyph array, counted from this range's own offset
        listed, = struct.unpack_from(">H", data, ranges_at + 2 * i + ranges[i]
                                     + 2 * (code - starts[i]))
        return (listed + deltas[i]) & 0xFFFF if listed else 0
    return glyph


def groups(data: bytes, at: int) -> list[tuple[int, int, int]]:
    """A format 12 map's groups: (first character, last character, first glyph)."""
    count, = struct.unpack_from(">L", data, at + 12)
    return list(struct.iter_unpack(">LLL", data[at + 16:at + 16 + 12 * count]))


def lookup_12(data: bytes, at: int) -> Callable[[int], int]:
    triples = groups(data, at)
    starts = [start for start, _, _ in triples]

    def glyph(code: int) -> int:
        i = bisect_right(starts, code) - 1
        if i < 0 or triples[i][1] < code:
            return 0
        return triples[i][2] + code - triples[i][0]
    return glyph
