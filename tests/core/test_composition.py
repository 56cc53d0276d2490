"""Composition rules in YAML: each kind holds or is reported at the item that breaks it,
under the rule's own id (docs/composition.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.deck.validate import validate_game
from generator.files.problems import Problem
from generator.games import GAMES

GAME = """id: deck-game
name: Deck Game
players: {min: 2, max: 4}
play_time_min: 20
rules_version: "1"
components: [cards.yaml]
"""
# faces start on line 12 of cards.yaml, one per line
CARDS = """source: designed
composition:
  - id: the-rule
    message: the rule
    RULE
pieces:
  - id: cards
    name: Cards
    kind: card
    size: poker
    template: card.svg.j2
    faces:
      - {id: red-1, suit: red, cost: 1, count: 2, colours: [red, blue]}
      - {id: red-2, suit: red, cost: 2, count: 1, colours: [red, green], partner: blue-1}
      - {id: blue-1, suit: blue, cost: 2, count: 3, colours: [blue, green]}
      - {id: blue-2, suit: blue, cost: 1, count: 1, colours: [red, blue], partner: nobody}
"""


def problems(tmp_path: Path, rule: str) -> list[Problem]:
    folder = tmp_path / "deck-game"
    (folder / "templates").mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(GAME)
    (folder / "cards.yaml").write_text(CARDS.replace("RULE", rule))
    (folder / "templates" / "card.svg.j2").write_text("<svg/>")
    return validate_game(GAMES["deck-game"], tmp_path).problems


def check(tmp_path: Path, rule: str, *at: tuple[int, int]) -> list[Problem]:
    found = problems(tmp_path, rule)
    assert [(p.line, p.col) for p in found] == list(at), [p.format() for p in found]
    assert all(p.rule == "the-rule" and p.message.startswith("the rule: ") for p in found)
    return found


@pytest.mark.parametrize("rule,at", [
    ("count: {exactly: 7}", []),
    ("count: {exactly: 8}", [(16, 9)]),  # the deck: at its last face
    ("count: {per: suit, exactly: 4}", [(14, 9)]),  # blue has 4, red 3: at red's last
    ("count: {per: suit, min: 3, max: 4}", []),
    ("count: {per: suit, min: 1, values: [red, blue, green]}", [(5, 40)]),  # at the values
    ("count: {where: {suit: red}, max: 2}", [(14, 9)]),
    ("copies: {max: 2}", [(15, 50)]),  # blue-1 prints 3: at its count
    ("copies: {exactly: 1, where: {suit: red}}", [(13, 48)]),
    ("unique: cost", [(15, 40), (16, 40)]),  # the second face with each cost
    ("unique: id", []),
    ("sum: {field: cost, exactly: 11}", []),
    ("sum: {field: cost, max: 10}", [(16, 9)]),
    ("sum: {field: cost, exactly: 3, where: {suit: red}}", [(14, 9)]),
    ("pairing: {field: colours, adjacent_in: [red, green, blue]}", [(13, 60), (16, 62)]),
    ("pairing: {field: colours, adjacent_in: [red, green, blue], cyclic: true}", []),
    ("pairing: {field: partner, matches: id}", [(16, 84)]),
])
def test_each_kind_of_rule(tmp_path: Path, rule: str, at: list[tuple[int, int]]) -> None:
    check(tmp_path, rule, *at)


def test_the_message_says_what_was_found(tmp_path: Path) -> None:
    (problem,) = check(tmp_path, "count: {per: suit, exactly: 4}", (14, 9))
    assert problem.message == "the rule: suit 'red': expected exactly 4, found 3"
    assert problem.path.endswith("deck-game/cards.yaml") and problem.severity == "error"


def test_a_rule_may_only_warn(tmp_path: Path) -> None:
    (problem,) = check(tmp_path, "copies: {max: 2}\n    severity: warning", (16, 50))
    assert problem.severity == "warning"


@pytest.mark.parametrize("rule,message", [
    ("count: {per: suitt, exactly: 4}", "no face has a field 'suitt'"),
    ("unique: titel", "no face has a field 'titel'"),
    ("sum: {field: costs, exactly: 1}", "no face has a field 'costs'"),
])
def test_a_field_no_face_has_is_reported_at_the_rule(tmp_path: Path, rule: str,
                                                       message: str) -> None:
    (problem,) = problems(tmp_path, rule)
    assert problem.line == 5 and problem.message == message and problem.rule == "the-rule"


@pytest.mark.parametrize("rule,message", [
    ("count: {per: suit}", "give 'exactly', 'min' or 'max'"),
    ("count: {exactly: 1, min: 1}", "'exactly' cannot be combined"),
    ("unique: id\n    copies: {max: 1}", "exactly one of count, copies, unique, sum, pairing"),
    ("pairing: {field: colours}", "exactly one of 'adjacent_in' and 'matches'"),
    ("piece: deck\n    unique: id", "no piece 'deck' in this file"),
])
def test_a_malformed_rule_is_a_located_error(tmp_path: Path, rule: str, message: str) -> None:
    found = problems(tmp_path, rule)
    assert len(found) == 1 and message in found[0].message, [p.format() for p in found]
    assert 3 <= found[0].line <= 6


def test_every_example_in_the_documentation_is_a_valid_rule() -> None:
    import re
    import textwrap

    import yaml

    from generator.schema.composition import CompositionRule

    doc = (Path(__file__).resolve().parents[2] / "docs" / "composition.md").read_text()
    blocks = re.findall(r"```yaml\n(.*?)```", doc, re.S)
    rules = []
    for block in blocks:
        data = yaml.safe_load(textwrap.dedent(block))
        rules += data["composition"] if isinstance(data, dict) else data
    assert len(rules) >= 10
    kinds = {CompositionRule.model_validate(rule).kind for rule in rules}
    assert kinds == {"count", "copies", "unique", "sum", "pairing"}
