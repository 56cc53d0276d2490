"""A game of one's own with a ``rules.yaml`` is playable: its spec builds the compiled game.

Validation reads the rules file after the component files (its zones start with their
pieces), then plays a few probe games; every problem is located in ``rules.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from generator.data.componentfile import load
from generator.data.components import RULES_FILE
from generator.data.yamlsrc import YamlError
from generator.engine.bots import RandomBot
from generator.files.problems import ERROR, Problem, display_path
from generator.games.spec import GameSpec
from generator.rulesfile.bots import GreedyBot
from generator.rulesfile.game import RulesGame
from generator.rulesfile.picture import picture
from generator.rulesfile.pieces import catalogue, holdings, pieces_of
from generator.rulesfile.probe import probe
from generator.rulesfile.program import Program, compile_rules

BOTS = {"random": RandomBot, "greedy": GreedyBot}


def rules_spec(spec: GameSpec, folder: Path) -> GameSpec:
    """The spec of a game folder holding a rules file: playable, with greedy."""
    if not (folder / RULES_FILE).is_file():
        return spec
    from generator.engine.pieces import PieceRules

    return replace(spec, make_game=RulesMaker(spec.id, str(folder)), bots=BOTS,
                   picture=picture, pieces=PieceRules(catalogue, holdings))


@dataclass(frozen=True)
class RulesMaker:
    """Builds the game from validated component data and the folder's rules file."""

    game_id: str
    folder: str

    def compiled(self, data: Any) -> tuple[Program | None, list[Problem]]:
        path = Path(self.folder) / RULES_FILE
        if not path.resolve().is_relative_to(Path(self.folder).resolve()):
            return None, [Problem(display_path(path), 1, 1, ERROR, "this is a link to a "
                                  "file outside the game's folder", "file-kind")]
        try:
            source = load(path)
        except YamlError as exc:
            return None, [exc.problem]
        prog, problems = compile_rules(source, pieces_of(data), data.game.players.min)
        read = source.problems  # found while reading (a duplicate key): errors too
        return (None if read else prog), read + problems

    def game(self, data: Any, prog: Program) -> RulesGame:
        return RulesGame(self.game_id, prog, data.game.players.min, data.game.players.max,
                         pieces_of(data))

    def __call__(self, data: Any) -> RulesGame:
        prog, problems = self.compiled(data)
        if prog is None:
            raise ValueError("; ".join(p.format() for p in problems))
        return self.game(data, prog)

    def problems(self, data: Any) -> list[Problem]:
        """The rules file's problems: reading it, then (if it reads clean) playing it."""
        prog, problems = self.compiled(data)
        if prog is None:
            return problems
        return probe(self.game(data, prog))


def rules_problems(spec: GameSpec, data: Any) -> list[Problem]:
    maker = spec.make_game
    return maker.problems(data) if isinstance(maker, RulesMaker) else []

