"""A font cut down to a few glyphs by plain byte copying, for fontTools to subset.

fontTools spends most of a subset reading the whole installed font (six thousand glyphs,
their names, four character maps) to keep a hundred of them. Here the font is read once
per process straight from its tables, and for each subset a small TrueType file is
assembled from it: the glyphs asked for, the parts of the composite ones and ``.notdef``,
byte for byte as the font has them, renumbered in the font's own order, with their names,
metrics and every character each Unicode map gives them; the other tables as they are.
fontTools' subset of that seed is the subset of the installed font, byte for byte (the
subsetter keeps, renumbers and recomputes the same things from the same glyphs), which
``tests/render/test_font_seed.py`` checks on the pinned fonts. A font this reader does
not know (no glyph names, a character map of another format) gives no seed, and is
subset from its file as before.
"""

from __future__ import annotations

import struct
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from generator.render.ttf import UNICODE_MAPS, groups, lookup_4, lookup_12, segments

COPIED = ("OS/2", "head", "hhea", "maxp", "name")  # taken as they are (counts patched)
# component flags (the OpenType 'glyf' table)
WORDS, SCALE, XY_SCALE, TWO_BY_TWO, MORE = 0x1, 0x8, 0x40, 0x80, 0x20
STANDARD_NAMES = 258  # post format 2: indices below this are Macintosh standard names


class Unknown(ValueError):
    """Something this reader does not cut: the font is subset from its file instead."""


@dataclass(frozen=True)
class Font:
    """What cutting needs of an installed font, read once."""

    data: bytes
    tables: dict[str, tuple[int, int]]  # tag -> (offset, length)
    places: tuple[int, ...]  # loca: where each glyph starts in glyf (one more at the end)
    maps: tuple[Map, ...]  # each Unicode map fontTools' subsetter keeps, in order
    best: Callable[[int], int]  # character -> glyph (0: none), by the map getBestCmap picks
    hmtx: int  # where the horizontal metrics start
    numbers: int  # how many glyphs have an advance of their own (the rest: the last one's)
    name_index: tuple[int, ...]  # post format 2: each glyph's name index
    extra_names: tuple[bytes, ...]  # post format 2: the names past the standard ones


def seed(path: Path, chars: frozenset[str]) -> bytes | None:
    """The seed of ``path`` for a subset holding ``chars``; None when it cannot be cut."""
    try:
        font = read(path)
        wanted = {font.best(ord(c)) for c in chars if len(c) == 1}  # 0 for none: kept anyway
        return _assemble(font, sorted(_closure(font, wanted | {0})))
    except (Unknown, OSError, LookupError, ValueError, struct.error):
        return None  # a damaged font: fontTools reads the file and says what is wrong


@lru_cache(maxsize=32)
def read(path: Path) -> Font:
    data = path.read_bytes()
    tables = _tables(data)
    head, maxp, hhea = tables["head"][0], tables["maxp"][0], tables["hhea"][0]
    if data[:4] != b"\x00\x01\x00\x00" or "glyf" not in tables:
        raise Unknown("not a TrueType font with outlines")
    count, = struct.unpack_from(">H", data, maxp + 4)
    long_offsets, = struct.unpack_from(">h", data, head + 50)
    loca = tables["loca"][0]
    places = (struct.unpack_from(f">{count + 1}L", data, loca) if long_offsets else
              tuple(2 * p for p in struct.unpack_from(f">{count + 1}H", data, loca)))
    maps = _unicode_maps(data, tables["cmap"][0])
    by_key = {(m.platform, m.encoding): m for m in reversed(maps)}
    pick = next(by_key[key] for key in UNICODE_MAPS if key in by_key)
    best = lookup_4(data, pick.at) if pick.kind == 4 else lookup_12(data, pick.at)
    numbers, = struct.unpack_from(">H", data, hhea + 34)
    if not 0 < numbers <= count or tables["hmtx"][1] < 2 * (numbers + count) \
            or sum(tables["hmtx"]) > len(data):
        raise Unknown("horizontal metrics of another size than the glyphs'")
    name_index, extra = _post_names(data, tables["post"], count)
    return Font(data, tables, places, maps, best, tables["hmtx"][0], numbers, name_index,
                extra)


