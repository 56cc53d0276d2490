"""The TrueType tables measuring reads agree with fontTools on every pinned font."""

from __future__ import annotations

from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from generator.render.fonts import DEJAVU_DIR
from generator.render.ttf import FontUnreadable, read_glyphs

FONTS = sorted(DEJAVU_DIR.glob("*.ttf"))


@pytest.mark.parametrize("path", FONTS, ids=[p.name for p in FONTS])
def test_character_map_advances_and_boxes_are_fonttools_own(path: Path) -> None:
    found = read_glyphs(path.read_bytes())
    font = TTFont(str(path))
    order = font.getGlyphOrder()
    assert found.units_per_em == font["head"].unitsPerEm
    assert {code: order[g] for code, g in found.glyph_of.items()} == font.getBestCmap()
    hmtx, glyf = font["hmtx"], font["glyf"]
    for glyph in set(found.glyph_of.values()) | {0}:
        assert found.advance(glyph) == hmtx[order[glyph]][0]
    # decoding every outline takes fontTools seconds: Latin-1 and every 50th glyph
    glyphs = sorted(set(found.glyph_of.values()))
    sample = {found.glyph_of[c] for c in range(32, 256) if c in found.glyph_of}
    for glyph in sample | set(glyphs[::50]):
        outline = glyf[order[glyph]]
        expected = (outline.yMin, outline.yMax) if outline.numberOfContours else None
        assert found.boxes.get(glyph) == expected


def test_a_file_that_is_no_truetype_font_is_refused() -> None:
    with pytest.raises(FontUnreadable):
        read_glyphs(b"\x00\x01\x00\x00" + bytes(40))
