"""Each named check, broken on purpose: the exact file:line:col and rule id it reports."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.deck.validate import validate_game
from generator.games.copper_creek import SPEC

# (check id, file, text before the edit, old, new, reported file, line, col)
BREAKS = [
    ("card-squares", "buildings.yaml", "id: hotel", "sand: [b3]", "sand: []",
     "buildings.yaml", 384, 13),
    ("building-connected", "buildings.yaml", "Doctor's Office", "squares: [b1, b2]",
     "squares: [b1, a3]", "buildings.yaml", 408, 22),
    ("door-on-boundary", "buildings.yaml", "Farmer Smart", "{square: a1, edge: north}",
     "{square: a1, edge: east}", "buildings.yaml", 329, 17),
    ("color-known", "buildings.yaml", "name: \"Theater\"", "purple", "violet",
     "buildings.yaml", 419, 20),
    ("calendar-rows", "station.yaml", "rows:", "[tan, brown, yellow,", "[tan, yellow, brown,",
     "station.yaml", 6, 9),
    ("gray-cards", "buildings.yaml", "Music Hall", "color: purple", "color: tan",
     "buildings.yaml", 120, 11),
    ("two-color-pairs", "buildings.yaml", "Barber Shop", "color: green", "color: tan",
     "buildings.yaml", 230, 20),
    ("color-balance", "buildings.yaml", "Lumber Yard", "color: brown", "color: tan",
     "buildings.yaml", 27, 7),
    ("same-color-connected", "buildings.yaml", "Candle Shop", "color: yellow",
     "color: green", "buildings.yaml", 213, 17),
    ("gray-door-outside", "buildings.yaml", "Schoolhouse", "a1, edge: west}\n"
     "              - {square: a2, edge: west}\n              - {square: a3, edge: west}",
     "a1, edge: east}\n              - {square: a2, edge: east}\n"
     "              - {square: a3, edge: east}", "buildings.yaml", 145, 15),
    ("calendar-columns", "station.yaml", "columns:", ', "5"]', "]", "station.yaml", 8, 12),
    ("final-election-reached", "station.yaml", "1884", "stones: 4", "stones: 7",
     "station.yaml", 12, 5),
    ("early-rounds", "station.yaml", "1882", "column: 2", "column: 1", "station.yaml", 10, 5),
    ("share-tokens", "tokens.yaml", "share-sky", "player: sky", "player: teal",
     "tokens.yaml", 21, 9),
    ("calendar-stones", "tokens.yaml", "stone-red", "color: red", "color: tan",
     "station.yaml", 6, 10),
    ("money-supply", "money.yaml", "dollar-1", "count: 60}\n      - {id: dollar-5, value: 5, "
     "count: 28}\n      - {id: dollar-10, value: 10, count: 10}", "count: 60}",
     "money.yaml", 5, 3),
    ("start-slots", "town.yaml", "southeast", "southeast", "southwest", "town.yaml", 12, 3),
    # a start slot on Front Street passed validate, then setup raised in rules.py
    ("start-placement", "town.yaml", "north", "[0, -1]", "[0, 0]", "town.yaml", 12, 27),
]


def test_bundled_data_is_clean():
    assert validate_game(SPEC).problems == []


def test_every_check_has_a_breaking_case():
    assert sorted(b[0] for b in BREAKS) == sorted(c.id for c in SPEC.checks)


@pytest.mark.parametrize("rule,file,after,old,new,where,line,col", BREAKS,
                         ids=[b[0] for b in BREAKS])
def test_check_reports_the_exact_place(broken_tree, rule, file, after, old, new, where,
                                       line, col):
    problems = broken_tree(file, after, old, new)
    mine = [p for p in problems if p.rule == rule]
    assert mine, [p.format() for p in problems]
    assert (mine[0].path.endswith(f"copper-creek/{where}"), mine[0].line, mine[0].col) == (
        True, line, col), mine[0].format()


def test_validate_command_exits_0_on_the_bundled_data():
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "generator", "validate", "copper-creek"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_duplicated_pair_is_reported_at_the_card_that_changed(broken_tree):
    """Hat Shop (the earlier card) is edited to repeat Feed & Hardware's pair: the error
    sits at the Hat Shop card, not at the untouched later one."""
    problems = broken_tree("buildings.yaml", '"Hat Shop"', "color: tan", "color: yellow")
    second = [p for p in problems if p.rule == "two-color-pairs" and "a second" in p.message]
    text = (Path(second[0].path)).read_text(encoding="utf-8").splitlines()
    assert len(second) == 1
    assert text[second[0].line - 1].strip() == '- name: "Hat Shop"'  # not "Feed & Seed"


# The rulebook's numbers these checks once repeated, now held by the baseline alone:
# (file, text before the edit, old, new, reported line, col)
RULEBOOK_NUMBERS = [
    ("buildings.yaml", "id: undertaker", "sand:", "count: 2\n        sand:", 462, 16),  # 25
    ("tokens.yaml", "share-sky", "count: 18", "count: 21", 21, 45),  # 21 tokens a player
    ("money.yaml", "dollar-10", "count: 10", "count: 100", 5, 3),  # $200 a player
]


@pytest.mark.parametrize("file,after,old,new,line,col", RULEBOOK_NUMBERS,
                         ids=["deck", "tokens", "money"])
def test_a_rulebook_number_is_refused_once_and_a_declared_variant_passes(
        broken_tree, tmp_path, file, after, old, new, line, col):
    """One error, the baseline's, at the edited line; with a variant declared the same deck
    validates with warnings only (no check repeats the rulebook's number)."""
    problems = broken_tree(file, after, old, new)
    errors = [p for p in problems if p.severity == "error"]
    assert [(p.rule, p.line, p.col) for p in errors] == [("rulebook-value", line, col)], \
        [p.format() for p in problems]
    game = tmp_path / "copper-creek" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8")
                    + 'variant: {name: Bigger, notes: "one number changed"}\n',
                    encoding="utf-8")
    again = validate_game(SPEC, tmp_path).problems
    assert [p for p in again if p.severity == "error"] == [], [p.format() for p in again]
    assert any(p.rule == "rulebook-value" and "variant 'Bigger'" in p.message for p in again)
