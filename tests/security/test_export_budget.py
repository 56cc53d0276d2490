"""An export rasterizes every face under the face's own budget, widened only by the pixels
the export itself asks for: a face cairo cannot finish is one line, exit 1, nothing
written (before, the PNG, TTS and print-shop exports ran cairo unbounded)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.cli import main
from generator.export import raster
from generator.render import sandbox


def test_a_face_cairo_cannot_finish_stops_the_export(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    def endless(svg: str, px: tuple[int, int]) -> bytes:  # what a hostile face costs cairo
        while True:
            pass

    monkeypatch.setattr(raster, "render", endless)
    monkeypatch.setattr(sandbox, "FACE_SECONDS", 0.3)
    monkeypatch.setattr(sandbox, "PIXEL_SECONDS", 0.0)
    code = main(["export", "copperdale", "--to", "png", "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err.splitlines()
    assert code == 1 and "(template-limit)" in err[0] and "cairo stopped drawing" in err[0]
    assert not (tmp_path / "out").exists()


def test_the_budget_grows_with_the_pixels_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Any] = []
    real = sandbox.budget

    def spy(persistent: bool = False, pixels: int = 0) -> Any:
        seen.append(pixels)
        return real(persistent, pixels)

    monkeypatch.setattr(sandbox, "budget", spy)
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm"/>'
    assert raster.png(svg, (40, 30), 100).startswith(b"\x89PNG")
    assert seen == [1200]
