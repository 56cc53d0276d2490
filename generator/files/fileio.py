"""Files are replaced whole or not at all.

``write_atomic`` replaces one file (a temporary file beside it, then a rename).
``replace_together`` replaces several files of one folder as a set (a build's PDF and its
manifest): the new folder is staged beside the old one, holding hard links to everything
else the old one held, then the two are swapped in one ``renameat2(RENAME_EXCHANGE)``
call. Killed at any moment, the folder holds the old set or the new set, never a mix.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from fnmatch import fnmatch
from pathlib import Path

RENAME_EXCHANGE = 2
AT_FDCWD = -100
STAGED = (".new-", ".old-")  # name parts of the folders a killed build leaves behind


def write_atomic(path: Path, content: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(content)
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600; output is for sharing
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def replace_together(folder: Path, files: Mapping[str, bytes], stale: str = "") -> None:
    """Put ``files`` (names inside ``folder``) in place as one set; other files stay, but
    for those matching the glob ``stale`` (what an earlier set had and this one drops)."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    with _locked(folder.parent):
        _sweep(folder)
        stage = Path(tempfile.mkdtemp(dir=folder.parent, prefix=f".{folder.name}.new-"))
        try:
            os.chmod(stage, 0o777 & ~_umask())
            if folder.is_dir():
                gone = {e.name for e in os.scandir(folder) if stale and fnmatch(e.name, stale)}
                _link_tree(folder, stage, skip=set(files) | gone)
            for name, content in files.items():
                write_atomic(stage / name, content)
            if folder.is_dir():
                _exchange(stage, folder)
            else:
                os.rename(stage, folder)
        finally:
            _remove(stage)  # the old set, after a swap


def _link_tree(source: Path, target: Path, skip: set[str]) -> None:
    """Everything in ``source`` but ``skip`` appears in ``target``: hard links, copies
    where the file system cannot link."""
    for entry in os.scandir(source):
        if entry.name in skip:
            continue
        there = target / entry.name
        if entry.is_symlink():
            os.symlink(os.readlink(entry.path), there)
        elif entry.is_dir():
            there.mkdir()
            _link_tree(Path(entry.path), there, set())
        else:
            try:
                os.link(entry.path, there)
            except OSError:
                shutil.copy2(entry.path, there)


def _exchange(new: Path, old: Path) -> None:
    """Swap two folders in one step; where the system cannot, two renames (a killed
    build then leaves ``.old-`` beside a missing folder, which ``_sweep`` puts back)."""
    import ctypes  # only a build's output folder is swapped

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.renameat2(AT_FDCWD, os.fsencode(new), AT_FDCWD, os.fsencode(old),
                          RENAME_EXCHANGE) == 0:
            return
    except (OSError, AttributeError):  # no renameat2 in this C library
        pass
    aside = Path(tempfile.mkdtemp(dir=old.parent, prefix=f".{old.name}.old-"))
    os.rmdir(aside)
    os.rename(old, aside)
    os.rename(new, old)
    os.rename(aside, new)  # removed by the caller like any staged folder


def _sweep(folder: Path) -> None:
    """Remove what a killed build staged beside ``folder``; restore a folder it had moved
    aside but not yet replaced."""
    for left in sorted(folder.parent.glob(f".{folder.name}.*")):
        if not any(part in left.name for part in STAGED):
            continue
        if ".old-" in left.name and not folder.exists():
            os.rename(left, folder)
        else:
            _remove(left)


def _remove(path: Path) -> None:
    """A staged folder, or the link that stood where the output folder was."""
    if path.is_symlink():
        path.unlink()
    else:
        shutil.rmtree(path, ignore_errors=True)


@contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """Builds into the same output folder take turns (on systems with ``flock``)."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
