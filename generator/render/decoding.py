"""What a deck makes the process decode, checked before it is decoded, within bounds.

A picture is judged the way cairosvg will draw it (``cairosvg.image``): a PNG by its
signature; SVG by its start (or a ``<svg`` anywhere, or gzip's signature: ``.svgz``);
anything else through Pillow. So what ``validate`` accepts, ``build`` draws, and what
the build would refuse, ``validate`` refuses first.

- **Raster** (PNG, JPEG, GIF, read through Pillow only): the size its header gives is
  checked against ``MAX_PIXELS`` before a pixel is decoded; then the picture is decoded
  once, so a header that lies (a GIF whose frames do not match it) is refused here, not
  by cairo in the middle of a build.
- **SVG**: gzip is inflated at most to ``MAX_SVG_BYTES``; the XML is parsed with
  defusedxml, no DTD (so no entity expansion) and at most ``MAX_DEPTH`` elements deep;
  a reference inside it must be ``#id`` or an embedded ``data:`` picture (checked the same
  way, at most ``MAX_NESTING`` deep): a remote or file reference would be dropped by
  cairosvg without a word, so it is refused; so is a stylesheet ``@import``.
"""

from __future__ import annotations

import base64
import binascii
import html
import io
import re
import warnings
import zlib
from collections.abc import Callable, Iterator
from xml.etree.ElementTree import XML, Element, ParseError

from defusedxml import DefusedXmlException  # type: ignore[import-untyped]
from defusedxml.ElementTree import fromstring  # type: ignore[import-untyped]

MAX_PIXELS = 50_000_000  # a 600 dpi A4 page is 35 MP; decoded as RGBA, 200 MB
MAX_SVG_BYTES = 16_000_000  # as much as one face's SVG may hold
MAX_DEPTH = 200
MAX_NESTING = 3
MAX_DRAWN = 100_000  # elements drawn once <use> is followed; a busy board draws ~5,000
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
RASTER_FORMATS = ("PNG", "JPEG", "GIF")
HREF = re.compile(r"""(\s(?:[\w.-]+:)?href\s*=\s*)(["'])(.*?)\2""", re.S)
CSS_URL = re.compile(r"""url\(\s*['"]?\s*([^'")\s]*)""")
DECLARATION = re.compile(r"<!(?!--|\[CDATA\[)")
IMPORT = re.compile(r"@import\b", re.I)
DATA_URI = re.compile(r"^data:([^,]*?)(;base64)?,(.*)$", re.S | re.I)


