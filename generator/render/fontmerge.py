"""One font subset per typeface per document, instead of one per rendered face.

cairo embeds its own subset of every font in every face PDF, so a 54-card deck carried
about 200 copies of DejaVu (three quarters of the file). Here every subset of one typeface
is replaced by a single subset of the installed font file holding the union of their
glyphs, as a ``Type0``/``Identity-H`` font whose codes are that subset's glyph ids. The
content streams that show text are rewritten to those codes: cairo draws text through
the font's own character map (no shaping), so each code's ``ToUnicode`` character names
exactly the glyph it drew. A font whose file is not installed here is left as it was.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TypeVar

import pikepdf
from pikepdf import Array, Dictionary, Name

from generator.render.fontsubset import installed_font, subset

TEXT_SHOW = {"Tj", "TJ", "'", '"'}
HEX = re.compile(rb"<([0-9A-Fa-f]+)>")


@dataclass
class Typeface:
    """Every use of one installed font across the document's forms."""

    path: Path
    chars: set[str] = field(default_factory=set)
    descriptor: pikepdf.Object | None = None


@dataclass(frozen=True)
class Merged:
    font: pikepdf.Object  # the Type0 font placed in every form that used the typeface
    gid: dict[str, int]  # character -> glyph id in the merged subset (0: .notdef)
    base: str  # its tagged name: the same name is the same subset


# rewritten content streams of recent builds: a watched deck re-merges the same faces
RECODED: dict[tuple[str, tuple[tuple[str, str, str], ...]], bytes] = {}
RECODED_MAX = 4096


def _base_name(font: pikepdf.Object) -> str:
    name = str(font.get("/BaseFont", ""))[1:]
    return name.split("+", 1)[1] if re.match(r"^[A-Z]{6}\+", name) else name


def _code_width(font: pikepdf.Object) -> int | None:
    """Bytes per code for the fonts cairo writes; None for anything else (left alone)."""
    if font.get("/Subtype") == Name.TrueType:
        return 1
    if font.get("/Subtype") == Name.Type0 and font.get("/Encoding") == Name("/Identity-H"):
        return 2
    return None


def to_unicode(font: pikepdf.Object) -> dict[bytes, str]:
    """code -> text from a font's ToUnicode CMap (the bfchar and bfrange forms cairo uses)."""
    stream = font.get("/ToUnicode")
    return {} if stream is None else parse_cmap(stream.read_bytes())


@lru_cache(maxsize=4096)
def parse_cmap(text: bytes) -> dict[bytes, str]:
    """Cached: the same face's CMap comes back on every rebuild (callers never change it)."""
    out: dict[bytes, str] = {}
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", text, re.S):
        pairs = HEX.findall(block)
        for code, uni in zip(pairs[::2], pairs[1::2], strict=False):
            out[bytes.fromhex(code.decode())] = bytes.fromhex(uni.decode()).decode("utf-16-be")
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", text, re.S):
        for lo, hi, start in re.findall(rb"<(\w+)>\s*<(\w+)>\s*<(\w+)>", block):
            first, width = int(lo, 16), len(lo) // 2
            base = bytes.fromhex(start.decode()).decode("utf-16-be")
            for i in range(int(hi, 16) - first + 1):
                out[(first + i).to_bytes(width, "big")] = base[:-1] + chr(ord(base[-1]) + i)
    return out


def _holders(pdf: pikepdf.Pdf, roots: list[pikepdf.Object]) -> Iterator[pikepdf.Object]:
    """Every form (and nested form) that may show text, once each."""
    seen: set[tuple[int, int]] = set()
    todo = list(roots)
    while todo:
        form = todo.pop()
        if form.objgen in seen:
            continue
        seen.add(form.objgen)
        yield form
        xobjects = form.get("/Resources", Dictionary()).get("/XObject", Dictionary())
        todo += [x for _, x in xobjects.items() if x.get("/Subtype") == Name.Form]


def merge_fonts(pdf: pikepdf.Pdf, forms: list[pikepdf.Object]) -> None:
    """Replace the per-form subsets of ``forms`` (already in ``pdf``) by one per typeface."""
    holders = font_holders(pdf, forms)
    merged = merged_fonts(pdf, typefaces(holders))
    for form, used in holders:
        rewrite(form, used, merged)


Holder = tuple[pikepdf.Object, list["Used"]]  # a form that may show text, and its fonts


def font_holders(pdf: pikepdf.Pdf, forms: list[pikepdf.Object]) -> list[Holder]:
    """Every form of ``forms`` (nested ones too) with the fonts the merge replaces, in the
    order the merge reads them (the first use of a typeface gives its descriptor)."""
    return [(form, _used(form)) for form in _holders(pdf, forms)]