def _tables(data: bytes) -> dict[str, tuple[int, int]]:
    count, = struct.unpack_from(">H", data, 4)
    found = {}
    for i in range(count):
        tag, _, offset, length = struct.unpack_from(">4sLLL", data, 12 + 16 * i)
        found[tag.decode("latin-1")] = (offset, length)
    return found


def _unicode_maps(data: bytes, cmap: int) -> tuple[Map, ...]:
    """The Unicode maps fontTools' subsetter keeps (it drops the legacy ones), in order,
    each worked out once: not read whole (a few thousand characters a font), but as its
    runs and glyph arrays, searched for the glyphs a subset keeps (``_pairs``). Maps that
    share their bytes (DejaVu's two format 4 and two format 12 maps) share one reading."""
    _, count = struct.unpack_from(">HH", data, cmap)
    maps: list[Map] = []
    read: dict[int, Map] = {}
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHL", data, cmap + 4 + 8 * i)
        if not (platform == 0 or (platform == 3 and encoding in (1, 10))):
            continue  # legacy (Macintosh) or symbol maps: the subsetter drops them
        at = cmap + offset
        if at not in read:
            read[at] = _one_map(data, at)
        maps.append(read[at]._replace(platform=platform, encoding=encoding))
    return tuple(maps)


class Map(NamedTuple):
    """A Unicode map: where it starts, and its characters as runs and glyph arrays."""

    platform: int
    encoding: int
    kind: int  # format 4 or 12
    language: int
    at: int
    runs: tuple[tuple[int, int, int], ...]  # (first character, its glyph, how many):
    # ^ character + i draws glyph + i (a format 12 group, a format 4 segment with a delta)
    arrays: tuple[tuple[int, int, int, int], ...]  # format 4 segments with a glyph array:
    # ^ (first character, how many, delta, where the array starts)


def _one_map(data: bytes, at: int) -> Map:
    """The map at ``at`` (its platform and encoding left 0 for ``_unicode_maps`` to name),
    its runs in order and none overlapping, a format 4 map closed by the segment of
    U+FFFF alone, as the format asks: where a map reads otherwise, fontTools' reading of
    it is the reference (no seed)."""
    kind, = struct.unpack_from(">H", data, at)
    if kind == 12:
        runs = groups(data, at)
        if any(start > end for start, end, _ in runs) \
                or any(a[1] >= b[0] for a, b in zip(runs, runs[1:], strict=False)):
            raise Unknown("a format 12 map whose groups overlap or are out of order")
        language, = struct.unpack_from(">L", data, at + 8)
        return Map(0, 0, kind, language, at,
                   tuple((start, glyph, end - start + 1) for start, end, glyph in runs), ())
    if kind != 4:
        raise Unknown(f"a character map of format {kind}")
    ends, starts, deltas, offsets, offsets_at = segments(data, at)
    if any(s > e for s, e in zip(starts, ends, strict=True)) \
            or any(e >= s for e, s in zip(ends, starts[1:], strict=False)):
        raise Unknown("a format 4 map whose segments overlap or are out of order")
    if not ends or (starts[-1], ends[-1]) != (0xFFFF, 0xFFFF):
        raise Unknown("a format 4 map that does not close with U+FFFF alone")
    found: list[tuple[int, int, int]] = []
    arrays = []
    # the closing segment is no character's, as fontTools reads it (and the lookups)
    for i, (end, start, delta, offset) in enumerate(zip(ends[:-1], starts, deltas, offsets,
                                                        strict=False)):
        count = end - start + 1
        if offset:  # an index into the glyph array, counted from this range's own offset
            arrays.append((start, count, delta, offsets_at + 2 * i + offset))
            continue
        low = (start + delta) & 0xFFFF  # glyph = character + delta, modulo 65536
        wraps = max(0, low + count - 0x10000)
        found.append((start, low, count - wraps))
        if wraps:
            found.append((start + count - wraps, 0, wraps))
    language, = struct.unpack_from(">H", data, at + 4)
    return Map(0, 0, kind, language, at, tuple(found), tuple(arrays))


