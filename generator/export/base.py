"""What every export target shares: its options, the files it wrote, and its one error."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.data.components import LoadedGame


class ExportError(Exception):
    """Something the user asked for cannot be done (an unknown preset, a piece too large
    for a Tabletop Simulator sheet, an output path that is a file): one line, exit 2."""


@dataclass(frozen=True)
class ExportOptions:
    to: str
    preset: str | None = None
    out: Path = Path("output")
    dpi: int = 300
    bleed: bool = True  # png: draw the bleed round each face, or stop at the trim
    base_url: str | None = None  # tts: images named under this address, else relative
    pdfx: str = "x1a"  # pod with a PDF/X shop: PDF/X-1a or PDF/X-4
    press_profile: str | None = None  # swop, fogra39, gracol or an ICC file; None: swop

    def folder(self, game_id: str) -> Path:
        """``OUT/GAME/export-T[-P]``: where this export lands."""
        tail = f"-{self.preset}" if self.preset else ""
        return self.out / game_id / f"export-{self.to}{tail}"


@dataclass
class Export:
    """A target's work in progress: written into ``staging``, moved to ``final`` when done."""

    loaded: LoadedGame
    options: ExportOptions
    staging: Path
    final: Path
    files: list[dict[str, Any]] = field(default_factory=list)
    skipped: list[dict[str, str]] = field(default_factory=list)  # pieces left out, and why

    def add(self, path: Path, **entry: Any) -> None:
        self.files.append({"path": path.relative_to(self.staging).as_posix(), **entry})

    def skip(self, piece: Any, reason: str, where: str = "") -> None:
        """Leave ``piece`` out, saying why (and, when known, where its size is written)."""
        self.skipped.append({"piece": str(piece.id), "reason": reason,
                             **({"where": where} if where else {})})

    def index(self) -> dict[str, Any]:
        return {"game": self.loaded.game_id, "to": self.options.to,
                "preset": self.options.preset, "files": self.files, "skipped": self.skipped}
