"""The installed font files, and fontTools' subset of one holding a document's characters.

``fontmerge`` puts one subset per typeface in a document; this module finds the font file
a PDF font names and cuts it down to the characters shown, keeping each cut in memory and
on disk (by the font file, the characters and fontTools' version; sealed, so a damaged
entry is cut again, never embedded).
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import importlib.util
import io
import json
import re
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import ModuleType

from generator.render import fontseed
from generator.render.cachedir import cache_root, keep, opened, sealed
from generator.render.fonts import DEJAVU_DIR

FORMAT = "copperplate-font-2"  # sealed (cachedir.sealed): a flipped byte is never embedded
# cairo places every glyph itself (no shaping), PDF viewers ignore hinting programs and
# cairo draws no colour (SVG) glyphs
UNUSED_TABLES = {"GSUB", "GPOS", "GDEF", "kern", "FFTM", "hdmx", "LTSH", "VDMX", "fpgm",
                 "prep", "cvt ", "gasp", "MATH", "SVG "}


@lru_cache(maxsize=256)
def installed_font(name: str, folder: Path = DEJAVU_DIR) -> Path | None:
    """The pinned font file of a PostScript name: DejaVu names each file after its font
    (``DejaVuSerif-Bold.ttf``; a regular face may drop ``-Regular``), which a test checks
    against the files' name tables. Asked once per name (every font of every face asks)."""
    if not re.fullmatch(r"[A-Za-z0-9-]+", name):
        return None
    for stem in (name, name.removesuffix("-Regular")):
        if (folder / f"{stem}.ttf").is_file():
            return folder / f"{stem}.ttf"
    return None


@dataclass(frozen=True)
class Subset:
    program: bytes  # the TrueType file
    order: tuple[str, ...]  # glyph names by glyph id
    widths: tuple[int, ...]  # advance widths in 1/1000 em, by glyph id
    gids: dict[str, int]  # character -> glyph id (0: .notdef)


@lru_cache(maxsize=64)
def subset(path: Path, chars: frozenset[str]) -> Subset:
    """The installed font cut down to ``chars``; kept in memory (a watched deck merges on
    every save) and on disk beside the faces (importing fontTools alone costs 0.3 s)."""
    found = path.stat()  # a font package upgraded in place changes its time, if not its size
    key = hashlib.sha256("|".join([FORMAT, _fonttools_version(), str(path), str(found.st_size),
                                   str(found.st_mtime_ns), *sorted(chars)]).encode())
    file = cache_root() / "fonts" / f"{key.hexdigest()}.json"
    try:
        entry = opened(FORMAT, file.read_bytes(), file)  # None: torn or flipped, said once
        if entry is not None:
            saved = json.loads(entry)
            return Subset(base64.b64decode(saved["program"]), tuple(saved["order"]),
                          tuple(saved["widths"]), saved["gids"])
    except (OSError, ValueError, KeyError, TypeError):
        pass  # missing (or, under a good seal, not what this version writes): cut it again
    made = cut(path, chars)
    record = {"program": base64.b64encode(made.program).decode(), "order": made.order,
              "widths": made.widths, "gids": made.gids}
    keep(file, sealed(FORMAT, json.dumps(record, sort_keys=True).encode("utf-8")))
    return made


def _fonttools_version() -> str:
    """fontTools' own version: its package alone (a cut imports the rest), where asking
    the installed distribution parses its 140 kB of metadata (the same few ms)."""
    return str(importlib.import_module("fontTools").version)


def cut(path: Path, chars: frozenset[str]) -> Subset:
    """The subset, cut by fontTools from a seed of the installed file: the glyphs it needs
    copied out of the font read once per process (``fontseed``: a fraction of fontTools'
    reading of the whole font, the same bytes, which a test checks); from the file itself
    when the font cannot be seeded."""
    seed = fontseed.seed(path, chars)
    return _subset(io.BytesIO(seed) if seed is not None else path, chars)


def _subset(source: Path | io.BytesIO, chars: frozenset[str]) -> Subset:
    """fontTools' subset of ``source`` holding ``chars``."""
    ftsubset = _fonttools_subset()
    from fontTools.ttLib import TTFont

    font = TTFont(source, recalcTimestamp=False)  # the file's own date: same bytes every build
    for tag in UNUSED_TABLES & set(font.keys()):
        del font[tag]  # before subsetting: reading GSUB/GPOS alone costs 0.1 s per font
    cmap = font.getBestCmap()
    wanted = {cmap[ord(c)] for c in chars if len(c) == 1 and ord(c) in cmap}
    options = ftsubset.Options()
    options.layout_features = []  # cairo places every glyph itself: no shaping tables
    options.hinting = False
    options.notdef_outline = True
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
    sub = ftsubset.Subsetter(options)
    sub.populate(glyphs=sorted(wanted))
    sub.subset(font)
    order = tuple(font.getGlyphOrder())
    index = {name: i for i, name in enumerate(order)}
    scale = 1000 / font["head"].unitsPerEm
    widths = tuple(round(font["hmtx"][name][0] * scale) for name in order)
    gids = {c: index.get(cmap.get(ord(c), ""), 0) if len(c) == 1 else 0 for c in chars}
    out = io.BytesIO()
    font.save(out)
    return Subset(out.getvalue(), order, widths, gids)


def _fonttools_subset() -> ModuleType:
    """fontTools' subsetter, loaded without what it never uses on the pinned fonts: lxml,
    which it imports only to cut 'SVG ' tables (the merge drops that table first,
    ``UNUSED_TABLES``), and the body of ``fontTools.varLib`` (designspace, feature files,
    colour layers, the variation merger: a third of the subsetter's import), whose package
    the subsetter opens only to reach its ``varStore`` and ``multiVarStore`` modules. Those
    two are loaded as always; both stay importable afterwards, whole."""
    if "fontTools.subset" in sys.modules or "lxml" in sys.modules:
        return importlib.import_module("fontTools.subset")
    stubs: dict[str, ModuleType | None] = {"lxml": None}  # "import lxml" fails: no SVG
    varlib = importlib.util.find_spec("fontTools.varLib")
    if "fontTools.varLib" not in sys.modules and varlib is not None \
            and varlib.submodule_search_locations is not None:
        stubs["fontTools.varLib"] = bare = ModuleType("fontTools.varLib")
        bare.__path__ = list(varlib.submodule_search_locations)  # its modules, not its body
        bare.__spec__ = varlib
    sys.modules.update(stubs)  # type: ignore[arg-type]
    try:
        return importlib.import_module("fontTools.subset")
    finally:
        for name in stubs:
            del sys.modules[name]
