"""What is installed beside the project that can change what a deck does: the plug-in
entry points a rules file may name (``rulesfile.plugins``), and their fingerprint for the
caches that must notice an install (``checks.memo``)."""

from __future__ import annotations

from importlib.metadata import entry_points

EFFECTS = "copperplate.effects"
EXPRESSIONS = "copperplate.expressions"


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
