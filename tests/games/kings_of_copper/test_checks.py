"""Every kings-of-copper check: the bundled data passes; each broken copy of the data
gives the check's error at the exact PATH:LINE:COL."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from gametree import copy_game, edit, spot

from generator.deck.validate import validate_game
from generator.games.kings_of_copper import SPEC

GAME = "kings-of-copper"


def test_bundled_data_is_clean() -> None:
    loaded = validate_game(SPEC)
    assert [p.format() for p in loaded.problems] == []


def test_cli_validate_exits_zero() -> None:
    run = subprocess.run([sys.executable, "-m", "generator", "validate", GAME],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


# (rule, file, text to replace (every occurrence), replacement, error spots in the new
# text, each "…^…"; a first entry ending in .yaml names another file the spots are in)
CASES = [
    ("chip-counts", "mining-chips.yaml", "value: 100, count: 3", "value: 100, count: 2",
     ["^- id: mining-chips"]),
    ("unique-sapphires", "mining-chips.yaml", "value: 2000, sort: sapphire, count: 1",
     "value: 2000, sort: sapphire, count: 2", ["^- id: mining-chips"]),
    ("unique-sapphires", "prospecting-chips.yaml", "value: 25, count: 3",
     "value: 25, sort: sapphire, count: 3", ["^- id: prospecting-chips",
                                              "value: 25, sort: ^sapphire"]),
    ("unique-sapphires", "mining-chips.yaml", "value: 0, sort: fools-gold",
     "value: 5, sort: fools-gold", ["value: ^5, sort: fools-gold"]),
    ("districts-of-four", "board.yaml", "district: walkerville, title: alice",
     "district: centerville, title: alice", ["^{id: walkerville, name", "^{id: centerville, name"]),
    ("titles-match-board", "titles.yaml", "{id: alice, name: Alice, district: walkerville",
     "{id: alice, name: Alice, district: uptown",
     ["board.yaml", "district: walkerville, title: ^alice}"]),
    ("titles-match-board", "board.yaml", "title: lexington}", "title: alice}",
     ["title: ^alice}\n  - {id: walkerville-o3"]),
    ("titles-match-board", "titles.yaml", "{id: moulton, name: Moulton, district: walkerville",
     "{id: moulton, name: Moulton, district: butte", ["district: ^butte"]),
    ("cave-in-table", "rules.yaml", "[0, 1, 2, 3]", "[0, 1, 2, 10]", ["[0, 1, 2, ^10]"]),
    ("d10-chits", "d10-chits.yaml", "{id: d10-9, value: 9}", "{id: d10-9, value: 8}",
     ["^- id: d10-chits"]),
    ("money-supply", "money.yaml", "value: 500, count: 16", "value: 500, count: 2",
     ["^- id: money"]),
    ("money-supply", "rules.yaml", "title_price: 50 ", "title_price: 52 ",
     ["\ntitle_price: ^52"]),
    ("event-effects", "events.yaml", "effect: gain, amount: 100", "effect: gain, amount: 0",
     ["effect: gain, amount: ^0"]),
    ("event-effects", "events.yaml", "effect: to-start,", "effect: to-start, amount: 20,",
     ["effect: to-start, amount: ^20"]),
    ("character-cards", "rules.yaml", "character_titles: 3", "character_titles: 5",
     ["character_titles: ^5"]),
    ("character-cards", "game.yaml", "max: 4}", "max: 6}", ["characters.yaml", "^- id: characters"]),
    ("player-colors", "board.yaml", "letter: Y,", "letter: G,",
     ["letter: ^G, hex: \"#009E73\"", "letter: ^G, hex: \"#F0E442\""]),
    ("player-colors", "tokens.yaml", "{id: red, name: Red, count: 4}",
     "{id: red, name: Red, count: 3}", ["board.yaml", "^{id: red, name: Red, letter"]),
    ("dice-tables", "rules.yaml", "totals: [3, 7]", "totals: [3, 13]", ["totals: [3, ^13]"]),
    ("dice-tables", "rules.yaml", "snake_eyes: [1, 1]", "snake_eyes: [1, 0]",
     ["snake_eyes: [1, ^0]"]),
    ("board-references", "board.yaml", "{id: t04, kind: track, next: [t05]",
     "{id: t04, kind: track, next: [t5]", ["next: [^t5]"]),
    ("board-references", "board.yaml", "mines: [uptown-m4, east-hill-m1]",
     "mines: [uptown-o4, east-hill-m1]", ["mines: [^uptown-o4"]),
    ("color-spaces", "board.yaml", "{id: t09, kind: safety, next: [t10, rung-blue-1], at: [387.5, 55.0], color: blue}",
     "{id: t09, kind: safety, next: [t10, rung-blue-1], at: [387.5, 55.0], color: red}",
     ["^{id: red, name: Red", "^{id: blue, name: Blue"]),
    ("board-reachable", "board.yaml", "{id: t04, kind: track, next: [t05]",
     "{id: t04, kind: track, next: [t06]", ["^{id: t05, kind: tunnel"]),
    ("route-to-finish", "board.yaml", "next: [t00, rung-red-1]", "next: [t00]",
     ["^{id: red, name: Red"]),
    ("tunnels-have-exits", "board.yaml", "kind: tunnel-exit", "kind: track",
     ["^{id: t05, kind: tunnel"]),
    ("district-entrances", "board.yaml", "next: [t04, walkerville-o1]", "next: [t04]",
     ["kind: entrance, next: ^[t04]"]),
    ("money-denominations", "events.yaml", "effect: pay-each, amount: 10",
     "effect: pay-each, amount: 3", ["effect: pay-each, amount: ^3"]),
    ("money-change", "money.yaml", "value: 10, count: 20", "value: 10, count: 8",
     ["value: 10, count: ^8"]),
    ("chips-cashable", "rules.yaml", "character_titles: 3 ", "character_titles: 5 ",
     ["cash_at_finish: ^blue-only"]),
    ("board-legend", "player-aid.yaml", "{id: aid-yellow, color: yellow}",
     "{id: aid-yellow, color: red}", ["board.yaml", "^{id: red, name: Red",
                                       "^{id: yellow, name: Yellow"]),
    ("board-legend", "player-aid.yaml", '  - {kind: tunnel-exit, label: "Tunnel exit"}\n', "",
     ["^- {kind: start"]),
    ("passage-ladders", "board.yaml", "mines: [walkerville-m4, centerville-m1]",
     "mines: [walkerville-m4, walkerville-m1]", ["mines: ^[walkerville-m4, walkerville-m1]"]),
    ("district-exits", "board.yaml", "{id: walkerville-o5, kind: octagon, next: [t06]",
     "{id: walkerville-o5, kind: octagon, next: [walkerville-m4]",
     ["o5, kind: octagon, next: ^[walkerville-m4]"]),
    ("passage-under-ladder", "board.yaml", "centerville-m1], under_ladder: blue",
     "centerville-m1], under_ladder: red", ["centerville-m1], under_ladder: ^red"]),
    ("event-squares", "board.yaml", "kind: event,", "kind: track,",
     ["^- {id: start-red"]),
]
# chips-cashable needs a second edit: the blue-only reading (see _break)
BLUE_ONLY = ("cash_at_finish: any-chip", "cash_at_finish: blue-only")


def test_every_check_is_tested() -> None:
    assert {case[0] for case in CASES} == set(SPEC.checks.checks)


@pytest.mark.parametrize("rule, name, old, new, spots", CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_broken_data_is_located(tmp_path: Path, rule: str, name: str, old: str, new: str,
                                spots: list[str]) -> None:
    tree = copy_game(GAME, tmp_path)
    edit(tree / name, old, new, every=True)
    if rule == "chips-cashable":
        edit(tree / name, *BLUE_ONLY)
    spot_file = spots[0] if spots and spots[0].endswith(".yaml") else name
    spots = [x for x in spots if not x.endswith(".yaml")]
    spot_text = (tree / spot_file).read_text()
    problems = [p for p in validate_game(SPEC, tmp_path).problems if p.rule == rule]
    assert problems, f"{rule} did not fire"
    here = [p for p in problems if p.path.endswith(f"{GAME}/{spot_file}")]
    assert sorted((p.line, p.col) for p in here) == sorted(spot(spot_text, x) for x in spots)
    assert all(p.severity == "error" for p in problems)


def test_a_second_token_piece_cannot_make_eight_red_tokens(tmp_path: Path) -> None:
    """Tokens are counted over every piece: a second piece of four red tokens is eight."""
    tree = copy_game(GAME, tmp_path)
    tokens = tree / "tokens.yaml"
    tokens.write_text(tokens.read_text(encoding="utf-8") + (
        "  - id: spare-tokens\n    name: Spare tokens\n    kind: token\n    shape: circle\n"
        "    size: {width_mm: 16, height_mm: 16}\n    template: token.svg.j2\n"
        "    faces:\n      - {id: red, name: Red, count: 4}\n"), encoding="utf-8")
    problems = [p for p in validate_game(SPEC, tmp_path).problems if p.rule == "player-colors"]
    assert [p.message for p in problems] == ["8 red tokens; each player needs 4"], \
        [p.format() for p in validate_game(SPEC, tmp_path).problems]


def test_a_declared_cave_in_variant_validates(tmp_path: Path) -> None:
    """The cave-in numbers are the baseline's: a declared variant changing them is a
    warning, with no check error."""
    folder = tmp_path / GAME
    folder.mkdir()
    (folder / "game.yaml").write_text(f"extends: {GAME}\nvariant: {{name: Safer Mines, "
                                      "notes: one number fewer}\n", encoding="utf-8")
    (folder / "rules.yaml").write_text("cave_in: [[0], [0], [0, 1], [0, 1, 2]]\n",
                                       encoding="utf-8")
    problems = validate_game(SPEC, tmp_path).problems
    assert [p.rule for p in problems] == ["rulebook-value"], [p.format() for p in problems]
    assert problems[0].severity == "warning"
