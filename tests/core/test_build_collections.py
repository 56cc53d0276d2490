"""``build`` collects Python's garbage less often while it runs, and puts the collector
back as it was afterwards, even when the build fails (tests and a watch go on)."""

from __future__ import annotations

import gc

import pytest

from generator.commands import build


def test_fewer_collections_inside_and_the_collector_put_back() -> None:
    before = gc.get_threshold()
    with build._fewer_collections():
        assert gc.get_threshold() == build.GC_THRESHOLDS
        assert gc.get_freeze_count() > 0  # what was alive at the start is set aside
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_put_back_when_the_build_fails() -> None:
    before = gc.get_threshold()
    with pytest.raises(RuntimeError), build._fewer_collections():
        raise RuntimeError("a build that stops")
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
