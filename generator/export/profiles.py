"""Press profiles for CMYK PDF/X: the output intent a print shop's RIP converts against.

The default is the one free CMYK press profile a registry installs: Ghostscript's own
``default_cmyk.icc`` ("Artifex CMYK SWOP Profile", the US coated press condition CGATS
TR 001). No FOGRA39 (ISO Coated v2, Europe) or GRACoL (CGATS21 CRPC6) profile can be
installed free from Debian or PyPI: Debian's ``icc-profiles-free`` and ``colord-data``
ship RGB and grey profiles only, and the ECI and IDEAlliance profiles are free to download
but not redistributable through them. ``--press-profile FILE.icc`` takes the one a shop
asks for (any CMYK ICC profile), named in the output intent by its own description.
"""

from __future__ import annotations

import glob
from dataclasses import dataclass
from pathlib import Path

from generator.export.base import ExportError

SWOP_GLOB = "/usr/share/ghostscript/*/iccprofiles/default_cmyk.icc"
INSTALL_HINT = "apt-get install ghostscript"
MAX_BYTES = 16 << 20  # a press profile is a few MB at most
NO_FOGRA = ("no FOGRA39 or GRACoL profile is free to install from Debian or PyPI; "
            "pass --press-profile FILE.icc with your shop's")


@dataclass(frozen=True)
class PressProfile:
    """An ICC profile and how the PDF/X output intent names it."""

    path: Path
    condition: str  # OutputCondition: the press condition in words
    identifier: str  # OutputConditionIdentifier: a registered name, or "Custom"
    info: str  # the profile's own description

    def label(self) -> str:
        return f"{self.info} ({self.identifier})"


def press_profile(path: Path | None = None) -> PressProfile:
    """The profile at ``path``, checked, or Ghostscript's SWOP profile when None."""
    if path is not None:
        return read_profile(path)
    found = sorted(glob.glob(SWOP_GLOB))
    if not found:
        raise ExportError(f"CMYK PDF/X needs Ghostscript: run 'sudo {INSTALL_HINT}'")
    return PressProfile(Path(found[-1]), "SWOP coated", "CGATS TR 001",
                        "Artifex CMYK SWOP Profile")


def read_profile(path: Path) -> PressProfile:
    """A CMYK ICC profile from a file, or one line saying why it is none."""
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ExportError(f"--press-profile {path}: cannot be read ({exc.strerror})") from None
    if len(data) > MAX_BYTES or len(data) < 132 or data[36:40] != b"acsp":
        raise ExportError(f"--press-profile {path}: not an ICC profile")
    space = data[16:20].decode("latin-1").strip()
    if space != "CMYK":
        raise ExportError(f"--press-profile {path}: a {space or 'colour'} profile, not a "
                          "CMYK press profile")
    name = description(data) or path.stem
    return PressProfile(path, name, "Custom", name)


def description(data: bytes) -> str:
    """The profile's ``desc`` tag (ICC v2 text or v4 localised), printable, or ""."""
    count = int.from_bytes(data[128:132], "big")
    for i in range(min(count, 100)):
        entry = data[132 + 12 * i:144 + 12 * i]
        if entry[:4] == b"desc":
            start = int.from_bytes(entry[4:8], "big")
            return _text(data[start:start + int.from_bytes(entry[8:12], "big")])
    return ""


def _text(tag: bytes) -> str:
    if tag[:4] == b"desc":
        length = int.from_bytes(tag[8:12], "big")
        raw = tag[12:12 + length].split(b"\0")[0].decode("latin-1")
    elif tag[:4] == b"mluc" and len(tag) >= 28:
        size, offset = int.from_bytes(tag[20:24], "big"), int.from_bytes(tag[24:28], "big")
        raw = tag[offset:offset + size].decode("utf-16-be", errors="replace")
    else:
        return ""
    return "".join(c for c in raw if c.isprintable() and c not in "()\\")[:200].strip()
