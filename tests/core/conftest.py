"""A tiny game tree written into tmp_path, to test the loader apart from the real games."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.schema import Face, GameData, Model, Piece, PieceFile

GAME_YAML = """\
id: demo
name: Demo
players: {min: 2, max: 4}
play_time_min: 20
rules_version: "1.0"
components: [cards.yaml, rules.yaml]
"""

CARDS_YAML = """\
pieces:
  - id: deck
    name: Deck
    kind: card
    size: poker
    template: card.svg.j2
    back: back.svg.j2
    faces:
      - {id: ace, value: 1, count: 2}
      - {id: two, value: 2}
"""

RULES_YAML = """\
hand_size: 5
"""


class ValueFace(Face):
    value: int


class CardsFile(PieceFile):
    pieces: list[Piece[ValueFace]]  # type: ignore[assignment]


class RulesFile(Model):
    hand_size: int


class DemoData(GameData):
    cards: CardsFile
    rules: RulesFile


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    folder = tmp_path / "demo"
    (folder / "templates").mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME_YAML)
    (folder / "cards.yaml").write_text(CARDS_YAML)
    (folder / "rules.yaml").write_text(RULES_YAML)
    for name in ("card.svg.j2", "back.svg.j2"):
        (folder / "templates" / name).write_text(
            '{% extends "_shared/base.svg.j2" %}{% block art %}'
            '<text x="3" y="10">{{ face.id }}</text>{% endblock %}')
    return folder
