"""fontTools' subset of a seed, made with ``fontTools.ttLib`` alone.

A seed (``fontseed``) already holds exactly the glyphs a subset keeps: those asked for,
the parts of the composite ones and ``.notdef``, in the font's order. Of what fontTools'
subsetter does, on such a font and with the options ``fontsubset`` gives it (no layout
tables, no hinting, ``.notdef`` with its outline, name IDs 0 to 6, no glyph names), what is
left is a handful of table edits, made here in the subsetter's order with the table
methods it calls itself: the Unicode maps cut to the characters of the glyphs asked for
(a format 12 map dropped where its BMP-only twin says the same), the hinting limits of
``maxp`` reset, ``post`` without names, every glyph's instructions removed, the Unicode and
code page bits of ``OS/2`` pruned, the names pruned. The module ``fontTools.subset`` (its
import is about 55 ms beyond the tables a cut reads anyway) is then not loaded at all.
``tests/render/test_font_seed.py`` checks the bytes against the subsetter's on the pinned
fonts; a font that is not a seed as ``fontseed`` makes them (another table, another kind of
character map, a glyph left out of the closure) is refused untouched, for the subsetter.
"""

from __future__ import annotations

from typing import Any

SEED_TABLES = frozenset({"OS/2", "cmap", "glyf", "head", "hhea", "hmtx", "loca", "maxp",
                         "name", "post"})
NAME_IDS = frozenset({0, 1, 2, 3, 4, 5, 6})
ENGLISH = 0x0409


def cut(font: Any, wanted: set[str]) -> bool:
    """``font`` (a seed's ``TTFont``) cut as the subsetter cuts it to the glyphs ``wanted``;
    False, and the font untouched, when it is not a seed this module knows."""
    if not _is_seed(font, wanted):
        return False
    cmap = font["cmap"]
    cmap.numSubTables = len(cmap.tables)  # prune_pre_subset: Unicode maps only (all here)
    maxp = font["maxp"]
    if maxp.tableVersion == 0x00010000:
        maxp.maxZones, maxp.maxTwilightPoints, maxp.maxStorage = 1, 0, 0
        maxp.maxFunctionDefs = maxp.maxInstructionDefs = maxp.maxStackElements = 0
        maxp.maxSizeOfInstructions = 0
    font["post"].formatType = 3.0
    _cut_cmap(cmap, wanted)
    glyf = font["glyf"]  # every glyph kept, in its order: the parts' ids stay as they are
    font["post"].extraNames = []
    font.setGlyphOrder(list(font.getGlyphOrder()))
    os2 = font["OS/2"]
    os2.recalcUnicodeRanges(font, pruneOnly=True)
    if os2.version >= 1:
        os2.recalcCodePageRanges(font, pruneOnly=True)
    for glyph in glyf.glyphs.values():
        glyph.trim(remove_hinting=True, extended=glyf.extended)
    _prune_names(font)
    return True


def _is_seed(font: Any, wanted: set[str]) -> bool:
    """Only the seed's tables, Unicode maps of format 4 or 12, and every glyph either asked
    for, ``.notdef`` or a part of one asked for (nothing for the subsetter to drop)."""
    if set(font.keys()) - {"GlyphOrder"} != SEED_TABLES:
        return False
    if not all(t.isUnicode() and t.format in (4, 12) for t in font["cmap"].tables):
        return False
    order = font.getGlyphOrder()
    glyf, kept = font["glyf"], {order[0], *wanted}
    todo = list(kept)
    while todo:
        glyph = glyf.glyphs.get(todo.pop())
        for part in glyph.getComponentNames(glyf) if glyph is not None else ():
            if part not in kept:
                kept.add(part)
                todo.append(part)
    return kept == set(order)


def _cut_cmap(cmap: Any, wanted: set[str]) -> None:
    """The subsetter's ``cmap.subset_glyphs`` for Unicode maps of format 4 and 12."""
    bmp_12, by_language = [], {}
    for t in cmap.tables:
        if (t.platformID, t.platEncID) in ((0, 3), (3, 1)):
            by_language[t.platformID, t.language] = t
        t.cmap = {u: g for u, g in t.cmap.items() if g in wanted}
        if t.format == 12 and t.cmap and max(t.cmap) < 0x10000:
            bmp_12.append(t)
    for t in bmp_12:  # the same characters as its BMP-only twin: dropped
        twin = by_language.get((t.platformID, t.language))
        if (t.platformID, t.platEncID) in ((0, 4), (3, 10)) and twin is not None \
                and twin.cmap == t.cmap:
            t.cmap.clear()
    cmap.tables = [t for t in cmap.tables if t.cmap]
    cmap.numSubTables = len(cmap.tables)


def _prune_names(font: Any) -> None:
    """The subsetter's ``name.prune_post_subset``: the names asked for and those another
    table points at, Unicode ones, in English."""
    from fontTools.ttLib.tables._n_a_m_e import NameRecordVisitor

    visitor = NameRecordVisitor()
    visitor.visit(font)
    keep = NAME_IDS | visitor.seen
    name = font["name"]
    name.names = [n for n in name.names
                  if n.nameID in keep and n.isUnicode() and n.langID == ENGLISH]