def _pairs(data: bytes, found: Map, new: dict[int, int]) -> list[tuple[int, int]]:
    """(character, new glyph id) of every character the map (in the font file ``data``)
    gives a kept glyph other than 0 (``new``: kept glyph -> its new id), by character: a
    run's kept glyphs are found by a binary search (most runs hold none), a glyph
    array's by a set."""
    kept = sorted(set(new) - {0})  # as fontTools reads a map: no character draws glyph 0
    last = len(kept)
    pairs: list[tuple[int, int]] = []
    for code, glyph, count in found.runs:
        low = bisect_left(kept, glyph)
        if low < last and kept[low] < glyph + count:
            pairs.extend((code + g - glyph, new[g])
                         for g in kept[low:bisect_left(kept, glyph + count, low)])
    drawing: dict[int, set[int]] = {}  # by delta: the array entries that give a kept glyph
    for start, count, delta, where in found.arrays:
        listed = struct.unpack_from(f">{count}H", data, where)
        if delta not in drawing:
            drawing[delta] = {(glyph - delta) & 0xFFFF for glyph in kept} - {0}  # 0: none
        if not drawing[delta].isdisjoint(listed):  # most arrays hold none of them
            pairs.extend((start + j, new[(raw + delta) & 0xFFFF])
                         for j, raw in enumerate(listed) if raw in drawing[delta])
    return sorted(pairs)


def _metrics(font: Font, glyph: int) -> bytes:
    """The glyph's advance and left side bearing as a long horizontal metric (read only
    for the glyphs kept, not for all six thousand)."""
    if glyph < font.numbers:
        return font.data[font.hmtx + 4 * glyph:font.hmtx + 4 * glyph + 4]
    last = font.hmtx + 4 * (font.numbers - 1)
    bearing = font.hmtx + 4 * font.numbers + 2 * (glyph - font.numbers)
    return font.data[last:last + 2] + font.data[bearing:bearing + 2]


def _post_names(data: bytes, post_table: tuple[int, int],
                count: int) -> tuple[tuple[int, ...], tuple[bytes, ...]]:
    post, length = post_table
    version, = struct.unpack_from(">L", data, post)
    if version != 0x00020000:
        raise Unknown("glyph names not in a post table of format 2")
    listed, = struct.unpack_from(">H", data, post + 32)
    if listed != count:
        raise Unknown("post lists another number of glyphs than maxp")
    index = struct.unpack_from(f">{count}H", data, post + 34)
    at, end, names = post + 34 + 2 * count, post + length, []
    while at < end:
        size = data[at]
        names.append(data[at + 1:at + 1 + size])
        at += 1 + size
    if index and max(index) >= STANDARD_NAMES + len(names):
        raise Unknown("a glyph name index past the names")
    return index, tuple(names)


def _glyph(font: Font, glyph: int) -> bytes:
    start = font.tables["glyf"][0]
    return font.data[start + font.places[glyph]:start + font.places[glyph + 1]]


def _components(data: bytes) -> list[tuple[int, int]]:
    """(where its glyph id is, that id) of each part of a composite glyph; none for a
    simple one."""
    if len(data) < 10 or struct.unpack_from(">h", data, 0)[0] >= 0:
        return []
    at, parts, flags = 10, [], MORE
    while flags & MORE:
        flags, glyph = struct.unpack_from(">HH", data, at)
        parts.append((at + 2, glyph))
        at += 4 + (4 if flags & WORDS else 2)
        at += 2 if flags & SCALE else 4 if flags & XY_SCALE else 8 if flags & TWO_BY_TWO else 0
    return parts


def _closure(font: Font, glyphs: set[int]) -> set[int]:
    todo, seen = list(glyphs), set(glyphs)
    while todo:
        for _, part in _components(_glyph(font, todo.pop())):
            if part not in seen:
                seen.add(part)
                todo.append(part)
    return seen