def merged_fonts(pdf: pikepdf.Pdf, faces: dict[str, Typeface]) -> dict[str, Merged]:
    """One merged subset per typeface, made in ``pdf``."""
    return {name: _merged_font(pdf, name, face) for name, face in sorted(faces.items())}


@dataclass(frozen=True)
class Used:
    """One font of one form that the merge replaces, read once."""

    key: str  # its name in the form's resources
    name: str  # its PostScript name, without the subset's tag
    path: Path  # the installed font file
    width: int  # bytes per code
    cmap: bytes  # its ToUnicode CMap (empty: none)
    font: pikepdf.Object


def _used(form: pikepdf.Object) -> list[Used]:
    """The fonts of ``form`` whose font file is installed here (the rest stay as they are)."""
    out = []
    for key, font in form.get("/Resources", Dictionary()).get("/Font", Dictionary()).items():
        width, name = _code_width(font), _base_name(font)
        path = installed_font(name) if width is not None else None
        if width is not None and path is not None:
            cmap = font.get("/ToUnicode")
            out.append(Used(key, name, path, width,
                            cmap.read_bytes() if cmap is not None else b"", font))
    return out


def typefaces(holders: list[Holder]) -> dict[str, Typeface]:
    """Each typeface the holders use: its font file, every character shown, and the
    descriptor of its first use."""
    faces: dict[str, Typeface] = {}
    for _, used in holders:
        for font in used:
            # the space too, though cairo moves over spaces instead of drawing them: text
            # extraction sizes a word gap by the font's own space (a bold face's gap read
            # against an average-width guess ran "How to print" together)
            face = faces.setdefault(font.name, Typeface(font.path, {" "}))
            face.chars.update(parse_cmap(font.cmap).values())
            if face.descriptor is None:
                face.descriptor = _descriptor(font.font)
    return faces


def _descriptor(font: pikepdf.Object) -> pikepdf.Object:
    if font.get("/Subtype") == Name.Type0:
        return font.DescendantFonts[0].FontDescriptor
    return font.FontDescriptor


def _tag(name: str, order: tuple[str, ...]) -> str:
    digest = hashlib.sha256((name + "|" + ",".join(order)).encode()).digest()
    return "".join(chr(ord("A") + b % 26) for b in digest[:6])


def _merged_font(pdf: pikepdf.Pdf, name: str, face: Typeface) -> Merged:
    found = subset(face.path, frozenset(face.chars))
    data, widths, gids = found.program, found.widths, found.gids
    base = Name(f"/{_tag(name, found.order)}+{name}")
    program = pdf.make_stream(data)
    program.Length1 = len(data)
    descriptor = Dictionary({k: v for k, v in (face.descriptor or Dictionary()).items()
                             if k not in ("/FontFile", "/FontFile2", "/FontFile3")})
    descriptor.FontName = base
    descriptor.FontFile2 = program
    descriptor.Flags = 4  # symbolic: the codes are glyph ids, not a standard encoding
    cid = Dictionary(Type=Name.Font, Subtype=Name.CIDFontType2, BaseFont=base,
                     CIDSystemInfo=Dictionary(Registry=pikepdf.String("Adobe"),
                                              Ordering=pikepdf.String("Identity"),
                                              Supplement=0),
                     FontDescriptor=pdf.make_indirect(descriptor),
                     CIDToGIDMap=Name.Identity, W=Array([0, Array(list(widths))]))
    font = Dictionary(Type=Name.Font, Subtype=Name.Type0, BaseFont=base,
                      Encoding=Name("/Identity-H"),
                      DescendantFonts=Array([pdf.make_indirect(cid)]),
                      ToUnicode=pdf.make_stream(_cmap(gids)))
    return Merged(pdf.make_indirect(font), gids, str(base))


def _cmap(gids: dict[str, int]) -> bytes:
    """A ToUnicode CMap from glyph ids back to their characters, so text stays extractable."""
    pairs = sorted({(g, c) for c, g in gids.items() if g})
    body = []
    for start in range(0, len(pairs), 100):
        chunk = pairs[start:start + 100]
        body.append(f"{len(chunk)} beginbfchar")
        body += [f"<{g:04x}> <{c.encode('utf-16-be').hex()}>" for g, c in chunk]
        body.append("endbfchar")
    return "\n".join([
        "/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap",
        "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
        "/CMapName /Adobe-Identity-UCS def", "/CMapType 2 def",
        "1 begincodespacerange", "<0000> <ffff>", "endcodespacerange", *body,
        "endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"]).encode()


