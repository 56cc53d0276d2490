"""Exports for screens, Tabletop Simulator, print shops and tuck boxes to fold at home: one
module per target in an explicit registry, all drawing through the build's own rendering.

    export_game(loaded, ExportOptions(to="png", out=Path("output")))

writes ``OUT/GAME/export-T[-P]/`` (whole or not at all) with an ``index.json``.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from types import MappingProxyType
from urllib.parse import urlparse

from generator.data.components import LoadedGame
from generator.export.base import Export, ExportError, ExportOptions
from generator.export.presets import PRESETS
from generator.export.profiles import check_choice
from generator.export.staging import check_destination, staged
from generator.render import fonts
from generator.render.cachedir import cache_root

# target -> the module whose ``export(work)`` makes it; imported when used, so that
# ``--help`` never loads pikepdf, Pillow or cairo
TARGETS: MappingProxyType[str, str] = MappingProxyType({
    "png": "generator.export.png",
    "tts": "generator.export.tts",
    "pod": "generator.export.pod",
    "tuck": "generator.export.tuck",
})


def target(name: str) -> Callable[[Export], None]:
    exporter: Callable[[Export], None] = importlib.import_module(TARGETS[name]).export
    return exporter

__all__ = ["PRESETS", "TARGETS", "Export", "ExportError", "ExportOptions", "check_options",
           "export_game", "target"]


def check_options(options: ExportOptions) -> None:
    """Every mistake in what was asked, before anything is drawn."""
    if options.to not in TARGETS:
        raise ExportError(f"unknown target '{options.to}' (targets: {', '.join(TARGETS)})")
    if options.to == "pod" and options.preset is None:
        raise ExportError(f"--to pod needs --preset ({', '.join(PRESETS)})")
    if options.preset is not None and options.preset not in PRESETS:
        raise ExportError(f"unknown preset '{options.preset}' (presets: {', '.join(PRESETS)})")
    if options.preset is not None and options.to != "pod":
        raise ExportError(f"--preset is for --to pod, not --to {options.to}")
    if options.base_url is not None:
        check_base_url(options)
    if options.pdfx not in ("x1a", "x4"):
        raise ExportError(f"unknown --pdfx '{options.pdfx}' (x1a, x4)")
    if options.pdfx != "x1a" and (options.preset is None
                                  or PRESETS[options.preset].output != "pdfx"):
        pdf_shops = ", ".join(v for v, vendor in PRESETS.items() if vendor.output == "pdfx")
        raise ExportError(f"--pdfx is for --to pod --preset {pdf_shops}")
    if options.press_profile is not None:
        if options.preset is None or PRESETS[options.preset].output != "pdfx":
            pdf_shops = ", ".join(v for v, vendor in PRESETS.items() if vendor.output == "pdfx")
            raise ExportError(f"--press-profile is for --to pod --preset {pdf_shops}")
        check_choice(options.press_profile)
    if not 30 <= options.dpi <= 1200:
        raise ExportError(f"--dpi {options.dpi} is outside 30-1200")


def check_base_url(options: ExportOptions) -> None:
    """``--base-url``: for tts only, an address Tabletop Simulator can load from."""
    if options.to != "tts":
        raise ExportError(f"--base-url is for --to tts, not --to {options.to}")
    parsed = urlparse(options.base_url or "")
    if parsed.scheme not in ("http", "https", "file") or (
            parsed.scheme != "file" and not parsed.netloc) or parsed.query or parsed.fragment:
        raise ExportError(f"--base-url '{options.base_url}' is not an http://, https:// or "
                          f"file:/// folder address")


def export_game(loaded: LoadedGame, options: ExportOptions) -> Export:
    check_options(options)
    final = options.folder(loaded.game_id)
    check_destination(final)
    fonts.pin(cache_root())  # before cairo is first loaded: only the pinned fonts
    with staged(final) as staging:
        work = Export(loaded, options, staging, final)
        target(options.to)(work)
        (staging / "index.json").write_text(
            json.dumps(work.index(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return work