def _assemble(font: Font, kept: list[int]) -> bytes:
    new = {old: i for i, old in enumerate(kept)}
    glyf, loca = bytearray(), [0]
    for old in kept:
        data = bytearray(_glyph(font, old))
        for at, part in _components(bytes(data)):
            struct.pack_into(">H", data, at, new[part])
        glyf += data + b"\0" * (-len(data) % 4)
        loca.append(len(glyf))
    tables = {tag: _copied(font, tag, len(kept)) for tag in COPIED}
    tables.update(glyf=bytes(glyf), loca=struct.pack(f">{len(loca)}L", *loca),
                  hmtx=b"".join(_metrics(font, g) for g in kept),
                  cmap=_cmap(font, new), post=_post(font, kept))
    return _sfnt(tables)


def _copied(font: Font, tag: str, count: int) -> bytes:
    offset, length = font.tables[tag]
    data = bytearray(font.data[offset:offset + length])
    if tag == "head":
        struct.pack_into(">h", data, 50, 1)  # long loca offsets
    elif tag == "maxp":
        struct.pack_into(">H", data, 4, count)
    elif tag == "hhea":
        struct.pack_into(">H", data, 34, count)  # every glyph its own advance
    return bytes(data)


def _cmap(font: Font, new: dict[int, int]) -> bytes:
    subtables = []
    kept: dict[int, list[tuple[int, int]]] = {}  # by map: maps that share bytes share one
    for found in font.maps:
        if found.at not in kept:
            kept[found.at] = _pairs(font.data, found, new)
        subtables.append(_format_4_of(kept[found.at], found.language) if found.kind == 4
                         else _format_12_of(kept[found.at], found.language))
    head = struct.pack(">HH", 0, len(subtables))
    at, records = 4 + 8 * len(subtables), b""
    for (platform, encoding, *_), table in zip(font.maps, subtables, strict=True):
        records += struct.pack(">HHL", platform, encoding, at)
        at += len(table)
    return head + records + b"".join(subtables)


def _format_4_of(pairs: list[tuple[int, int]], language: int) -> bytes:
    """One segment per character, and the closing 0xFFFF segment."""
    if not pairs or pairs[-1][0] != 0xFFFF:
        pairs = [*pairs, (0xFFFF, 0)]
    n = len(pairs)
    power = 1 << (n.bit_length() - 1)
    codes = [c for c, _ in pairs]
    deltas = [(g - c) & 0xFFFF for c, g in pairs]
    body = struct.pack(f">{n}HH{n}H{n}H{n}H", *codes, 0, *codes, *deltas, *([0] * n))
    head = struct.pack(">HHHHHHH", 4, 14 + len(body), language, 2 * n, 2 * power,
                       power.bit_length() - 1, 2 * n - 2 * power)
    return head + body


def _format_12_of(pairs: list[tuple[int, int]], language: int) -> bytes:
    groups = b"".join(struct.pack(">LLL", c, c, g) for c, g in pairs)
    return struct.pack(">HHLLL", 12, 0, 16 + len(groups), language, len(pairs)) + groups


def _post(font: Font, kept: list[int]) -> bytes:
    offset, _ = font.tables["post"]
    names: dict[bytes, int] = {}
    index = []
    for g in kept:
        i = font.name_index[g]
        if i >= STANDARD_NAMES:
            i = STANDARD_NAMES + names.setdefault(font.extra_names[i - STANDARD_NAMES],
                                                  len(names))
        index.append(i)
    strings = b"".join(bytes([len(n)]) + n for n in names)
    return (b"\x00\x02\x00\x00" + font.data[offset + 4:offset + 32]
            + struct.pack(f">H{len(index)}H", len(index), *index) + strings)


def _sfnt(tables: dict[str, bytes]) -> bytes:
    tags = sorted(tables)
    n = len(tags)
    power = 1 << (n.bit_length() - 1)
    out = [struct.pack(">LHHHH", 0x00010000, n, 16 * power, power.bit_length() - 1,
                       16 * (n - power))]
    at, body = 12 + 16 * n, []
    for tag in tags:
        data = tables[tag] + b"\0" * (-len(tables[tag]) % 4)
        checksum = sum(struct.unpack(f">{len(data) // 4}L", data)) & 0xFFFFFFFF
        out.append(struct.pack(">4sLLL", tag.encode("latin-1"), checksum, at,
                               len(tables[tag])))
        body.append(data)
        at += len(data)
    return b"".join(out + body)
