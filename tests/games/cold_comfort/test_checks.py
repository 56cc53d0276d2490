"""Each cold-comfort check, broken once: the exact file, line, column and rule id."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.deck.validate import validate_game
from generator.games.cold_comfort import SPEC

from .conftest import Breaker


def test_bundled_data_is_clean() -> None:
    loaded = validate_game(SPEC)
    assert loaded.problems == []
    assert loaded.data is not None


# (file, text to replace, replacement, where the error must point, rule id)
CASES = [
    ("dice.yaml", "count: 24}", "count: 23}", "id: population-die", "dice-total"),
    ("dice.yaml", '"5", "6"]', '"5", "7"]', '["1", "2"', "dice-faces"),
    ("dice.yaml", "dice: 18, grow_at: 7}", "dice: 18, grow_at: 8}", "8}", "dice-table"),
    ("dice.yaml", "dice: 24, grow_at: 9}", "dice: 25, grow_at: 9}", "25", "dice-table"),
    ("dice.yaml", "{players: 3, dice: 15", "{players: 2, dice: 15", "2, dice", "dice-table"),
    ("placards.yaml", "symbol: cross\n", "symbol: star\n", "star", "placards"),
    ("placards.yaml", "letter: S\n", "letter: M\n", "M", "placards"),
    # the conflict is reported at the placard that changed, here the first one
    ("placards.yaml", "symbol: star\n", "symbol: cross\n", "cross", "placards"),
    ("hotels.yaml", "mulrooney, size: 6, count: 2}", "mulrooney, size: 6, count: 1}",
     "{id: mulrooney-1", "hotel-sets"),
    ("hotels.yaml", "character: ladue, size: 2", "character: lad, size: 2", "lad,",
     "hotel-sets"),
    ("hotels.yaml", "character: meadows, size: 3", "character: meadows, size: 4",
     "{id: meadows-1", "hotel-sets"),
    ("hotels.yaml", "{width_mm: 28, height_mm: 28}", "{width_mm: 28, height_mm: 31}",
     "{width_mm: 28, height_mm: 31}", "hotel-fits-square"),
    ("city-deck.yaml", 'layout: ["63", "15", "24"]', 'layout: ["63", "15"]', '["63"',
     "tile-geometry"),
    ("city-deck.yaml", 'layout: ["63", "15", "24"]', 'layout: ["63", "15", "2"]', '"2"]',
     "tile-geometry"),
    ("city-deck.yaml", "{width_mm: 60, height_mm: 90}", "{width_mm: 60, height_mm: 95}",
     "{width_mm", "tile-geometry"),
    ("city-deck.yaml", 'layout: ["34", "15", "26"]', 'layout: ["34", "17", "26"]', '"17"',
     "lot-values"),
    ("city-deck.yaml", 'layout: ["34", "15", "26"]', 'layout: ["34", "1P", "26"]', '["34"',
     "public-buildings"),
    ("city-deck.yaml", "main_street_squares: 3", "main_street_squares: 2", "2",
     "main-street"),
    ("city-deck.yaml", "grid: {columns: 2, rows: 3,", "grid: {columns: 4, rows: 3,", "4, rows",
     "main-street"),
    ("table.yaml", "scoring_rounds: 9 ", "scoring_rounds: 29 ", "city-deck.yaml|- id: city-tile", "deck-size"),
    ("gold.yaml", "value: 10, count: 6}", "value: 10, count: 5}", "- id: gold",
     "starting-gold"),
    ("gold.yaml", "first_seat: 9 ", "first_seat: 29 ", "first_seat", "starting-gold"),
]


@pytest.mark.parametrize(("file", "old", "new", "at", "rule"), CASES,
                         ids=[f"{c[4]}-{i}" for i, c in enumerate(CASES)])
def test_check_reports_located_problem(break_data: Breaker, file: str, old: str, new: str,
                                       at: str, rule: str) -> None:
    problems, line, col = break_data(file, old, new, at)
    found = [p for p in problems if p.rule == rule]
    assert found, [p.format() for p in problems]
    first = found[0]  # problems come sorted by file, line, column
    assert Path(first.path).name == (at.split("|")[0] if "|" in at else file)
    assert (first.line, first.col) == (line, col), [p.format() for p in found]
