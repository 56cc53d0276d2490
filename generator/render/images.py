"""Pictures a template draws (``<image href="art/back.png">``) come from the deck's own tree.

A relative ``href`` is read from the game's folder through ``confined`` (no ``..`` out of
it, no link on the way, only a regular file), checked by ``decoding`` the way cairo will
draw it (Pillow for PNG, JPEG and GIF, pixels counted before decoding; SVG without DTD,
bounded), and embedded in the face as a ``data:`` URI, so cairo never fetches anything.
A ``data:`` picture the template writes itself is checked the same way. A remote URL,
``file://``, an absolute path, a path leaving the tree or a picture past a limit is an
``ImageRefused`` (rule ``template-image``); nothing is dropped silently (cairosvg would
skip such an image without a word). Every embedded picture is recorded as an ``ImageUse``
with its pixel size and, where the ``<image>`` gives its size in millimetres, its
resolution for the print lint.
"""
from __future__ import annotations

import base64
import html
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from generator.files.confined import FileMissing, FileRefused, parts_of, read_inside, stat_inside
from generator.files.problems import display_path
from generator.render.decoding import (
    IMPORT,
    Undecodable,
    data_uri,
    hrefs,
    picture,
    styles,
)

NUMBER = r"\s*=\s*[\"']\s*([0-9.]+)\s*(?:mm)?\s*[\"']"
MAX_IMAGE_BYTES = 20_000_000


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


def refers(svg: str) -> bool:
    """Whether the SVG may refer to anything (most faces: nothing to look at): an
    ``href``, a ``url(`` or what ``styles`` takes for an ``@import`` (looked for only
    where there is an ``@``, not by lowering the whole text)."""
    return "href" in svg or "url(" in svg or ("@" in svg and IMPORT.search(svg) is not None)


def embed_images(svg: str, folder: Path) -> tuple[str, list[ImageUse]]:
    """The SVG with every file ``href`` replaced by its embedded picture, and the uses."""
    if not refers(svg):
        return svg, []
    for target in styles(svg):
        if target == "@import":
            raise ImageRefused("'@import' in a style: stylesheets are not loaded (put the "
                               "rules in the face's own <style>)", "@import")
        raise ImageRefused(f"'{target}' in a style: only '#id' is allowed "
                           "(draw pictures with <image href>)", target[4:-1])
    uses: list[ImageUse] = []
    parts, last = [], 0
    for match in hrefs(svg):
        target = html.unescape(match[3]).strip()
        if target.startswith("#"):
            continue
        if target.lower().startswith("data:"):
            _checked_data(target)
            continue
        data_uri, use = _embedded(target, folder, _element(svg, match.start()))
        uses.append(use)
        parts += [svg[last:match.start(3)], data_uri]
        last = match.end(3)
    return "".join(parts) + svg[last:], uses


def _checked_data(uri: str) -> None:
    """A picture the template embeds itself is held to the same limits as a file."""
    problem = _data_problem(uri)
    if problem is not None:
        shown = uri if len(uri) <= 40 else f"{uri[:37]}..."
        raise ImageRefused(f"embedded picture '{shown}' {problem}", uri[:40])


@lru_cache(maxsize=64)
def _data_problem(uri: str) -> str | None:
    """Why a ``data:`` picture is refused, or None; worked out once for all the faces
    that embed it (a bomb is refused in one decoding, not one per face)."""
    try:
        data_uri(uri)
    except Undecodable as exc:
        return exc.message
    return None


def _element(svg: str, at: int) -> str:
    start = svg.rfind("<", 0, at)
    end = svg.find(">", at)
    return svg[start:end + 1]


def _embedded(href: str, folder: Path, element: str) -> tuple[str, ImageUse]:
    relative = _relative(href, folder)
    root = Path(os.path.abspath(folder.parent))
    kind, data, px = _picture(root, relative, href)
    sizes = [re.search(rf"\s{name}{NUMBER}", element) for name in ("width", "height")]
    box = (float(sizes[0][1]), float(sizes[1][1])) if sizes[0] and sizes[1] else None
    mime = "svg+xml" if kind == "svg" else kind
    return (f"data:image/{mime};base64,{data}",
            ImageUse(display_path(root / relative), kind, px, box))


def _relative(href: str, folder: Path) -> str:
    """The picture's path below the components tree (``game/art/x.png``)."""
    if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", href) or href.startswith(("/", "\\", "//")):
        raise ImageRefused(f"image '{href}' is not a file in the deck's folder: remote "
                           "URLs, file:// and absolute paths are refused", href)
    try:
        parts = parts_of(f"{folder.name}/{href}")
    except FileRefused:
        parts = [".."]
    if parts[0] != folder.name or len(parts) < 2:
        raise ImageRefused(f"image '{href}' leaves the deck's folder "
                           f"{display_path(folder)}/", href)
    return "/".join(parts)


def _picture(root: Path, relative: str, href: str) -> tuple[str, str, tuple[int, int] | None]:
    """(kind, base64 text, pixel size) of a picture file, read and checked once per
    version; read inside the tree, never through a link (``confined``)."""
    try:
        status = stat_inside(root, relative)
        return _checked_file(root, relative, href, (status.st_ino, status.st_mtime_ns,
                                                    status.st_size))
    except FileMissing:
        folder = display_path(root / relative.split("/")[0])
        raise ImageRefused(f"image '{href}' not found in {folder}/", href) from None
    except FileRefused as exc:
        raise ImageRefused(f"image '{href}': {exc.reason}", href) from None


def _checked_file(root: Path, relative: str, href: str, version: tuple[int, int, int]
                  ) -> tuple[str, str, tuple[int, int] | None]:
    found = _file_picture(root, relative, version)
    if isinstance(found, str):
        raise ImageRefused(f"image '{href}' {found}", href)
    return found


@lru_cache(maxsize=64)
def _file_picture(root: Path, relative: str, version: tuple[int, int, int]
                  ) -> tuple[str, str, tuple[int, int] | None] | str:
    """(kind, base64 text, pixel size) of one version of a picture file, or why it is
    refused: decoded once for all the faces that show it."""
    data = read_inside(root, relative, MAX_IMAGE_BYTES)
    if len(data) > MAX_IMAGE_BYTES:
        return f"is larger than {MAX_IMAGE_BYTES} bytes"
    try:
        kind, px = picture(data)
    except Undecodable as exc:
        return exc.message
    return kind, base64.b64encode(data).decode("ascii"), px
