"""A watched deck's PDF, assembled again in place: the bytes a fresh ``write_pdf`` gives.

``write_pdf`` builds a new pikepdf document every time: each face's PDF copied in as a
form, the pages laid out, every form's fonts merged into one subset per typeface, all
saved. A watch's save usually changes one face and nothing of the layout, so ``KeptPdf``
keeps the last document open and, when the new one has the same pages (every placement,
line, overlay and page box, and each face's size), only puts the changed faces' forms in
place of the old ones. The merged fonts are made again only when what they are made of
changed (the characters shown in a typeface, or the descriptor its first use gives):
then every form whose characters moved to other glyph ids in them is recoded from its
original content, as the fresh merge does, and the others only take the new fonts (their
text already holds those glyph ids); otherwise only the new forms are recoded. The saved
file holds only what the document reaches, so the old forms left behind are not in it;
it numbers streams as it reaches them, but the small objects it packs into object streams
(a gradient's shading, say) by where they sit in memory, where a face copied in now sits
last: a new face that brings any of those is assembled afresh. So is anything else the
in-place path does not cover (other pages, two faces of the same bytes, a face whose kept
PDF was closed). Tests hold the watch's PDF to a fresh build's after edits of every kind.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pikepdf

from generator.render.document import Document
from generator.render.fontmerge import (
    Holder,
    Merged,
    Used,
    font_holders,
    merged_fonts,
    parse_cmap,
    refont,
    rewrite,
    typefaces,
)
from generator.render.geometry import Paper
from generator.render.pdfwriter import (
    Writer,
    _forget_opened,
    _kept,
    _opened,
    assembled,
    page_boxes,
)

FONT_FILES = ("/FontFile", "/FontFile2", "/FontFile3", "/FontName")  # the merge sets these


@dataclass
class Face:
    """One art's form in the kept document, and what its fonts were before the merge."""

    holders: list[Holder]  # the form and its nested forms, with the fonts they used
    original: dict[tuple[int, int], bytes]  # each holder's content before it was recoded
    recoded: bool = False  # its content is the merge's, no longer cairo's


@dataclass
class Kept:
    writer: Writer
    shape: tuple[Any, ...]
    arts: list[bytes]
    faces: dict[int, Face] = field(default_factory=dict)  # by art index, the placed ones
    made: dict[str, tuple[Any, ...]] = field(default_factory=dict)  # what merged fonts hold
    merged: dict[str, Merged] = field(default_factory=dict)
    refonted: int = 0  # forms whose text stood when the fonts were merged again


FRESH_EVERY = 200
"""In-place rounds before the document is assembled afresh: each leaves the objects it
replaced behind in memory (the saved file never holds them), so a long watch is bounded."""


class KeptPdf:
    """``write_pdf`` for one watched deck, the last document kept between calls."""

    def __init__(self) -> None:
        self.last: Kept | None = None
        self.reused = 0  # documents assembled in place (the rest afresh)
        self.since = 0  # in-place rounds since the last fresh one

    def write(self, doc: Document, art_pdfs: Sequence[bytes], paper: Paper, title: str,
              duplex: str) -> bytes:
        shape, last, self.last = _shape(doc, paper, len(art_pdfs)), self.last, None
        # (dropped until done: a round that fails half way leaves nothing half changed)
        if last is not None and last.shape == shape and self.since < FRESH_EVERY and \
                _in_place(last, list(art_pdfs)):
            self.reused, self.since = self.reused + 1, self.since + 1
        else:
            last, self.since = _fresh(doc, list(art_pdfs), paper, shape), 0
        data = last.writer.finish(title, duplex)
        self.last = last
        return data


def _shape(doc: Document, paper: Paper, arts: int) -> tuple[Any, ...]:
    """Everything of a document the writer reads besides the faces' bytes."""
    return (paper, arts, tuple((tuple(page.placements), tuple(page.lines), page.overlay,
                                page_boxes(page, paper)) for page in doc.pages))


def _fresh(doc: Document, arts: list[bytes], paper: Paper, shape: tuple[Any, ...]) -> Kept:
    """``write_pdf``'s document, its fonts merged, each face's fonts noted first."""
    writer = assembled(doc, arts, paper)
    kept = Kept(writer, shape, arts)
    for art, found in enumerate(writer.forms):
        if found is not None:
            kept.faces[art] = _face(writer.pdf, found[0])
    _merge(kept, set(kept.faces))
    return kept


def _face(pdf: pikepdf.Pdf, form: pikepdf.Object) -> Face:
    holders = font_holders(pdf, [form])
    return Face(holders, {held.objgen: held.read_bytes() for held, used in holders if used})


