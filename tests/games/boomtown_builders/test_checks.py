"""Every rules check of boomtown-builders: the bundled data is clean, and breaking the
data the check guards gives a located error with the check's id."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from generator.deck.validate import validate_game
from generator.games.boomtown_builders import SPEC

from .conftest import GAME_ID, problems

ROOT = Path(__file__).resolve().parents[3]


def at_edited(tree: Path, name: str, line: int, token: str) -> tuple[str, int, int]:
    text = (tree / GAME_ID / name).read_text(encoding="utf-8").splitlines()
    col = text[line - 1].find(token)
    assert col >= 0, f"'{token}' not on line {line} of edited {name}"
    return name, line, col + 1


def test_bundled_data_is_clean() -> None:
    loaded = validate_game(SPEC)
    assert [p.format() for p in loaded.problems] == []
    assert loaded.data is not None


def test_validate_command_exits_zero() -> None:
    run = subprocess.run([sys.executable, "-m", "generator", "validate", GAME_ID],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr


B, BLD, H, T, INV = "board.yaml", "buildings.yaml", "hideouts.yaml", "terrain.yaml", "investments.yaml"
DEPOT = '{id: railway-depot, name: "Railway Depot", count: 2, points: [8], left: 1}'

# (check id, edits (file, old, new), where the problem points: (file, line, token)).
# Tokens are looked up in the *edited* file, so they may be the new text.
CASES = [
    # a count the rulebook states: at the recounted card's count, or next to the one removed
    ("rulebook-value", [(BLD, DEPOT, DEPOT.replace("count: 2", "count: 3"))],
     (BLD, 21, "3, points")),
    ("rulebook-value", [(H, '      - {id: ghost-town, name: "Ghost Town"}\n', "")],
     (H, 21, "{id: claim-jumpers")),
    ("rulebook-value", [(T, "terrain: lake, count: 4", "terrain: lake, count: 5")],
     (T, 19, "5}")),
    ("rulebook-value", [(B, "role: track-token, count: 10", "role: track-token, count: 11")],
     (B, 87, "11}")),
    ("one-of-each-marker", [(B, "name: Starting Player, role: start-player",
                             "name: Starting Player, role: round-marker")],
     (B, 38, "- id: town-sections")),
    ("investment-cubes", [(INV, "yellow-single, color: yellow, size: single, count: 7",
                           "yellow-single, color: yellow, size: single, count: 6")],
     (INV, 13, "- id: investments")),
    ("investment-cubes", [(INV, "red-triple, color: red", "red-triple, color: purple")],
     (INV, 25, "purple")),
    ("investment-cubes", [(INV, "per_player: 4", "per_player: 5")], (INV, 13, "- id: invest")),
    ("rulebook-value", [(INV, "per_player: 4", "per_player: 5")], (INV, 10, "5,")),
    ("rulebook-value", [(INV, "per_player: 4, rows_ahead: 2", "per_player: 4, rows_ahead: 1")],
     (INV, 10, "1}")),
    ("cube-sizes", [(INV, "{id: blue, name: Blue", "{id: single, name: Blue")],
     (INV, 9, "single")),
    ("colors-for-players", [(INV, "{id: blue, name: Blue", "{id: green, name: Blue")],
     (INV, 4, "- {id: yellow")),
    ("odd-columns", [(B, "columns: 9 ", "columns: 8 ")], (B, 7, "8")),
    ("rulebook-value", [(BLD, "{players: [4], cards: 5}", "{players: [4], cards: 6}")],
     (BLD, 11, "6}")),
    ("draft-size", [(BLD, "{players: [2, 3], cards: 4}", "{players: [2, 3], cards: 2}")],
     (BLD, 10, "2}")),
    ("draft-size", [(BLD, "{players: [4], cards: 5}", "{players: [3, 4], cards: 5}")],
     (BLD, 11, "[3, 4]")),
    ("round-track-complete", [(B, "stack_space: 10, stack: 2", "stack_space: 10, stack: 3")],
     (B, 31, "{players: [2, 4]")),
    ("round-track-complete", [(B, "stack_space: 11, stack: 3", "stack_space: 12, stack: 3")],
     (B, 32, "12,")),
    ("round-track-complete", [(B, "{players: [3], start: 3", "{players: [5], start: 3")],
     (B, 31, "- {players: [2, 4]")),
    ("round-track-complete", [(B, "rows: 10 ", "rows: 11 ")], (B, 6, "11")),
    ("enough-cubes", [(INV, "per_player: 7", "per_player: 3")], (INV, 9, "- {id: single")),
    ("deck-lasts", [(BLD, "{players: [4], cards: 5}", "{players: [4], cards: 30}")],
     (BLD, 10, "- {players: [2, 3]")),
    ("terrain-fits", [(T, "{players: [2], cards: 12}", "{players: [2], cards: 16}")],
     (T, 5, "16}")),
    ("room-to-build", [(B, "columns: 9 ", "columns: 3 ")], (B, 6, "10")),
    ("spaces-on-board", [(B, "{row: 2, column: 6}", "{row: 2, column: 12}")], (B, 9, "12}")),
    ("spaces-on-board", [(B, "{row: 1, column: 1, direction: right", "{row: 2, column: 6, "
                          "direction: right")], (B, 16, "{row: 2")),
    ("spaces-on-board", [(B, "{row: 1, column: 9, direction: left", "{row: 1, column: 1, "
                          "direction: left")], (B, 17, "{row: 1")),
    ("hideout-spaces", [(B, "  - {row: 9, column: 2}\n", "  - {row: 9, column: 2}\n"
                         + "".join(f"  - {{row: 10, column: {c}}}\n" for c in (2, 3, 4, 5)))],
     (B, 9, "- {row: 2")),
    ("board-sections", [(B, "rows: [3, 4], columns: [1, 4]", "rows: [3, 4], columns: [1, 5]")],
     (B, 41, "{width_mm: 177.8")),  # a 5-wide section in the 4-wide piece, over the middle column
    ("board-sections", [(B, "rows: [3, 4], columns: [1, 4]", "rows: [3, 4], columns: [1, 5]")],
     (B, 48, "{id: town-west-rows-3-4")),
    ("board-sections", [(B, "rows: [9, 10], columns: [5, 5]", "rows: [9, 9], columns: [5, 5]")],
     (B, 38, "- id: town-sections")),  # row 10 column 5 is on no section
    ("board-sections", [(B, "rows: [9, 10], columns: [6, 9]", "rows: [10, 11], columns: [6, 9]")],
     (B, 55, "{id: town-east-rows-9-10")),
    ("votes-one-way", [(BLD, DEPOT, DEPOT.replace("left: 1}", "left: 1, right: 1}"))],
     (BLD, 21, "1}")),
    ("votes-one-way", [(H, 'name: "Ghost Town"}', 'name: "Ghost Town", plus: 1}')],
     (H, 22, "1}")),
    ("votes-balanced", [(BLD, 'name: "Saloon", count: 2, points: [7, 3], left: 2}',
                         'name: "Saloon", count: 2, points: [7, 3], left: 3}')],
     (BLD, 13, "- id: buildings")),
    ("points-fit", [(BLD, DEPOT, DEPOT.replace("[8]", "[9]"))], (BLD, 21, "9]")),
    ("points-fit", [(BLD, "points: [0, 5], left: 2", "points: [0, 0], left: 2")],
     (BLD, 25, "[0, 0]")),
    ("points-fit", [(BLD, DEPOT, DEPOT.replace("[8]", "[8, 1, 1, 1, 1, 1, 1, 1, 1, 1]"))],
     (BLD, 21, "[8,")),
    ("mountain-arrows", [(T, "terrain: lake, count: 4", "terrain: lake, arrow: left, count: 4")],
     (T, 19, "{id: lake")),
    ("mountain-arrows", [(T, "arrow: right, count: 3", "arrow: right, count: 5")],
     (T, 18, "5}")),  # at the Mountains' edited count
    # a shortened Scoring Track: once, at its edited length, not at each building
    ("points-fit", [(B, "  spaces: 10 ", "  spaces: 8 ")], (B, 34, "8")),
    # a re-keyed draft entry: at that entry, not at the draft list
    ("rulebook-value", [(BLD, "{players: [4], cards: 5}", "{players: [3, 4], cards: 5}")],
     (BLD, 11, "{players: [3, 4]")),
    ("schema", [(BLD, DEPOT, DEPOT.replace("points: [8], ", ""))], (BLD, 21, "{id: railway")),
]


@pytest.mark.parametrize(("rule", "edits", "where"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_breaking_the_data_is_reported_where_it_is_broken(
        rule: str, edits: list[tuple[str, str, str]], where: tuple[str, int, str],
        broken, tree: Path) -> None:  # type: ignore[no-untyped-def]
    found = broken(*edits)
    name, line, token = where
    expected = at_edited(tree, name, line, token) + (rule,)
    assert expected in found, f"{expected} not in {found}"


def test_problems_print_as_path_line_col(tree: Path, broken) -> None:  # type: ignore[no-untyped-def]
    broken((B, "columns: 9 ", "columns: 8 "))
    lines = [p.format() for p in problems(tree) if p.rule == "odd-columns"]
    assert len(lines) == 1
    assert lines[0].endswith("board.yaml:7:10: error: 8 columns have no middle location for "
                             "the Train Marker; use an odd number (odd-columns)")


def test_balance_is_a_warning_not_an_error(tree: Path, broken) -> None:  # type: ignore[no-untyped-def]
    broken((BLD, 'points: [7, 3], left: 2}', 'points: [7, 3], left: 3}'))
    found = problems(tree)
    assert [(p.rule, p.severity) for p in found] == [("votes-balanced", "warning")]


def test_every_check_has_a_breaking_case() -> None:
    assert {c.id for c in SPEC.checks} <= {rule for rule, _, _ in CASES}

