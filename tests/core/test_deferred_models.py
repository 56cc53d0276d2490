"""A game's file models are built only inside its root model (``defer_build``), and that
changes no problem: a broken deck reads the same whether each part was built on its own
first or not.

Each check runs in a fresh interpreter: a model built by an earlier test in the same worker
would hide whether loading a game builds it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from generator.data.components import BUNDLED_COMPONENTS

BUILT = """
import sys
from generator.deck.validate import validate_game
from generator.games import GAMES
from generator.games.kings_of_copper import model
from generator.schema import Face, GameInfo, Piece
from generator.schema.composition import CompositionRule
assert validate_game(GAMES["kings-of-copper"]).data is not None
built = lambda cls: bool(cls.__pydantic_complete__)
print(built(model.KingsOfCopperData), built(model.BoardFile), built(model.RulesFile),
      built(model.Space), built(model.ChipFace), built(Piece[model.ChipFace]), built(Face),
      built(GameInfo), built(CompositionRule))
"""


def _run(code: str, *args: str) -> str:
    env = {**os.environ, "COPPERPLATE_VALIDATE_MEMO": "off"}
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          check=True, env=env).stdout


def test_a_games_parts_are_built_inside_its_root_and_the_shared_ones_once() -> None:
    # root; file models and their parts: only inside the root; faces and pieces (dumped
    # for their templates) and what every game shares: at once
    assert _run(BUILT).split() == ["True", "False", "False", "False", "True", "True", "True",
                                   "True", "True"]


SAME_PROBLEMS = """
import inspect, json, sys
from pathlib import Path
from pydantic import BaseModel
from generator.deck.validate import validate_game
from generator.games import GAMES
from generator.games.kings_of_copper import model

def problems():
    loaded = validate_game(GAMES["kings-of-copper"], Path(sys.argv[1]))
    return [p.format() for p in loaded.problems]

deferred = problems()
for _, cls in inspect.getmembers(model, inspect.isclass):  # each part built on its own,
    if issubclass(cls, BaseModel) and cls.__module__ == model.__name__:  # then the root
        cls.model_rebuild(force=True)  # from those
model.KingsOfCopperData.model_rebuild(force=True)
assert model.BoardFile.__pydantic_complete__
print(json.dumps([deferred, problems()]))
"""


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_broken_deck_has_the_same_problems_as_with_every_part_built_on_its_own(
        tmp_path: Path) -> None:
    deck = tmp_path / "kings-of-copper"
    shutil.copytree(BUNDLED_COMPONENTS / "kings-of-copper", deck)
    _replace(deck / "rules.yaml", "start_money: 500", "start_money: lots")
    _replace(deck / "rules.yaml", "rob_chips: 1", "rob_chips: 1\nrob_coins: 2")
    _replace(deck / "board.yaml", "kind: event, next: [t02]", "kind: evnt, next: [t02]")
    _replace(deck / "board.yaml", "at: [72.5, 21.0]", "at: [72.5]")
    deferred, eager = json.loads(_run(SAME_PROBLEMS, str(tmp_path)))
    assert deferred == eager
    assert len(deferred) >= 4 and all("error" in line for line in deferred)
    assert any("rules.yaml" in line for line in deferred)
    assert any("board.yaml" in line for line in deferred)
