"""A subset cut from a seed (the glyphs it needs, copied out of the font without fontTools)
is the subset fontTools cuts from the installed font, byte for byte: every PDF's fonts
must be what they were when fontTools read the whole font."""

from __future__ import annotations

import io
import random
import struct
from pathlib import Path

import pytest

from generator.render import fontseed, fontsubset
from generator.render.fonts import DEJAVU_DIR
from generator.render.fontsubset import _subset, cut, installed_font
from generator.render.ttf import lookup_4, segments

# accented letters are composite glyphs (their parts must come along), symbols, Greek and
# Cyrillic, mathematical letters past the BMP (the format 12 maps), and a character no
# DejaVu font holds
POOL = ([chr(c) for c in [*range(0x20, 0x250), *range(0x370, 0x500), *range(0x1D400, 0x1D420)]]
        + list("♠♥♦♣→★€…“”\U0001F600"))


@pytest.mark.parametrize("name", ["DejaVuSansCondensed", "DejaVuSerif-Bold", "DejaVuSans-Oblique",
                                  "DejaVuSansMono", "DejaVuSans-ExtraLight"])
def test_a_subset_cut_from_a_seed_is_the_one_cut_from_the_font(name: str) -> None:
    path = installed_font(name)
    assert path is not None
    pick = random.Random(name)
    for size in (1, 40, 200):
        chars = frozenset(pick.sample(POOL, size))
        seed = fontseed.seed(path, chars)
        assert seed is not None and len(seed) < path.stat().st_size / 4
        assert _subset(io.BytesIO(seed), chars) == _subset(path, chars)


def test_cut_takes_the_seed_and_keeps_the_parts_of_composite_glyphs() -> None:
    path = installed_font("DejaVuSerif")
    assert path is not None
    chars = frozenset("Åé ♠")
    seed = fontseed.seed(path, chars)
    assert seed is not None
    font = fontseed.read(path)
    # é and Å are made of parts: the seed holds them beside the characters' own glyphs
    whole = {font.best(ord(c)) for c in chars}
    assert len(fontseed._closure(font, whole | {0})) > len(whole) + 1
    assert struct.unpack_from(">H", seed, dict(fontseed._tables(seed))["maxp"][0] + 4)[0] \
        == len(fontseed._closure(font, whole | {0}))
    assert cut(path, chars) == _subset(path, chars)


def test_a_font_the_reader_does_not_know_is_cut_from_its_file(tmp_path: Path) -> None:
    path = installed_font("DejaVuSans")
    assert path is not None
    data = bytearray(path.read_bytes())
    post = fontseed._tables(bytes(data))["post"][0]
    struct.pack_into(">L", data, post, 0x00030000)  # no glyph names in the file
    odd = tmp_path / "DejaVuSans.ttf"
    odd.write_bytes(bytes(data))
    assert fontseed.seed(odd, frozenset("Bench")) is None
    assert cut(odd, frozenset("Bench")).gids == _subset(path, frozenset("Bench")).gids


