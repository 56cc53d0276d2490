"""An export folder appears whole or not at all.

Everything is written into a hidden folder beside the final one and moved into place
when the target is done; a failure removes it, and any parent folder the export had to
create, so nothing partial is left behind. A previous export of the same target is
replaced only once the new one is complete, in one swap. What a killed export leaves
(``.NAME.new-…``, ``.NAME.old-…``) is swept by the next one, as a build's is.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from generator.export.base import ExportError
from generator.files.fileio import (  # one place knows how to stage, swap and sweep folders
    _exchange,
    _locked,
    _remove,
    _sweep,
)
from generator.files.fileio import _umask as umask


def check_destination(final: Path) -> None:
    """An output path (or one of its parents) that is a file is the user's mistake."""
    for path in (final, *final.parents):
        if path.exists() and not path.is_dir():
            raise ExportError(f"--out: '{path}' exists and is not a folder")


@contextmanager
def staged(final: Path) -> Iterator[Path]:
    """A fresh hidden folder beside ``final`` that becomes ``final`` when the block ends
    well. Exports into one folder take turns, and each first sweeps away what an export
    killed there (even with ``kill -9``) left behind, as a build does."""
    check_destination(final)
    created = [p for p in (final.parent, *final.parent.parents) if not p.exists()]
    final.parent.mkdir(parents=True, exist_ok=True)
    with _locked(final.parent):
        _sweep(final)
        staging = Path(tempfile.mkdtemp(dir=final.parent, prefix=f".{final.name}.new-"))
        try:
            yield staging
        except BaseException:
            _remove(staging)
            _remove_created(created)
            raise
        os.chmod(staging, 0o777 & ~umask())  # mkdtemp makes 0700; output is for sharing
        if final.exists():
            _exchange(staging, final)  # one step: the old export or the new one
            _remove(staging)  # now the old one
        else:
            os.rename(staging, final)


def _remove_created(created: list[Path]) -> None:
    """The parent folders an export made, innermost first, as long as they are empty."""
    for folder in created:
        try:
            folder.rmdir()
        except OSError:
            break
