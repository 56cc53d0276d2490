"""The checker framework: registries, located reports, crashing checks, core checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.checks import Registry, run_checks
from generator.checks.core import CORE
from generator.data.components import load_game

from .conftest import DemoData
from .test_components import edit


def test_registry_refuses_duplicate_and_badly_named_ids() -> None:
    reg = Registry("demo")
    reg.check("hand-size", cite="rules §1")(lambda data, report: None)
    with pytest.raises(ValueError, match="twice"):
        reg.check("hand-size", cite="rules §1")
    with pytest.raises(ValueError, match="kebab-case"):
        reg.check("Hand_Size", cite="rules §1")


def test_a_games_checks_are_joined_from_parts_and_an_id_reused_across_parts_is_refused() -> None:
    deck, board = Registry("demo deck"), Registry("demo board")
    deck.check("hand-size", cite="rules §1")(lambda data, report: None)
    board.check("board-size", cite="rules §2")(lambda data, report: None)
    whole = Registry.joined("demo", deck, board)
    assert [c.id for c in whole] == ["hand-size", "board-size"]
    board.check("hand-size", cite="rules §3")(lambda data, report: None)
    with pytest.raises(ValueError, match="'hand-size' is registered twice in demo"):
        Registry.joined("demo", deck, board)


def test_reports_are_located_and_a_crash_is_a_problem(demo: Path) -> None:
    loaded = load_game("demo", DemoData, demo)
    reg = Registry("demo")

    @reg.check("hand-fits-deck", cite="demo rules §2")
    def hand_fits_deck(data, report):  # type: ignore[no-untyped-def]
        deck = data.cards.pieces[0]
        if data.rules.hand_size > deck.total():
            report.error(("rules", "hand_size"), "hand is larger than the deck")

    @reg.check("broken", cite="-")
    def broken(data, report):  # type: ignore[no-untyped-def]
        raise KeyError("oops")

    problems = run_checks([reg], loaded.data, loaded.sources)
    assert [(Path(p.path).name, p.line, p.col, p.rule) for p in problems] == [
        ("rules.yaml", 1, 12, "hand-fits-deck"), ("game.yaml", 1, 1, "broken")]
    assert "check crashed: KeyError" in problems[1].message


def test_duplicate_face_ids_are_located_at_the_second(demo: Path) -> None:
    edit(demo / "cards.yaml", "{id: two, value: 2}", "{id: ace, value: 2}")
    loaded = load_game("demo", DemoData, demo)
    problems = run_checks([CORE], loaded.data, loaded.sources)
    assert [(p.line, p.col, p.rule) for p in problems] == [(10, 14, "unique-face-ids")]