def test_a_damaged_font_gives_no_seed(tmp_path: Path) -> None:
    path = installed_font("DejaVuSerif")
    assert path is not None
    cut_short = tmp_path / "DejaVuSerif.ttf"
    cut_short.write_bytes(path.read_bytes()[:len(path.read_bytes()) // 2])
    assert fontseed.seed(cut_short, frozenset("Åé")) is None
    (tmp_path / "empty.ttf").write_bytes(b"")
    assert fontseed.seed(tmp_path / "empty.ttf", frozenset("A")) is None


@pytest.mark.parametrize("name", sorted(p.stem for p in DEJAVU_DIR.glob("*.ttf")))
def test_each_map_gives_the_kept_glyphs_the_characters_fonttools_reads_in_it(name: str) -> None:
    """A map is searched, not read whole: for a subset's glyphs it finds the characters
    fontTools' own reading of that map gives them, in every pinned font."""
    from fontTools.ttLib import TTFont

    path = installed_font(name)
    assert path is not None
    font, theirs = fontseed.read(path), TTFont(path)
    pick = random.Random(name)
    kept = sorted({0, *pick.sample(range(1, len(font.places) - 1), 150)})
    new = {glyph: i for i, glyph in enumerate(kept)}
    assert font.maps
    for found in font.maps:
        read = theirs["cmap"].getcmap(found.platform, found.encoding).cmap
        gid = {c: theirs.getGlyphID(g) for c, g in read.items()}
        expected = sorted((c, new[g]) for c, g in gid.items() if g in new)
        assert fontseed._pairs(font.data, found, new) == expected


def test_a_segment_whose_glyphs_wrap_past_65535_and_a_glyph_array_are_searched() -> None:
    """A format 4 map built here (no pinned font has a segment whose glyphs run past
    65535 and on from 0): its pairs are those a lookup of every character gives."""
    layout = [(0x41, 0x45, (0xFFFE - 0x41) & 0xFFFF, None),  # FFFE FFFF 0 1 2
                 (0x61, 0x63, 0, [5, 0, 7]),  # an array: 0 draws nothing
                 (0xFFFF, 0xFFFF, 1, None)]
    n = len(layout)
    power = 1 << (n.bit_length() - 1)
    offsets = [0 if array is None else 2 * (n - i) for i, (*_, array) in enumerate(layout)]
    glyphs = [g for *_, array in layout for g in array or []]
    body = struct.pack(f">{n}HH{n}H{n}H{n}H{len(glyphs)}H",
                       *[end for _, end, _, _ in layout], 0,
                       *[start for start, *_ in layout],
                       *[delta for _, _, delta, _ in layout], *offsets, *glyphs)
    data = struct.pack(">HHHHHHH", 4, 14 + len(body), 0, 2 * n, 2 * power,
                       power.bit_length() - 1, 2 * n - 2 * power) + body
    found = fontseed._one_map(data, 0)
    assert found.runs[:2] == ((0x41, 0xFFFE, 2), (0x43, 0, 3))  # the wrapping segment: two runs
    assert len(found.arrays) == 1
    new = {0: 0, 1: 1, 2: 2, 5: 3, 7: 4, 0xFFFF: 5}
    glyph = lookup_4(data, 0)
    every = [(code, new[glyph(code)]) for code in range(0xFFFF) if glyph(code) in new.keys() - {0}]
    pairs = fontseed._pairs(data, found, new)
    assert pairs == every == [(0x42, 5), (0x44, 1), (0x45, 2), (0x61, 3), (0x63, 4)]


def test_a_map_out_of_order_or_not_closed_by_u_ffff_alone_gives_no_seed(
        tmp_path: Path) -> None:
    """What the searches assume (segments in order, the last one U+FFFF's alone, which
    fontTools never reads as a character) is checked: where it does not hold, fontTools
    reads the font itself. A text holding U+FFFF is cut from a seed as from the font."""
    path = installed_font("DejaVuSans")
    assert path is not None
    chars = frozenset("Bench\uffff")
    seed = fontseed.seed(path, chars)
    assert seed is not None and _subset(io.BytesIO(seed), chars) == _subset(path, chars)
    four = next(found.at for found in fontseed.read(path).maps if found.kind == 4)
    ends, starts, *_ = segments(path.read_bytes(), four)
    doubled = 2 * len(ends)
    for where, value in [(four + 16 + doubled + 2, ends[0]),  # the second starts where 0 ends
                         (four + 16 + 2 * doubled - 2, 0xFFFE)]:  # the last starts at FFFE
        data = bytearray(path.read_bytes())
        struct.pack_into(">H", data, where, value)
        odd = tmp_path / "DejaVuSans.ttf"
        odd.write_bytes(bytes(data))
        assert fontseed.seed(odd, frozenset("Bench")) is None
    assert fontseed.seed(path, frozenset("Bench")) is not None


def test_each_glyph_s_metrics_are_read_as_fonttools_reads_them() -> None:
    from fontTools.ttLib import TTFont

    path = installed_font("DejaVuSansMono-Bold")  # four advances, the rest share the last
    assert path is not None
    font, theirs = fontseed.read(path), TTFont(path)
    assert font.numbers < len(font.places) - 1
    order = theirs.getGlyphOrder()
    for glyph in [0, font.numbers - 1, font.numbers, font.numbers + 1, len(order) - 1]:
        advance, bearing = struct.unpack(">Hh", fontseed._metrics(font, glyph))
        assert (advance, bearing) == theirs["hmtx"][order[glyph]]


def test_metrics_shorter_than_the_glyphs_give_no_seed(tmp_path: Path) -> None:
    path = installed_font("DejaVuSans")
    assert path is not None
    data = bytearray(path.read_bytes())
    directory = 12 + 16 * sorted(fontseed._tables(bytes(data))).index("hmtx")
    assert struct.unpack_from(">4s", data, directory)[0] == b"hmtx"
    struct.pack_into(">L", data, directory + 12, 100)  # the table's length: 25 glyphs
    short = tmp_path / "DejaVuSans.ttf"
    short.write_bytes(bytes(data))
    assert fontseed.seed(short, frozenset("Bench")) is None


def test_a_subsets_cache_key_names_the_installed_fonttools() -> None:
    """The key takes fontTools' version from its package (a cut imports it anyway), which
    must be the installed distribution's: an upgrade cuts every subset again."""
    from importlib.metadata import version

    assert fontsubset._fonttools_version() == version("fonttools")
