"""A one-card game written into a temp folder, to seed one print defect at a time."""

from __future__ import annotations

from pathlib import Path

import yaml

from generator.data.components import LoadedGame, load_game
from generator.files.problems import Problem
from generator.lint import lint_game
from generator.schema import GameData, PieceFile


class TinyData(GameData):
    cards: PieceFile


GAME = {"id": "tiny", "name": "Tiny", "players": {"min": 1, "max": 2}, "play_time_min": 5,
        "rules_version": "1", "credits": ["test"], "components": ["cards.yaml"]}
HEAD = ('{% extends "_shared/base.svg.j2" %}\n{% block art %}\n'
        '<rect x="{{ -bleed }}" y="{{ -bleed }}" width="{{ w + 2 * bleed }}" '
        'height="{{ h + 2 * bleed }}" fill="#ffffff"/>\n')
FIRST_ART_LINE = 4  # the template line of the first line of ``art``


def tiny_game(root: Path, art: str, face: dict[str, object] | None = None,
              piece: dict[str, object] | None = None) -> LoadedGame:
    folder = root / "tiny"
    (folder / "templates").mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(yaml.safe_dump(GAME), encoding="utf-8")
    card = {"id": "cards", "name": "Cards", "kind": "card", "size": "poker",
            "template": "card.svg.j2", "faces": [{"id": "first", "count": 1, **(face or {})}],
            **(piece or {})}
    (folder / "cards.yaml").write_text(yaml.safe_dump({"pieces": [card]}, sort_keys=False),
                                       encoding="utf-8")
    (folder / "templates" / "card.svg.j2").write_text(HEAD + art + "\n{% endblock %}\n",
                                                      encoding="utf-8")
    loaded = load_game("tiny", TinyData, folder)
    assert loaded.ok, [p.format() for p in loaded.problems]
    return loaded


def lint_tiny(root: Path, art: str, face: dict[str, object] | None = None,
              piece: dict[str, object] | None = None,
              papers: tuple[str, ...] = ("a4",)) -> list[Problem]:
    return lint_game(tiny_game(root, art, face, piece), papers)
