"""Where the cache folder is, and how an entry is kept: ``cache_root`` (the folder, or a
private temporary one after one warning when it cannot be used), ``keep`` (one entry
written whole, a cache that cannot take it costing only speed), and ``sealed``/``opened``
(an entry's first line names its format and the sha256 of what follows: a torn, flipped
or foreign entry is made again, never trusted, and said once). Below every module that
keeps something (the faces' cache, compiled templates, cairocffi's declarations, font
subsets), so none of them imports another to find the folder.
"""

from __future__ import annotations

import atexit
import hashlib
import os
import shutil
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

from generator.files.bundled import SOURCE_TREE
from generator.files.fileio import write_atomic


def cache_root() -> Path:
    """``$COPPERPLATE_CACHE``, else ``$XDG_CACHE_HOME/copperplate``, else ``.cache/copperplate``
    beside the project in a source checkout (``~/.cache/copperplate`` when installed); a
    private temporary folder when that one cannot be written."""
    if os.environ.get("COPPERPLATE_CACHE"):
        return usable(Path(os.environ["COPPERPLATE_CACHE"]))
    if os.environ.get("XDG_CACHE_HOME"):
        return usable(Path(os.environ["XDG_CACHE_HOME"]) / "copperplate")
    return usable((SOURCE_TREE or Path.home()) / ".cache" / "copperplate")


@lru_cache(maxsize=64)
def usable(folder: Path) -> Path:
    """``folder`` if a file can be made in it; else a temporary folder, after one warning
    (once per folder and process) — a read-only cache must never stop a build."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".probe-")
        os.close(fd)
        os.unlink(probe)
        return folder
    except OSError as exc:
        fallback = Path(tempfile.mkdtemp(prefix="copperplate-cache-"))
        atexit.register(shutil.rmtree, fallback, True)
        print(f"copperplate: warning: cache folder '{folder}' cannot be used "
              f"({exc.strerror or exc}): every face is drawn again this time",
              file=sys.stderr)
        return fallback


def keep(path: Path, content: bytes) -> None:
    """Store one cache entry. A cache that cannot take it (a full disk, a folder made
    read-only since) costs only speed: the run goes on, and says so once per process."""
    try:
        write_atomic(path, content)
    except OSError as exc:
        if not UNWRITABLE:
            UNWRITABLE.append(path)
            print(f"copperplate: warning: the cache cannot be written ('{path}': "
                  f"{exc.strerror or exc}): this run goes on without keeping what it "
                  "computed", file=sys.stderr)


UNWRITABLE: list[Path] = []  # the first entry that could not be kept, if any


def sealed(kind: str, data: bytes, prefix: str = "") -> bytes:
    """``data`` as an entry is kept: a first line naming its format (``kind``) and the
    sha256 of what follows (``prefix`` before it: ``# `` where the entry is Python code)."""
    return _head(kind, data, prefix) + b"\n" + data


def opened(kind: str, entry: bytes, path: Path | str, prefix: str = "") -> bytes | None:
    """What ``sealed`` kept, or None when its first line does not match what follows (a
    torn write, a flipped byte, another program's file): the caller makes it again, and
    the run says so once."""
    head, _, data = entry.partition(b"\n")
    if head == _head(kind, data, prefix):
        return data
    if not DAMAGED:
        DAMAGED.append(Path(path))
        print(f"copperplate: note: a damaged cache entry ('{path}') is not used: what it "
              "held is made again (said once a run)", file=sys.stderr)
    return None


def _head(kind: str, data: bytes, prefix: str) -> bytes:
    return f"{prefix}{kind} sha256={hashlib.sha256(data).hexdigest()}".encode("ascii")


DAMAGED: list[Path] = []  # the first damaged entry met, if any
