"""Shared by the rules-file tests: a starter made into a game folder, its compiled game,
and the agreement test of a compiled game with a hand-written referee."""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import pytest
import yaml

from generator.commands import new
from generator.deck.validate import validate_game
from generator.engine.api import CHANCE
from generator.games import GAMES
from generator.rulesfile.game import RulesGame
from generator.rulesfile.state import RulesState

# every starter and the piece its deck is made of
STARTERS = {"claim-jumper": "cards", "trading-post": "goods", "high-noon": "cards",
            "auction-house": "lots", "land-rush": "surveyors", "gold-camp": "buildings",
            "homestead": "tiles", "boomtown": "buildings"}


def make_starter(tree: Path, starter: str, game_id: str | None = None) -> Path:
    """``copperplate new TREE/ID --from STARTER``; the game's folder."""
    folder = tree / (game_id or starter)
    new.run(argparse.Namespace(folder=str(folder), name=starter.title(), start=starter,
                               pieces=["cards"]))
    return folder


def compiled(tree: Path, game_id: str) -> RulesGame:
    """The game of a folder with a rules file, validated clean first."""
    spec = GAMES[game_id]
    loaded = validate_game(spec, tree)
    assert loaded.data is not None, [p.format() for p in loaded.problems]
    from generator.deck.validate import named_rules

    playable, _ = named_rules(spec, tree / game_id)
    assert playable.make_game is not None
    game = playable.make_game(loaded.data)
    assert isinstance(game, RulesGame)
    return game


def compiled_unchecked(folder: Path) -> Any:
    """The game of a folder whose rules compile, however its probe games went."""
    from generator.data.components import load_game
    from generator.deck.validate import named_rules

    spec, _ = named_rules(GAMES[folder.name], folder)
    data = load_game(folder.name, spec.model, folder).data
    assert spec.make_game is not None and data is not None
    return spec.make_game(data)


def faces(folder: Path, piece: str = "cards") -> list[dict[str, Any]]:
    """Every printed copy of a piece, read straight from its YAML (independently of the
    compiler): card number i is the i-th copy, in file order."""
    out = []
    for path in sorted(folder.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for p in (data or {}).get("pieces", []) if isinstance(data, dict) else []:
            if p["id"] == piece:
                for face in p["faces"]:
                    out += [face] * face.get("count", 1)
    return out


class Referee(Protocol):
    """A hand-written game: the rulebook in plain Python."""

    def to_move(self) -> int: ...  # seat, CHANCE or -2 when over
    def legal(self) -> list[Any]: ...
    def apply(self, action: Any) -> None: ...
    def view(self) -> dict[str, Any]: ...  # zones and variables by the rules file's names
    def scores(self) -> list[float]: ...
    def winners(self) -> list[int]: ...


def agree(game: RulesGame, referee: Referee, players: int, seed: int) -> int:
    """Play one seeded random game on both; every position, every legal action list and
    the result must be the same. The number of actions played."""
    rng = random.Random(seed)
    state: RulesState = game.new_initial_state(players)
    steps = 0
    while True:
        assert state.invariants() == [], state.invariants()
        assert state.view() == referee.view(), f"step {steps}"
        assert state.current_player() == referee.to_move(), f"step {steps}"
        assert state.legal_actions() == sorted(referee.legal()), f"step {steps}"
        if state.is_terminal():
            assert state.returns() == referee.scores()
            assert state.winners() == referee.winners()
            return steps
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        referee.apply(action)
        steps += 1


def sweep(game: RulesGame, referee: Callable[[int], Referee], players: list[int],
          games: int, first_seed: int = 0) -> None:
    """``games`` seeded games, player counts in turn, each agreeing with a new referee."""
    for i in range(games):
        count = players[i % len(players)]
        assert agree(game, referee(count), count, first_seed + i) > 0


def starter(factory: pytest.TempPathFactory, name: str, piece: str
            ) -> tuple[RulesGame, list[dict[str, Any]]]:
    """A starter's compiled game and its cards, read independently."""
    tree = factory.mktemp("tree")
    folder = make_starter(tree, name)
    return compiled(tree, name), faces(folder, piece)


def dealt(game: RulesGame, players: int) -> RulesState:
    """A new game with its opening chance (deals, a market) taken as the first outcomes."""
    state = game.new_initial_state(players)
    while state.current_player() == CHANCE:
        state.apply_action(state.legal_actions()[0])
    return state


def winners_of(keys: list[tuple[float, ...]]) -> list[int]:
    best = max(keys)
    return [seat for seat, key in enumerate(keys) if key == best]


__all__ = ["CHANCE", "STARTERS", "dealt", "agree", "compiled", "faces", "make_starter", "starter", "sweep",
           "winners_of"]
