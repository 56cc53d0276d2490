"""Ghostscript as a print shop's RIP for tests: it renders every page of a PDF to nothing
(``nullpage``) and reports what it had to repair or could not draw."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pikepdf


def rip_complaints(pdf: Path) -> list[str]:
    """Every line Ghostscript prints while rendering ``pdf`` (errors and warnings: it says
    nothing at all about a valid file)."""
    program = shutil.which("gs")
    if program is None:
        raise RuntimeError("Ghostscript is missing: run 'sudo apt-get install ghostscript'")
    run = subprocess.run([program, "-q", "-dSAFER", "-dNOPAUSE", "-dBATCH",
                          "-sDEVICE=nullpage", str(pdf)],
                         capture_output=True, text=True, check=False)
    lines = (run.stdout + run.stderr).splitlines()
    return [line.strip() for line in lines if line.strip()] + (
        [f"exit status {run.returncode}"] if run.returncode else [])


def pages_without_trim_box(pdf: Path) -> list[int]:
    with pikepdf.open(pdf) as doc:
        return [n for n, page in enumerate(doc.pages, 1) if "/TrimBox" not in page.obj]