class Undecodable(Exception):
    """A picture or an SVG that is not drawn: ``message`` says why, in the user's words."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def picture(data: bytes, nesting: int = 0) -> tuple[str, tuple[int, int] | None]:
    """(kind, pixel size) of a picture's bytes — png, jpeg, gif (size) or svg (None) —
    once they have been found safe to draw; ``Undecodable`` otherwise."""
    if data.startswith(b"\x89PNG"):
        return raster(data, ("PNG",))
    if data.startswith((b"<svg ", b"<?xml", b"<!DOC", b"\x1f\x8b")) or b"<svg" in data:
        references(svg_text(data), nesting)
        return "svg", None
    return raster(data, RASTER_FORMATS)


def raster(data: bytes, formats: tuple[str, ...]) -> tuple[str, tuple[int, int]]:
    """Kind and pixel size, the size checked against ``MAX_PIXELS`` from the header
    before the picture is decoded (once: a header that lies is found here)."""
    from PIL import Image  # only decks with pictures pay for Pillow

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data), formats=list(formats))
    except Image.DecompressionBombError:
        raise Undecodable(f"has more than the limit of {MAX_PIXELS:,} pixels") from None
    except (OSError, ValueError, SyntaxError):
        raise Undecodable("is not a PNG, JPEG, GIF or SVG file") from None
    with image:
        width, height = image.size
        if width * height > MAX_PIXELS:
            raise Undecodable(f"is {width} x {height} pixels, more than the limit of "
                              f"{MAX_PIXELS:,} pixels")
        try:
            image.load()
        except (OSError, ValueError, SyntaxError, EOFError) as exc:
            raise Undecodable(f"is a damaged {image.format} file ({exc})") from None
        return str(image.format).lower(), (width, height)


def svg_text(data: bytes) -> str:
    """An SVG's text: inflated when gzipped (at most ``MAX_SVG_BYTES``), as UTF-8."""
    if data.startswith(b"\x1f\x8b"):
        inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            data = inflater.decompress(data, MAX_SVG_BYTES + 1)
        except zlib.error:
            raise Undecodable("is a damaged gzip (.svgz) file") from None
        if len(data) > MAX_SVG_BYTES or inflater.unconsumed_tail:
            raise Undecodable(f"inflates past the limit of {MAX_SVG_BYTES:,} bytes")
        if not inflater.eof:
            raise Undecodable("is a damaged gzip (.svgz) file (cut short)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise Undecodable("is SVG that is not UTF-8 text") from None


def parse(text: str) -> Element:
    """An SVG's XML tree: no DTD, no entities, at most ``MAX_DEPTH`` elements deep."""
    try:
        root = _tree(text)
    except DefusedXmlException:
        raise Undecodable("declares a DTD or entities, which SVG here may not") from None
    except ParseError as exc:
        raise Undecodable(f"is not valid SVG: {exc}") from None
    if text.count("<") > MAX_DEPTH and _depth(root) > MAX_DEPTH:  # else it cannot be
        raise Undecodable(f"nests elements more than {MAX_DEPTH} deep")
    if "<use" in text and _expanded(root) > MAX_DRAWN:
        raise Undecodable(f"draws more than {MAX_DRAWN:,} elements once its <use> "
                          "references are followed")
    return root


def _tree(text: str) -> Element:
    """The XML tree: by expat's C tree builder when the text declares nothing (no ``<!``
    but comments and CDATA: no DTD, so no entity either), the same tree defusedxml's
    Python-level parser builds, in a third of its time; else, or when that fails (for
    its own message), by defusedxml."""
    if DECLARATION.search(text) is None:
        try:
            return XML(text)
        except ParseError:
            pass
    return fromstring(text, forbid_dtd=True)


def check_face(text: str, judged: Callable[[str], object] | None = None) -> None:
    """What ``parse`` would refuse in a face's SVG, found without building its tree when
    it cannot be there (a build parses thousands of faces; cairo parses them again): a
    declaration that is no comment and no CDATA is a DTD; a face of fewer tags than
    ``MAX_DEPTH`` cannot nest deeper, and one without ``<use`` draws each element once.
    ``judged`` stands for ``parse`` where the tree is needed (raising what it raises)."""
    if DECLARATION.search(text):
        raise Undecodable("declares a DTD or entities, which SVG here may not")
    if text.count("<") > MAX_DEPTH or "<use" in text:
        (judged or parse)(text)


def _depth(root: Element) -> int:
    deepest, todo = 0, [(root, 1)]
    while todo:
        node, depth = todo.pop()
        deepest = max(deepest, depth)
        todo += [(child, depth + 1) for child in node]
    return deepest


def _expanded(root: Element) -> int:
    """How many elements cairo draws once every ``<use>`` is followed (each ``<use>``
    draws its target's whole subtree again: ten of ten of ten… is a bomb in a few hundred
    bytes), counted up to ``MAX_DRAWN + 1``; a ``<use>`` that reaches itself is refused."""
    ids = {element.get("id"): element for element in root.iter() if element.get("id")}
    cost: dict[int, int] = {}
    on_path: set[int] = set()
    todo: list[tuple[Element, bool]] = [(root, False)]
    while todo:
        node, finished = todo.pop()
        if id(node) in cost:
            continue
        needs = [*node, *_use_target(node, ids)]
        if finished:
            cost[id(node)] = min(MAX_DRAWN + 1, 1 + sum(cost[id(n)] for n in needs))
            on_path.discard(id(node))
            continue
        if id(node) in on_path:
            raise Undecodable("has a <use> that refers to itself")
        on_path.add(id(node))
        todo += [(node, True), *((n, False) for n in needs if id(n) not in cost)]
    return cost[id(root)]


def _use_target(node: Element, ids: dict[str | None, Element]) -> list[Element]:
    if not str(node.tag).endswith("use"):
        return []
    href = node.get(XLINK_HREF) or node.get("href") or ""
    target = ids.get(href[1:]) if href.startswith("#") else None
    return [target] if target is not None else []


def styles(text: str) -> Iterator[str]:
    """The targets of ``url(…)`` and ``@import`` in a drawing's styles that would load
    something other than a part of the same drawing (``#id``)."""
    for match in CSS_URL.finditer(text):
        target = html.unescape(match[1])
        if target and not target.startswith("#"):
            yield f"url({target})"
    if IMPORT.search(text):
        yield "@import"


def hrefs(text: str) -> Iterator[re.Match[str]]:
    return HREF.finditer(text)


def references(text: str, nesting: int) -> None:
    """An SVG picture's own references: only ``#id`` and embedded pictures."""
    parse(text)
    for target in styles(text):
        raise Undecodable(f"holds '{target}' in a style: a picture inside a picture may only "
                          "refer to its own parts (#id)")
    for match in hrefs(text):
        target = html.unescape(match[3]).strip()
        if target.startswith("#"):
            continue
        if not target.lower().startswith("data:"):
            raise Undecodable(f"refers to '{target[:80]}': a picture inside a picture must be "
                              "embedded (a data: URI), it is not fetched")
        data_uri(target, nesting + 1)


def data_uri(uri: str, nesting: int = 0) -> tuple[str, tuple[int, int] | None]:
    """(kind, pixel size) of a ``data:`` picture, checked as a file would be."""
    if nesting > MAX_NESTING:
        raise Undecodable(f"embeds pictures more than {MAX_NESTING} deep")
    match = DATA_URI.match(uri)
    if match is None:
        raise Undecodable("is not a data: URI")
    try:
        payload = (base64.b64decode(re.sub(r"\s", "", match[3]), validate=True) if match[2]
                   else _percent_decoded(match[3]))
    except (binascii.Error, ValueError):
        raise Undecodable("is a data: URI whose base64 is damaged") from None
    return picture(payload, nesting)


def _percent_decoded(text: str) -> bytes:
    from urllib.parse import unquote_to_bytes

    return unquote_to_bytes(text)
