"""What is installed beside the project that can change what a deck does: the plug-in
entry points a rules file may name (``rulesfile.plugins``), and their fingerprint for the
caches that must notice an install (``checks.memo``)."""

from __future__ import annotations

from functools import cache
from importlib.metadata import PackageNotFoundError, entry_points, version

EFFECTS = "copperplate.effects"
EXPRESSIONS = "copperplate.expressions"


@cache
def installed_version(name: str) -> str | None:
    """The installed version of distribution ``name`` (None: not installed), looked up
    once per process: each look-up reads the installed distributions' folders (about
    2 ms, and a build of five games asked for fontTools' 36 times)."""
    try:
        return version(name)
    except PackageNotFoundError:
        return None


def fingerprint() -> str:
    """The installed plug-ins, as a cache key needs them: every entry point of both groups
    with its distribution's name and version (installing, upgrading or removing one
    changes what a rules file that names it does)."""
    found = []
    for group in (EFFECTS, EXPRESSIONS):
        for ep in entry_points(group=group):
            dist = ep.dist
            owner = f"{dist.metadata['Name']}=={dist.version}" if dist is not None else "?"
            found.append(f"{group}:{ep.name}={ep.value}@{owner}")
    return "\n".join(sorted(found))
