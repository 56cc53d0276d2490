"""Pictures a template draws (``<image href="art/back.png">``) come from the deck's own tree.

A relative ``href`` is read from the game's folder (never outside it: ``..`` and links
that leave it are refused), checked to be a PNG, JPEG, GIF or SVG, and embedded in the
face as a ``data:`` URI, so cairo never fetches anything. A remote URL, ``file://``, an
absolute path or a path leaving the tree is an ``ImageRefused`` (rule ``template-image``);
nothing is dropped silently (cairosvg would skip such an image without a word). Every
embedded picture is recorded as an ``ImageUse`` with its pixel size and, where the
``<image>`` gives its size in millimetres, its resolution for the print lint.
"""

from __future__ import annotations

import base64
import html
import re
import struct
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from generator.problems import display_path

HREF = re.compile(r"""(\s(?:[\w.-]+:)?href\s*=\s*)(["'])(.*?)\2""", re.S)
CSS_URL = re.compile(r"""url\(\s*['"]?\s*([^'")\s]*)""")
NUMBER = r"\s*=\s*[\"']\s*([0-9.]+)\s*(?:mm)?\s*[\"']"
MAX_IMAGE_BYTES = 20_000_000
DATA_TYPES = ("data:image/png;", "data:image/jpeg;", "data:image/gif;", "data:image/svg+xml;")


class ImageRefused(Exception):
    def __init__(self, message: str, href: str) -> None:
        super().__init__(message)
        self.message = message
        self.href = href


@dataclass(frozen=True)
class ImageUse:
    """One picture on one face: what the print lint needs to judge its resolution.

    ``path`` is as shown to the user; ``kind`` is png, jpeg, gif or svg; ``px`` its size
    in pixels (None for SVG); ``box_mm`` the ``<image>`` width and height when given in
    millimetres (the face's user unit); ``dpi`` the lower of the two resolutions that
    follow, or None when either is unknown."""

    path: str
    kind: str
    px: tuple[int, int] | None
    box_mm: tuple[float, float] | None

    @property
    def dpi(self) -> float | None:
        if self.px is None or self.box_mm is None or min(self.box_mm) <= 0:
            return None
        return round(min(p / (mm / 25.4) for p, mm in zip(self.px, self.box_mm,
                                                          strict=True)), 1)


def embed_images(svg: str, folder: Path) -> tuple[str, list[ImageUse]]:
    """The SVG with every file ``href`` replaced by its embedded picture, and the uses."""
    if "href" not in svg and "url(" not in svg:
        return svg, []  # most faces: nothing to look at
    for match in CSS_URL.finditer(svg):
        target = html.unescape(match[1])
        if target and not target.startswith("#"):
            raise ImageRefused(f"'url({target})' in a style: only '#id' is allowed "
                               "(draw pictures with <image href>)", target)
    uses: list[ImageUse] = []
    parts, last = [], 0
    for match in HREF.finditer(svg):
        target = html.unescape(match[3]).strip()
        if target.startswith("#") or target.startswith(DATA_TYPES):
            continue
        data_uri, use = _embedded(target, folder, _element(svg, match.start()))
        uses.append(use)
        parts += [svg[last:match.start(3)], data_uri]
        last = match.end(3)
    return "".join(parts) + svg[last:], uses


def _element(svg: str, at: int) -> str:
    start = svg.rfind("<", 0, at)
    end = svg.find(">", at)
    return svg[start:end + 1]


def _embedded(href: str, folder: Path, element: str) -> tuple[str, ImageUse]:
    path = _confined(href, folder)
    kind, data, px = _picture(str(path), path.stat().st_mtime_ns, href)
    sizes = [re.search(rf"\s{name}{NUMBER}", element) for name in ("width", "height")]
    box = (float(sizes[0][1]), float(sizes[1][1])) if sizes[0] and sizes[1] else None
    mime = "svg+xml" if kind == "svg" else kind
    return (f"data:image/{mime};base64,{data}",
            ImageUse(display_path(path), kind, px, box))


def _confined(href: str, folder: Path) -> Path:
    if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", href) or href.startswith(("/", "\\", "//")):
        raise ImageRefused(f"image '{href}' is not a file in the deck's folder: remote "
                           "URLs, file:// and absolute paths are refused", href)
    root = folder.resolve()
    path = (root / href).resolve()
    if not path.is_relative_to(root):
        raise ImageRefused(f"image '{href}' leaves the deck's folder "
                           f"{display_path(folder)}/", href)
    if not path.is_file():
        raise ImageRefused(f"image '{href}' not found in {display_path(folder)}/", href)
    return path


@lru_cache(maxsize=64)
def _picture(path: str, mtime: int, href: str) -> tuple[str, str, tuple[int, int] | None]:
    """(kind, base64 text, pixel size) of a picture file, read once per version."""
    with open(path, "rb") as handle:
        data = handle.read(MAX_IMAGE_BYTES + 1)
    if len(data) > MAX_IMAGE_BYTES:
        raise ImageRefused(f"image '{href}' is larger than {MAX_IMAGE_BYTES} bytes", href)
    kind, px = _kind(data)
    if kind is None:
        raise ImageRefused(f"image '{href}' is not a PNG, JPEG, GIF or SVG file", href)
    return kind, base64.b64encode(data).decode("ascii"), px


def _kind(data: bytes) -> tuple[str | None, tuple[int, int] | None]:
    if data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) >= 24:
        return "png", struct.unpack(">II", data[16:24])
    if data.startswith((b"GIF87a", b"GIF89a")) and len(data) >= 10:
        return "gif", struct.unpack("<HH", data[6:10])
    if data.startswith(b"\xff\xd8"):
        return "jpeg", _jpeg_size(data)
    head = data[:512].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith((b"<svg", b"<?xml")) and b"<svg" in data[:4096]:
        return "svg", None
    return None, None


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    """Width and height from the first start-of-frame marker."""
    at = 2
    while at + 9 < len(data) and data[at] == 0xFF:
        marker, length = data[at + 1], struct.unpack(">H", data[at + 2:at + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD,
                      0xCE, 0xCF):
            height, width = struct.unpack(">HH", data[at + 5:at + 9])
            return (width, height)
        at += 2 + length
    return None
