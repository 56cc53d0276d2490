"""Every file a deck reads is opened here: inside its tree, never through a link.

A deck is a stranger's folder. ``read_inside(root, "mygame/templates/card.svg.j2")`` opens
each folder of the path relative to the one before it (``openat`` with ``O_NOFOLLOW``),
so a link anywhere on the way (a ``templates`` folder that leads elsewhere, a file that
leads to ``/proc/self/environ``) is refused, and a link swapped in after any check is
refused by the open itself. The opened file is then looked at (``fstat``), not its name:
a FIFO, a device, a socket or a folder is refused (a FIFO is opened without blocking, and
never read), and so is a file with more than one hard link in a user's tree (its other
name may be anywhere on the disk). The bundled tree follows the same rule but may be
hard-linked (installers link packaged files from their caches).

``root`` itself (the ``--components`` folder the user named, or the bundled tree) is
trusted; everything below it is not.
"""

from __future__ import annotations

import errno
import os
import posixpath
import stat
from functools import lru_cache
from pathlib import Path

from generator.files.bundled import BUNDLED_ROOTS

MISSING = "missing"
DIRECTORY = os.O_RDONLY | os.O_CLOEXEC | os.O_DIRECTORY
FOLLOW_NOTHING = getattr(os, "O_NOFOLLOW", 0)
KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
         (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"),
         (stat.S_ISLNK, "a link"))


class FileRefused(Exception):
    """A deck's file that is not read: ``part`` (a path below the root) is ``kind`` ("a
    link", "a FIFO (named pipe)", …), or the path leaves the tree (``kind`` "outside")."""

    def __init__(self, part: str, kind: str) -> None:
        self.part = part
        self.kind = kind
        self.reason = (f"'{part}' leads out of the deck's folder" if kind == "outside" else
                       f"'{part}' is {kind}: a deck's files are read only from inside its "
                       "folder (no links, no special files)")
        super().__init__(self.reason)


class FileMissing(Exception):
    """No file at that path (a folder on the way is missing or is a file)."""


def kind_of(mode: int) -> str:
    """What a file that is not a regular file is, in words."""
    return next((name for test, name in KINDS if test(mode)), "not a regular file")


def parts_of(relative: str) -> list[str]:
    """The names on the way to a file, ``..`` and ``.`` worked out; a path that leaves its
    root (absolute, or more ``..`` than folders) is refused."""
    clean = posixpath.normpath(relative.replace("\\", "/"))
    if clean.startswith(("/", "../")) or clean in ("..", "."):
        raise FileRefused(relative, "outside")
    return clean.split("/")


def read_inside(root: Path, relative: str, limit: int) -> bytes:
    """The bytes of ``root/relative``, at most ``limit`` (one more tells the caller it is
    longer). Raises ``FileMissing`` or ``FileRefused``."""
    return read_versioned(root, relative, limit)[0]


def read_versioned(root: Path, relative: str, limit: int) -> tuple[bytes, os.stat_result]:
    """``read_inside``, with the status of the file it read (its version: ``st_mtime_ns``)."""
    fd = _open_final(root, relative)
    try:
        status = os.fstat(fd)
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks), status
    finally:
        os.close(fd)


def stat_inside(root: Path, relative: str) -> os.stat_result:
    """What ``read_inside`` would open (a regular file's status), without reading it."""
    fd = _open_final(root, relative)
    try:
        return os.fstat(fd)
    finally:
        os.close(fd)


def _open_final(root: Path, relative: str) -> int:
    parts = parts_of(relative)
    try:
        folder = os.open(root, DIRECTORY)
    except (FileNotFoundError, NotADirectoryError):
        raise FileMissing(str(root)) from None
    try:
        for depth, name in enumerate(parts[:-1]):
            inner = _open_step(folder, name, "/".join(parts[:depth + 1]), DIRECTORY)
            os.close(folder)
            folder = inner
        fd = _open_step(folder, parts[-1], "/".join(parts),
                        os.O_RDONLY | os.O_CLOEXEC | os.O_NONBLOCK)
    finally:
        os.close(folder)
    _check_opened(fd, "/".join(parts), root)
    return fd


def _open_step(folder: int, name: str, shown: str, flags: int) -> int:
    try:
        return os.open(name, flags | FOLLOW_NOTHING, dir_fd=folder)
    except OSError as exc:
        if exc.errno == errno.ENOENT:
            raise FileMissing(shown) from None
        try:
            mode = os.stat(name, dir_fd=folder, follow_symlinks=False).st_mode
        except OSError:
            raise FileMissing(shown) from None
        if flags & os.O_DIRECTORY and stat.S_ISREG(mode):
            raise FileMissing(shown) from None  # a file where a folder should be
        raise FileRefused(shown, kind_of(mode)) from None


def _check_opened(fd: int, shown: str, root: Path) -> None:
    status = os.fstat(fd)
    problem = None
    if not stat.S_ISREG(status.st_mode):
        problem = kind_of(status.st_mode)
    elif status.st_nlink > 1 and not _is_bundled(root):
        problem = f"a file with {status.st_nlink} hard links (its other names may be outside)"
    if problem is not None:
        os.close(fd)
        raise FileRefused(shown, problem)


@lru_cache(maxsize=64)
def _is_bundled(root: Path) -> bool:
    absolute = Path(os.path.abspath(root))
    return any(absolute.is_relative_to(tree) for tree in BUNDLED_ROOTS.values())
