"""The few TrueType tables text measuring needs, read straight from the font file.

Fitting and the lint need each character's advance and ink height: ``cmap`` (character to
glyph), ``hmtx`` (advances), ``loca`` and the 10-byte header of each ``glyf`` entry (its
box). fontTools decodes whole tables, glyph names and all, about five times the time;
the two agree on every pinned font (``tests/render/test_ttf.py``).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

# Unicode character maps, the best first (as fontTools' getBestCmap picks them)
UNICODE_MAPS = ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0))


class FontUnreadable(ValueError):
    """The file lacks a table or a Unicode character map that measuring needs."""


@dataclass(frozen=True)
class Glyphs:
    """What measuring reads of a font, in font units."""

    units_per_em: int
    glyph_of: dict[int, int]  # character code -> glyph id
    advances: list[int]  # by glyph id (the last repeats for the rest, as hmtx says)
    boxes: dict[int, tuple[int, int]]  # glyph id -> (lowest, highest) ink, outlines only

    def advance(self, glyph: int) -> int:
        return self.advances[min(glyph, len(self.advances) - 1)]


def read_glyphs(data: bytes) -> Glyphs:
    """The font's character map, advances and outline boxes."""
    try:
        tables = _tables(data)
        head = tables["head"]
        em, = struct.unpack_from(">H", data, head + 18)
        long_offsets, = struct.unpack_from(">h", data, head + 50)
        count, = struct.unpack_from(">H", data, tables["maxp"] + 4)
        metrics, = struct.unpack_from(">H", data, tables["hhea"] + 34)
        advances = list(struct.unpack_from(f">{2 * metrics}H", data, tables["hmtx"])[::2])
        glyph_of = _character_map(data, tables["cmap"])
        offsets = _locations(data, tables["loca"], count, bool(long_offsets))
        boxes = _boxes(data, tables["glyf"], offsets, set(glyph_of.values()))
    except (KeyError, struct.error) as exc:
        raise FontUnreadable(f"not a TrueType font with outlines ({exc})") from None
    return Glyphs(em, glyph_of, advances, boxes)


def _tables(data: bytes) -> dict[str, int]:
    count, = struct.unpack_from(">H", data, 4)
    found: dict[str, int] = {}
    for i in range(count):
        tag, _, offset, _ = struct.unpack_from(">4sLLL", data, 12 + 16 * i)
        found[tag.decode("latin-1")] = offset
    return found


def _character_map(data: bytes, cmap: int) -> dict[int, int]:
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
                return _segments_12(data, at)
            if kind == 4:
                return _segments_4(data, at)
    raise KeyError("a Unicode character map of format 4 or 12")


def _segments_12(data: bytes, at: int) -> dict[int, int]:
    return format_12_map(data, at)


def _segments_4(data: bytes, at: int) -> dict[int, int]:
    return {code: glyph for code, glyph in format_4_map(data, at).items()
            if glyph and code < 0xFFFF}


def format_4_map(data: bytes, at: int) -> dict[int, int]:
    """Character -> glyph of the format 4 map at ``at``, glyph 0 and 0xFFFF included."""
    doubled, = struct.unpack_from(">H", data, at + 6)
    n = doubled // 2
    ends = struct.unpack_from(f">{n}H", data, at + 14)
    starts = struct.unpack_from(f">{n}H", data, at + 16 + doubled)
    deltas = struct.unpack_from(f">{n}H", data, at + 16 + 2 * doubled)
    ranges_at = at + 16 + 3 * doubled
    ranges = struct.unpack_from(f">{n}H", data, ranges_at)
    found: dict[int, int] = {}
    for i in range(n):
        codes, delta = range(starts[i], ends[i] + 1), deltas[i]
        if ranges[i] == 0:  # glyph = character + delta, modulo 65536
            low = (starts[i] + delta) & 0xFFFF
            glyphs = (range(low, low + len(codes)) if low + len(codes) <= 0x10000 else
                      [(code + delta) & 0xFFFF for code in codes])
        else:  # an index into the glyph array, counted from this range's own offset
            listed = struct.unpack_from(f">{len(codes)}H", data, ranges_at + 2 * i + ranges[i])
            glyphs = [(g + delta) & 0xFFFF if g else 0 for g in listed]
        found.update(zip(codes, glyphs, strict=True))
    return found


def format_12_map(data: bytes, at: int) -> dict[int, int]:
    """Character -> glyph of the format 12 map at ``at``."""
    groups, = struct.unpack_from(">L", data, at + 12)
    found: dict[int, int] = {}
    for start, end, glyph in struct.iter_unpack(">LLL", data[at + 16:at + 16 + 12 * groups]):
        found.update(zip(range(start, end + 1), range(glyph, glyph + end - start + 1),
                         strict=True))
    return found


def _locations(data: bytes, loca: int, count: int, long_offsets: bool) -> tuple[int, ...]:
    if long_offsets:
        return struct.unpack_from(f">{count + 1}L", data, loca)
    return tuple(2 * offset for offset in struct.unpack_from(f">{count + 1}H", data, loca))


def _boxes(data: bytes, glyf: int, offsets: tuple[int, ...],
           glyphs: set[int]) -> dict[int, tuple[int, int]]:
    """(yMin, yMax) of each glyph drawn with contours (or composed of others)."""
    boxes = {}
    for glyph in glyphs:
        if glyph + 1 < len(offsets) and offsets[glyph + 1] - offsets[glyph] >= 10:
            contours, _, low, _, high = struct.unpack_from(">hhhhh", data, glyf + offsets[glyph])
            if contours:
                boxes[glyph] = (low, high)
    return boxes
