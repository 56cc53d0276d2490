"""The TrueType tables measuring reads agree with fontTools on every pinned font."""

from __future__ import annotations

from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from generator.render.fonts import DEJAVU_DIR
from generator.render.ttf import FontTables, FontUnreadable

FONTS = sorted(DEJAVU_DIR.glob("*.ttf"))


@pytest.mark.parametrize("path", FONTS, ids=[p.name for p in FONTS])
def test_character_map_advances_and_boxes_are_fonttools_own(path: Path) -> None:
    found = FontTables(path.read_bytes())
    font = TTFont(str(path))
    order = font.getGlyphOrder()
    best = font.getBestCmap()
    assert found.units_per_em == font["head"].unitsPerEm
    # every character the map holds, and those between and past them it does not
    codes = set(best) | set(range(0, 0x3000)) | {0xFFFF, 0x10000, 0x1F600, 0x10FFFF}
    looked_up = {code: found.glyph(code) for code in codes}
    assert {code: order[g] for code, g in looked_up.items() if g} == {
        code: name for code, name in best.items() if name != ".notdef"}
    hmtx, glyf = font["hmtx"], font["glyf"]
    for glyph in set(looked_up.values()) | {0, len(order) - 1}:
        assert found.advance(glyph) == hmtx[order[glyph]][0]
    # decoding every outline takes fontTools seconds: Latin-1 and every 50th glyph
    glyphs = sorted(set(looked_up.values()))
    sample = {looked_up[c] for c in range(32, 256) if looked_up[c]}
    for glyph in sample | set(glyphs[::50]):
        outline = glyf[order[glyph]]
        expected = (outline.yMin, outline.yMax) if outline.numberOfContours else None
        assert found.box(glyph) == expected
    assert found.box(len(order)) is None  # past the last glyph


def test_a_file_that_is_no_truetype_font_is_refused() -> None:
    with pytest.raises(FontUnreadable):
        FontTables(b"\x00\x01\x00\x00" + bytes(40))
