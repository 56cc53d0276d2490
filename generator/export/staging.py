"""An export folder appears whole or not at all.

Everything is written into a hidden folder beside the final one and moved into place
when the target is done; a failure removes it, and any parent folder the export had to
create, so nothing partial is left behind. A previous export of the same target is
replaced only once the new one is complete.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from generator.export.base import ExportError
from generator.fileio import _umask as umask  # one place knows how to read the umask


def check_destination(final: Path) -> None:
    """An output path (or one of its parents) that is a file is the user's mistake."""
    for path in (final, *final.parents):
        if path.exists() and not path.is_dir():
            raise ExportError(f"--out: '{path}' exists and is not a folder")


@contextmanager
def staged(final: Path) -> Iterator[Path]:
    check_destination(final)
    created = [p for p in (final.parent, *final.parent.parents) if not p.exists()]
    final.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(dir=final.parent, prefix=f".{final.name}.", suffix=".tmp"))
    try:
        yield staging
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        for folder in created:  # innermost first: only folders this export made, if empty
            try:
                folder.rmdir()
            except OSError:
                break
        raise
    os.chmod(staging, 0o777 & ~umask())  # mkdtemp makes 0700; output is for sharing
    old = final.with_name(f".{final.name}.old") if final.exists() else None
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
        os.replace(final, old)
    os.replace(staging, final)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)

