"""What is installed beside the project that can change what a deck does: the plug-in
entry points a rules file may name (``rulesfile.plugins``), and their fingerprint for the
caches that must notice an install (``checks.memo``)."""

from __future__ import annotations

from email.parser import HeaderParser
from functools import cache
from importlib.metadata import PackageNotFoundError, distribution, entry_points

EFFECTS = "copperplate.effects"
EXPRESSIONS = "copperplate.expressions"


@cache
def installed_header(name: str) -> str | None:
    """The header of distribution ``name``'s metadata as it is written (its name, version,
    requirements…; None: not installed; empty: no metadata file), looked up once per
    process. A cache key takes it whole, unparsed: it changes with the version, and
    parsing it costs more than finding it (the email parser: about 1.5 ms a library)."""
    try:
        found = distribution(name)
    except PackageNotFoundError:
        return None
    text = found.read_text("METADATA") or found.read_text("PKG-INFO")
    return text.partition("\n\n")[0] if text else ""


@cache
def installed_version(name: str) -> str | None:
    """The installed version of distribution ``name`` (None: not installed), looked up
    once per process and read from its metadata's header alone: ``importlib.metadata``'s
    own ``version`` parses the whole file, a long description included (some 2.5 ms for
    pydantic's), where the version is a header line."""
    header = installed_header(name)
    if header is None:
        return None
    version = HeaderParser().parsestr(header).get("Version") if header else None
    return version or distribution(name).version


def fingerprint() -> str:
    """The installed plug-ins, as a cache key needs them: every entry point of both groups
    with its distribution's name and version (installing, upgrading or removing one
    changes what a rules file that names it does)."""
    found, installed = [], entry_points()  # every distribution's entry points, read once
    for group in (EFFECTS, EXPRESSIONS):
        for ep in installed.select(group=group):
            dist = ep.dist
            owner = f"{dist.metadata['Name']}=={dist.version}" if dist is not None else "?"
            found.append(f"{group}:{ep.name}={ep.value}@{owner}")
    return "\n".join(sorted(found))
