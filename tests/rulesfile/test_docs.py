"""docs/rules-language.md documents every word of the language, and only those."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.rulesfile import declared, expr, program
from generator.rulesfile.effects import EFFECT_KEYS

DOC = (Path(__file__).resolve().parents[2] / "docs" / "rules-language.md").read_text(
    encoding="utf-8")


def words(section: str) -> set[str]:
    """The words named in the first column of a section's table."""
    body = DOC.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    found: set[str] = set()
    for row in re.findall(r"^\| ([^|]+) \|", body, flags=re.M):
        found.update(re.findall(r"`\{?([a-z_]+)", row))
    return found


@pytest.mark.parametrize(("section", "known"), [
    ("Top level", set(program.TOP)),
    ("Zones", set(declared.ZONE_KEYS)),
    ("Variables", set(declared.VAR_KEYS)),
    ("Phases", set(program.PHASE_KEYS)),
    ("Actions", set(program.ACTION_KEYS)),
    ("Effects", set(EFFECT_KEYS) | {"of"}),
    ("Expressions", expr.WORDS | {"of", "cell", "next_to", "in_row", "in_column", "same"}),
])
def test_every_word_is_documented(section: str, known: set[str]) -> None:
    assert words(section) == known


# Every documented example of an effect or an expression compiles, in a rules file that
# declares the names the examples use (a plug-in's and an elided one's left out).
PIECES = {"cards": [
    {"id": "a", "suit": "snake", "value": 1, "cost": 2, "points": [7, 3], "place": 3,
     "terrain": "mountain", "left": 1, "count": 3},
    {"id": "b", "suit": "tea", "value": 2, "cost": 1, "points": [1], "place": 4,
     "terrain": "river", "left": 0, "count": 3}]}
NAMED = """
zones:
  deck: {order: random, start: cards}
  market: {}
  river: {}
  hills: {}
  homestead: {owner: each, grid: [3, 3]}
  town: {grid: [9, 5]}
  climb: {owner: each, grid: [7, 1]}
  camp: {owner: each, grid: [7, 1]}
PILES
vars:
VARS
events: [bust]
options: {terrain: false}
procedures: {refill: [{draw: deck, to: market}]}
phases: [{id: p, actions: [act]}]
actions:
  act:
    choose: {card: market, to: [river, hills]}
    do: DO
end: true
score: SCORE
"""
PILES = ("hand", "claim", "bank", "trick", "won", "stall", "discard", "tokens", "marks",
         "turned", "supply", "passing", "lot")
VARS = ("coins", "die", "pot", "led", "tricks", "leader", "spot", "at", "built", "tracked",
        "d1", "d2", "d3", "high", "round", "out", "passed", "bid")


def examples(section: str) -> list[str]:
    """The examples in the last column of a section's table."""
    body = DOC.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    found = []
    for row in re.findall(r"^\| (.+) \|$", body, flags=re.M):
        found += re.findall(r"`(\{.*?\})`(?=[ ,(]|$)", row.split(" | ")[-1])
    return [e for e in found if "plugin" not in e and "…" not in e]


@pytest.mark.parametrize(("section", "example"), [
    (section, example) for section in ("Effects", "Expressions")
    for example in examples(section)])
def test_every_documented_example_compiles(section: str, example: str) -> None:
    from generator.data.yamlsrc import loads

    text = NAMED.replace("PILES", "\n".join(f"  {z}: {{owner: each}}" for z in PILES))
    text = text.replace("VARS", "\n".join(f"  {v}: {{}}" for v in VARS))
    effect = section == "Effects"
    text = text.replace("DO", f"[{example}]" if effect else "[]")
    source = loads(text.replace("SCORE", "0" if effect else example), Path("rules.yaml"))
    prog, problems = program.compile_rules(source, PIECES, 2)
    assert prog is not None and problems == [], [p.format() for p in problems]


def test_the_examples_are_found() -> None:
    assert len(examples("Effects")) >= 20 and len(examples("Expressions")) >= 20