Recode = dict[str, tuple[int, dict[bytes, str], Merged]]  # font key -> how to recode it
K = TypeVar("K")
V = TypeVar("V")


def rewrite(form: pikepdf.Object, used: list[Used], merged: dict[str, Merged]) -> None:
    """``form``'s text recoded to the merged subsets, and its fonts replaced by them."""
    if not used:
        return
    recode: Recode = {u.key: (u.width, parse_cmap(u.cmap), merged[u.name]) for u in used}
    signature = tuple((u.key, merged[u.name].base, hashlib.sha1(u.cmap).hexdigest())
                      for u in used)
    assert isinstance(form, pikepdf.Stream)
    digest = _content_key(form)
    if (digest, signature) not in RECODED:
        _bounded(RECODED)[digest, signature] = _parsed(form, digest).recoded(recode)
    form.write(RECODED[digest, signature])
    refont(form, used, merged)


def refont(form: pikepdf.Object, used: list[Used], merged: dict[str, Merged]) -> None:
    """``form``'s fonts replaced by the merged ones (its text already recoded to them)."""
    fonts = form.Resources.Font
    for font in used:
        fonts[font.key] = merged[font.name].font


def _content_key(form: pikepdf.Stream) -> str:
    """What tells one form's content from another's: its bytes as stored and how they are
    encoded (the same stored bytes under the same filters decode the same), read without
    decoding them (the parse decodes them once, only when the content is new)."""
    coding = repr((form.get("/Filter"), form.get("/DecodeParms"))).encode()
    return hashlib.sha1(coding + b"\0" + form.read_raw_bytes()).hexdigest()


@dataclass(frozen=True)
class Parsed:
    """A form's content stream cut at the instructions that show text: the text between
    them as it is written back (unchanged), and each text instruction with the font then
    in use. Recoding for new subsets (a watched deck's edit moves the glyph ids) then
    writes only those instructions again instead of parsing the whole stream."""

    parts: tuple[bytes | tuple[pikepdf.ContentStreamInstruction, str], ...]

    def recoded(self, recode: Recode) -> bytes:
        out = []
        for part in self.parts:
            if isinstance(part, bytes):
                out.append(part)
                continue
            show, font = part
            if font in recode:
                show = pikepdf.ContentStreamInstruction(
                    [_recode(o, *recode[font]) for o in show.operands], show.operator)
            out.append(bytes(pikepdf.unparse_content_stream([show])))
        return b"\n".join(out)


PARSED: dict[str, Parsed] = {}  # by the content's key (``_content_key``)


def _bounded(memo: dict[K, V]) -> dict[K, V]:
    """``memo``, emptied first when full (a long watch must not grow without end)."""
    if len(memo) >= RECODED_MAX:
        memo.clear()
    return memo


def _parsed(form: pikepdf.Stream, digest: str) -> Parsed:
    if digest in PARSED:
        return PARSED[digest]
    parts: list[bytes | tuple[pikepdf.ContentStreamInstruction, str]] = []
    run: list[pikepdf.ContentStreamInstruction | pikepdf.ContentStreamInlineImage] = []
    current: str | None = None
    stack: list[str | None] = []
    for instruction in pikepdf.parse_content_stream(form):
        if isinstance(instruction, pikepdf.ContentStreamInlineImage):
            run.append(instruction)
            continue
        op = str(instruction.operator)
        if op == "q":
            stack.append(current)
        elif op == "Q" and stack:
            current = stack.pop()
        elif op == "Tf":
            current = str(instruction.operands[0])
        elif op in TEXT_SHOW and current is not None:
            if run:
                parts.append(bytes(pikepdf.unparse_content_stream(run)))
            parts.append((instruction, current))
            run = []
            continue
        run.append(instruction)
    if run:
        parts.append(bytes(pikepdf.unparse_content_stream(run)))
    _bounded(PARSED)[digest] = Parsed(tuple(parts))
    return PARSED[digest]


def _recode(operand: pikepdf.Object, width: int, text: dict[bytes, str],
            target: Merged) -> pikepdf.Object:
    if isinstance(operand, pikepdf.Array):
        return Array([_recode(o, width, text, target) for o in operand])
    if not isinstance(operand, pikepdf.String):
        return operand
    raw = bytes(operand)
    codes = [raw[i:i + width] for i in range(0, len(raw), width)]
    glyphs = b"".join(target.gid.get(text.get(c, ""), 0).to_bytes(2, "big") for c in codes)
    return pikepdf.String(glyphs)
