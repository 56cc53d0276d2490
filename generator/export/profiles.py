"""Press profiles for CMYK PDF/X: the output intent a print shop's RIP converts against.

``--press-profile`` chooses it:

- ``swop`` (the default): Ghostscript's own ``default_cmyk.icc`` ("Artifex CMYK SWOP
  Profile", the US coated press condition CGATS TR 001);
- ``fogra39`` (ISO coated, Europe) and ``gracol`` (GRACoL 2006 coated, CGATS TR 006): no
  such profile is free to install from Debian or PyPI, but Debian's ``icc-profiles-free``
  ships their measurement data (``FOGRA39L.ti3``, ``TR006.ti3``) and ``argyll`` the tool
  that builds a profile from it (``colprof``): built once into the cache, its header
  date fixed, so every export embeds the same bytes;
- ``FILE.icc``: the CMYK ICC profile a shop gives you, named by its own description.
"""

from __future__ import annotations

import glob
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from generator.export.base import ExportError
from generator.files.fileio import write_atomic
from generator.render.cachedir import cache_root

SWOP_GLOB = "/usr/share/ghostscript/*/iccprofiles/default_cmyk.icc"
INSTALL_HINT = "apt-get install ghostscript"
MAX_BYTES = 16 << 20  # a press profile is a few MB at most
NO_FOGRA = ("no FOGRA39 or GRACoL profile is free to install from Debian or PyPI; "
            "--press-profile fogra39|gracol builds one from Debian's measurement data, or "
            "pass FILE.icc with your shop's")


@dataclass(frozen=True)
class PressProfile:
    """An ICC profile and how the PDF/X output intent names it."""

    path: Path
    condition: str  # OutputCondition: the press condition in words
    identifier: str  # OutputConditionIdentifier: a registered name, or "Custom"
    info: str  # the profile's own description

    def label(self) -> str:
        return f"{self.info} ({self.identifier})"


@dataclass(frozen=True)
class Measured:
    """A press condition whose profile is built from ``icc-profiles-free``'s data."""

    stem: str  # FOGRA39L: its FOGRA39L.ti3
    identifier: str  # registered in the ICC characterisation data registry
    condition: str


MEASURED = {
    "fogra39": Measured("FOGRA39L", "FOGRA39",
                        "Offset commercial print, coated paper (ISO 12647-2:2004)"),
    "gracol": Measured("TR006", "CGATS TR 006", "GRACoL 2006 coated #1 (CGATS TR 006)"),
}
CHOICES = ("swop", *MEASURED)
MEASURED_DIR = Path("/usr/share/color/icc")
ARGYLL_HINT = "apt-get install argyll icc-profiles-free"
FIXED_DATE = bytes.fromhex("07d0 0001 0001 0000 0000 0000")  # 2000-01-01: same bytes


def check_choice(choice: str | None) -> None:
    """A named profile, or a file that is a CMYK ICC profile: one line otherwise."""
    if choice is not None and choice not in CHOICES:
        read_profile(Path(choice))


def press_profile(choice: str | None = None) -> PressProfile:
    """The profile ``--press-profile`` names: ``swop`` (or None), ``fogra39``, ``gracol``,
    or the path of an ICC file."""
    if choice in MEASURED:
        known = MEASURED[choice]
        return PressProfile(built(known), known.condition, known.identifier,
                            f"{known.stem} (built from icc-profiles-free)")
    if choice not in (None, "swop"):
        return read_profile(Path(choice))
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


def built(known: Measured) -> Path:
    """The profile of a measured press condition, built by ``colprof`` once per cache."""
    target = cache_root() / "press" / f"{known.stem}.icc"
    if target.is_file():
        return target
    program, data = shutil.which("colprof"), MEASURED_DIR / f"{known.stem}.ti3"
    if program is None or not data.is_file():
        raise ExportError(f"--press-profile {known.identifier}: building it needs Debian's "
                          f"argyll and icc-profiles-free: run 'sudo {ARGYLL_HINT}'")
    with tempfile.TemporaryDirectory(prefix="copperplate-icc-") as tmp:
        shutil.copy(data, Path(tmp) / data.name)
        run = subprocess.run([program, "-qm", "-D", known.condition, "-C",
                              f"built from icc-profiles-free {data.name}", known.stem],
                             cwd=tmp, capture_output=True, text=True, check=False)
        made = Path(tmp) / f"{known.stem}.icc"
        if run.returncode != 0 or not made.is_file():
            last = (run.stderr or run.stdout).strip().splitlines()[-1:] or ["no output"]
            raise ExportError(f"colprof could not build {known.stem}.icc: {last[0]}")
        profile = bytearray(made.read_bytes())
    profile[24:36] = FIXED_DATE
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(target, bytes(profile))
    return target