def _in_place(kept: Kept, arts: list[bytes]) -> bool:
    """Put the changed faces in place; False when it cannot (the kept document is then
    dropped: it may hold copies of the new faces, never placed)."""
    changed = [art for art, data in enumerate(arts) if data != kept.arts[art]]
    opened, _ = _kept()
    if len(set(arts)) != len(arts) or any(
            (0, kept.arts[art]) not in opened for art in kept.faces if art not in changed):
        return False  # the same bytes twice (``Writer`` opens them apart), or closed
    writer, copies = kept.writer, {}
    for art in changed:
        found = writer.forms[art]
        if found is None:  # not placed: nothing to replace
            continue
        form, width, height = _opened(arts[art], 0)
        if (width, height) != found[1:]:
            return False  # another size: other matrices on the pages
        copy = writer.pdf.copy_foreign(form)
        face = _face(writer.pdf, copy)
        if _numbered(copy, face):
            return False
        copies[art] = (copy, width, height, face)
    _forget_opened()
    for art in kept.faces:  # every face still in use stays open
        _opened(arts[art], 0)
    for art, (copy, width, height, face) in copies.items():
        _place(writer, writer.forms[art], copy)
        writer.forms[art], kept.faces[art] = (copy, width, height), face
    kept.arts = arts
    _merge(kept, set(copies))
    return True


def _numbered(form: pikepdf.Object, face: Face) -> bool:
    """Whether the new form brings an object the saved file packs into an object stream
    (an indirect one that is no stream: a graphics state, a font the merge keeps). qpdf
    numbers those by their place in memory, where a copy made now comes last: a fresh
    build would number them otherwise. The fonts the merge replaces do not count."""
    merged = {used.font.objgen for _, fonts in face.holders for used in fonts}
    seen: set[tuple[int, int]] = set()
    todo = [form]
    while todo:
        obj = todo.pop()
        if not isinstance(obj, pikepdf.Object):
            continue  # a number, read as Python's
        if obj.is_indirect:
            if obj.objgen in seen or obj.objgen in merged:
                continue
            seen.add(obj.objgen)
            if not isinstance(obj, pikepdf.Stream):
                return True
        if isinstance(obj, pikepdf.Stream | pikepdf.Dictionary):
            todo += [value for _, value in obj.items()]
        elif isinstance(obj, pikepdf.Array):
            todo += list(obj)
    return False


def _place(writer: Writer, old: tuple[pikepdf.Object, float, float] | None,
           new: pikepdf.Object) -> None:
    """``new`` wherever the pages place ``old``'s form."""
    if old is None:
        return
    for page in writer.pdf.pages:
        xobjects = page.obj.Resources.XObject
        for name, placed in list(xobjects.items()):
            if placed.objgen == old[0].objgen:
                xobjects[name] = new


def _merge(kept: Kept, new: set[int]) -> None:
    """Merge the fonts as ``merge_fonts`` does over every placed form (the last one read
    first); when the merged fonts would be what they are, recode only the ``new`` faces;
    when they are made again, recode the new faces and the forms whose glyph ids moved."""
    order = sorted(kept.faces, reverse=True)
    holders = [held for art in order for held in kept.faces[art].holders]
    faces = typefaces(holders)
    made = {name: (face.path, frozenset(face.chars), _descriptor(face.descriptor))
            for name, face in faces.items()}
    before = kept.merged
    if made != kept.made:
        kept.merged, kept.made = merged_fonts(kept.writer.pdf, faces), made
    for art in order:
        face = kept.faces[art]
        if art not in new and before is kept.merged:
            continue  # the same merged fonts: its text and fonts stand
        for form, used in face.holders:
            if not used:
                continue  # no text of a merged font: nothing to recode
            if art not in new and _same_glyphs(used, before, kept.merged):
                refont(form, used, kept.merged)  # its text stands: codes as they were
                kept.refonted += 1
                continue
            if face.recoded:
                form.write(face.original[form.objgen])  # as it came from cairo
            rewrite(form, used, kept.merged)
        face.recoded = True


def _same_glyphs(used: list[Used], before: dict[str, Merged],
                 after: dict[str, Merged]) -> bool:
    """Whether each character a form's fonts can show has the same glyph id in the merged
    fonts ``after`` as in ``before`` (what its text was recoded to): then recoding its
    text again writes what it holds (an edit that brings a character no other text
    shows, say, moves no glyph of a face without it)."""
    return all(font.name in before and _glyphs(font, before[font.name]) ==
               _glyphs(font, after[font.name]) for font in used)


def _glyphs(font: Used, merged: Merged) -> list[int]:
    """The merged subset's glyph id of each code the form's font maps (as ``rewrite``
    recodes it: 0 where the merged font has none)."""
    return [merged.gid.get(text, 0) for text in parse_cmap(font.cmap).values()]


def _descriptor(descriptor: pikepdf.Object | None) -> tuple[tuple[str, str], ...]:
    """A font descriptor's entries the merged font copies, as text."""
    if descriptor is None:
        return ()
    return tuple((str(key), repr(value.unparse() if isinstance(value, pikepdf.Object)
                                 else value))
                 for key, value in sorted(descriptor.items()) if key not in FONT_FILES)
