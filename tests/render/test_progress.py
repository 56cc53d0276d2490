"""The progress bar is cosmetic: the same bytes with it on."""

from __future__ import annotations

from .conftest import Built, build


def test_progress_bar_changes_nothing_in_the_output(fixture_game, tmp_path, a4_long: Built):
    shown = build(fixture_game, tmp_path / "progress", paper="a4", duplex="long", progress=True)
    assert shown.pdf.read_bytes() == a4_long.pdf.read_bytes()
