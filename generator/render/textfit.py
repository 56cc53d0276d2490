"""Text measured the way cairo draws it, and the one way templates fit data text in a box.

cairosvg places each character at the previous one's advance (no kerning), in the pinned
DejaVu file that fontconfig picks for the family, weight and style. Summing the advances
from that file's ``hmtx`` table, through its character map, gives the drawn width exactly;
a character missing from the map is drawn as a box, so ``missing`` reports it.

``fit(text, width, size, min_size)`` is registered in every template environment: it
shrinks the text down to ``min_size``, then wraps it onto up to ``lines`` lines, and when
even that does not fit raises ``TextFitError`` (the build reports it at the data line).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

from generator.render.fonts import DEJAVU_DIR
from generator.render.ttf import FontTables

PT_PER_MM = 72 / 25.4
WIDTHS_KEPT = 65_536  # texts' widths a font keeps
WORDS = re.compile(r"\S+?-(?=\S)|\S+")  # a hyphenated word may break after its hyphen
# family name as templates write it -> file stem; unknown families fall back to DejaVu Sans
# the way the pinned fonts.conf makes fontconfig do
FAMILIES = {
    "dejavu sans": "DejaVuSans", "sans-serif": "DejaVuSans", "sans": "DejaVuSans",
    "dejavu sans condensed": "DejaVuSansCondensed",
    "dejavu serif": "DejaVuSerif", "serif": "DejaVuSerif",
    "dejavu serif condensed": "DejaVuSerifCondensed",
    "dejavu sans mono": "DejaVuSansMono", "monospace": "DejaVuSansMono",
}


class TextFitError(ValueError):
    """Data text that cannot fit its box even at the smallest size on the most lines."""

    def __init__(self, text: str, message: str) -> None:
        super().__init__(message)
        self.text = text


@dataclass(frozen=True)
class Font:
    family: str = "DejaVu Sans"
    bold: bool = False
    italic: bool = False

    def path(self, folder: Path = DEJAVU_DIR) -> Path:
        return self.file if folder is DEJAVU_DIR else _font_path(self, folder)

    @cached_property
    def file(self) -> Path:
        """The bundled DejaVu file (a face's texts ask for it at every text: kept)."""
        return _font_path(self, DEJAVU_DIR)


@lru_cache(maxsize=256)
def _font_path(font: Font, folder: Path) -> Path:
    """The DejaVu file cairo draws ``font`` from (asked for every word measured: kept)."""
    stem = FAMILIES.get(font.family.split(",")[0].strip().strip("'\"").lower(), "DejaVuSans")
    serif = stem.startswith("DejaVuSerif")
    slant = ("Italic" if serif else "Oblique") if font.italic else ""
    style = ("Bold" if font.bold else "") + slant
    return folder / f"{stem}{'-' + style if style else ''}.ttf"


class Metrics:
    """One font file's advances and ink heights in ems, each character's looked up in the
    file the first time a text asks for it (``ttf.FontTables``) and kept."""

    def __init__(self, tables: FontTables) -> None:
        self._tables = tables
        self._em = float(tables.units_per_em)
        self.missing_advance = tables.advance(0) / self._em
        self._glyphs: dict[int, int] = {}
        self._advances: dict[int, float] = {}
        self._ink: dict[int, tuple[float, float] | None] = {}
        self._widths: dict[str, float] = {}

    def kept_ems(self, text: str) -> float:
        """``ems(text)``, kept by text: fitting asks for the same words and lines at every
        size, and the lint measures the same texts on many faces (one dict a font, for
        both: no text measured twice, no font path hashed for each word)."""
        found = self._widths.get(text)
        if found is None:
            if len(self._widths) >= WIDTHS_KEPT:
                self._widths.clear()
            found = self._widths[text] = self.ems(text)
        return found

    def has(self, code: int) -> bool:
        """Whether the font draws the character (else it prints the missing glyph's box)."""
        glyph = self._glyphs.get(code)
        if glyph is None:
            glyph = self._glyphs[code] = self._tables.glyph(code)
        return glyph != 0

    def advance(self, code: int) -> float:
        found = self._advances.get(code)
        if found is None:
            found = self._advances[code] = (
                self._tables.advance(self._glyphs[code]) / self._em if self.has(code)
                else self.missing_advance)
        return found

    def ems(self, text: str) -> float:
        """The width of ``text`` in ems (summed in the text's order, as ``advance`` gives)."""
        known = self._advances
        try:
            return sum([known[code] for code in map(ord, text)])
        except KeyError:  # a character not asked for before: looked up, then kept
            return sum([self.advance(code) for code in map(ord, text)])

    def ink(self, code: int) -> tuple[float, float] | None:
        """(highest ink above the baseline, lowest below it) of a drawn character with an
        outline; None for a blank or missing one."""
        if code not in self._ink:
            box = self._tables.box(self._glyphs[code]) if self.has(code) else None
            self._ink[code] = None if box is None else (box[1] / self._em, box[0] / self._em)
        return self._ink[code]


@lru_cache(maxsize=32)
def metrics(path: Path) -> Metrics:
    """The font file's metrics, read from the file as they are asked for."""
    return Metrics(FontTables(path.read_bytes()))


def width(text: str, font: Font, size: float, spacing: float = 0.0) -> float:
    """The drawn width of ``text`` at ``size`` (same unit out as in)."""
    return metrics(font.path()).kept_ems(text) * size + spacing * len(text)


def extent(text: str, font: Font, size: float) -> tuple[float, float]:
    """(ink above the baseline, ink below it) of ``text`` at ``size``, both >= 0."""
    top, bottom = _ink(text, font.path())
    return (max(0.0, top * size), max(0.0, bottom * size))


@lru_cache(maxsize=65536)
def _ink(text: str, path: Path) -> tuple[float, float]:
    """The highest ink of ``text`` above the baseline and the lowest below it, in ems
    (below as a positive depth): the lint asks for the same texts on many faces."""
    ink = metrics(path).ink
    boxes = [box for box in map(ink, map(ord, text)) if box is not None]
    if not boxes:
        return (0.0, 0.0)
    return (max(top for top, _ in boxes), -min(bottom for _, bottom in boxes))


def missing(text: str, font: Font) -> list[str]:
    """Characters the font has no glyph for (drawn as boxes), once each, in order."""
    return list(_missing(text, font.path()))


@lru_cache(maxsize=65536)
def _missing(text: str, path: Path) -> tuple[str, ...]:
    """``missing`` of a text in the font file at ``path``: the lint asks for the same
    texts on many faces."""
    m = metrics(path)
    return tuple(dict.fromkeys(c for c in text if not c.isspace() and not m.has(ord(c))))


@dataclass(frozen=True)
class Fitted:
    lines: tuple[str, ...]
    size: float  # font size the lines fit at (user units, mm in faces)

    @property
    def leading(self) -> float:
        return round(self.size * 1.2, 3)


PLAIN = frozenset({int, float, bool, str, type(None)})


def fit(text: object, box_width: float, size: float, min_size: float | None = None, *,
        lines: int = 1, family: str = "DejaVu Sans", bold: bool = False,
        italic: bool = False) -> Fitted:
    """The largest size from ``size`` down to ``min_size`` (in 2 % steps) at which ``text``
    fits ``box_width`` on one line, else on up to ``lines`` lines at that range's sizes.
    Fitted once per text and plain arguments (faces fit the same names and rules again)."""
    options = (box_width, size, min_size, lines, family, bold, italic)
    if type(text) is str and all(type(option) in PLAIN for option in options):
        return _fit_kept(text, *options)
    return _fit(text, *options)


@lru_cache(maxsize=4096, typed=True)  # typed: a size of 10 prints as 10, of 10.0 as 10.0
def _fit_kept(text: str, box_width: float, size: float, min_size: float | None, lines: int,
              family: str, bold: bool, italic: bool) -> Fitted:
    """``_fit`` of plain arguments, kept (a text that does not fit is not: raised again)."""
    return _fit(text, box_width, size, min_size, lines, family, bold, italic)


def _fit(text: object, box_width: float, size: float, min_size: float | None, lines: int,
         family: str, bold: bool, italic: bool) -> Fitted:
    words = WORDS.findall(str(text))
    font = Font(family, bold, italic)
    ems_of = metrics(font.path()).kept_ems  # found once: each size asks for every word's
    floor = size if min_size is None else min(min_size, size)
    if words:  # on one line: what _wrap finds, from the whole line's width alone
        line = _join("", words)
        ems, current = ems_of(line), size
        while current >= floor - 1e-9:
            if ems * current <= box_width + 1e-9:
                return Fitted((line,), round(current, 3))
            current *= 0.98
    for count in range(1 if not words else 2, max(1, lines) + 1):
        current = size
        while current >= floor - 1e-9:
            wrapped = _wrap(words, ems_of, current, box_width, count)
            if wrapped is not None:
                return Fitted(tuple(wrapped), round(current, 3))
            current *= 0.98
    widest = width(_join("", words), font, floor)
    raise TextFitError(str(text), f"'{text}' does not fit its {box_width:.1f} mm box: "
                       f"{widest:.1f} mm wide at the smallest size ({floor * PT_PER_MM:.1f} pt)"
                       f" on {lines} line(s); shorten it")


def _wrap(words: list[str], ems_of: Callable[[str], float], size: float, box: float,
          count: int) -> list[str] | None:
    """Greedy wrap into at most ``count`` lines no wider than ``box`` (``ems_of``: a text's
    width in ems in the font, without letter spacing), or None. On one line that is the
    whole line fitting (``_fit`` asks just that): every advance is at least 0, so no sum of
    a part of the line's characters, rounded as it is summed, is more than the line's."""
    out: list[str] = []
    for word in words:
        if ems_of(word) * size > box + 1e-9:
            return None
        joined = _glued(out[-1], word) if out else ""
        if joined and ems_of(joined) * size <= box + 1e-9:
            out[-1] = joined
        else:
            out.append(word)
        if len(out) > count:
            return None
    return out or [""]


def _join(line: str, words: list[str]) -> str:
    """Words back into a line: a space between them, none after a word's own hyphen (a
    dash standing alone between spaces keeps its spaces)."""
    for word in words:
        line = _glued(line, word)
    return line


def _glued(line: str, word: str) -> str:
    """``_join(line, [word])``."""
    if not line:
        return word
    glued = line.endswith("-") and line != "-" and not line.endswith(" -")
    return line + ("" if glued else " ") + word
