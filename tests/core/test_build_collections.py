"""``build``, ``validate`` and ``lint`` collect Python's garbage less often while they run,
and put the collector back as it was afterwards, even when the command fails (tests and a
watch go on)."""

from __future__ import annotations

import argparse
import gc
from pathlib import Path

import pytest

from generator.commands import common, lint, validate
from generator.files.problems import Problem


def test_fewer_collections_inside_and_the_collector_put_back() -> None:
    before = gc.get_threshold()
    with common.fewer_collections():
        assert gc.get_threshold() == common.GC_THRESHOLDS
        assert gc.get_freeze_count() > 0  # what was alive at the start is set aside
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_put_back_when_the_build_fails() -> None:
    before = gc.get_threshold()
    with pytest.raises(RuntimeError), common.fewer_collections():
        raise RuntimeError("a build that stops")
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def _args(**more: object) -> argparse.Namespace:
    return argparse.Namespace(games=["copperdale"], components=None, format="text",
                              strict=False, **more)


def test_validate_and_lint_draw_with_fewer_collections(monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: Path) -> None:
    monkeypatch.setenv("COPPERPLATE_CACHE", str(tmp_path))  # nothing remembered yet
    seen: list[tuple[int, int, int]] = []

    def answer(*_: object, **__: object) -> list[Problem]:
        seen.append(gc.get_threshold())
        return []

    monkeypatch.setattr(validate, "game_problems", answer)
    monkeypatch.setattr(lint, "game_findings", answer)
    before = gc.get_threshold()
    validate.run(_args())
    lint.run(_args(paper=None, printer_margin=0.0, ink="full"))
    assert seen == [common.GC_THRESHOLDS] * 2
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
