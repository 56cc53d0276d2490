"""No crash after a clean validate: a deck that validates never makes a game raise.

Hypothesis changes one number, or swaps one id-like word for another, in one bundled
file (within the schema's reach, under a declared variant so the rulebook baseline warns
instead of refusing) and lays it over the
bundled game as an overlay. Either validate refuses the deck, or the reference game plays
whole games with random bots without an exception.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.data.components import BUNDLED_COMPONENTS
from generator.data.yamlsrc import Loc
from generator.deck.validate import validate_game
from generator.engine.bots import RandomBot
from generator.engine.playout import play
from generator.games import GAMES


def _numbers(data: Any, loc: Loc = ()) -> list[tuple[Loc, int]]:
    """Every whole number in a YAML tree (not booleans), with its path."""
    if isinstance(data, dict):
        return [n for k, v in data.items() for n in _numbers(v, loc + (k,))]
    if isinstance(data, list):
        return [n for i, v in enumerate(data) for n in _numbers(v, loc + (i,))]
    return [(loc, data)] if isinstance(data, int) and not isinstance(data, bool) else []


FREE_TEXT = ("template", "back", "source", "notes", "name", "text", "blurb", "skill", "title")


def _words(data: Any, loc: Loc = ()) -> list[tuple[Loc, str]]:
    """Every id-like string in a YAML tree (not free text nor file names), with its path."""
    if isinstance(data, dict):
        return [n for k, v in data.items() for n in _words(v, loc + (k,))]
    if isinstance(data, list):
        return [n for i, v in enumerate(data) for n in _words(v, loc + (i,))]
    return [(loc, data)] if isinstance(data, str) and loc[-1] not in FREE_TEXT else []


def _files(game_id: str) -> dict[str, Any]:
    folder = BUNDLED_COMPONENTS / game_id
    return {p.name: yaml.safe_load(p.read_text(encoding="utf-8"))
            for p in sorted(folder.glob("*.yaml")) if p.name != "game.yaml"}


def _set(data: Any, loc: Loc, value: int) -> None:
    for part in loc[:-1]:
        data = data[part]
    data[loc[-1]] = value


@st.composite
def mutation(draw: st.DrawFn, game_id: str) -> tuple[str, Any, Loc, int]:
    files = _files(game_id)
    name = draw(st.sampled_from([n for n in files if _numbers(files[n])]))
    loc, old = draw(st.sampled_from(_numbers(files[name])))
    new = draw(st.integers(min_value=-1, max_value=max(2 * old, 12)))
    _set(files[name], loc, new)
    return name, files[name], loc, new


@st.composite
def swap(draw: st.DrawFn, game_id: str) -> tuple[str, Any, Loc, str]:
    """One id-like word replaced by another word of the same file (a colour, a zone, a
    suit, a character...): the kind of edit that keeps the schema but not the sense."""
    files = _files(game_id)
    name = draw(st.sampled_from([n for n in files if len(_words(files[n])) > 1]))
    words = _words(files[name])
    loc, _ = draw(st.sampled_from(words))
    _, new = draw(st.sampled_from(words))
    _set(files[name], loc, new)
    return name, files[name], loc, new


def _plays_or_refuses(game_id: str, name: str, content: Any) -> bool:
    """True if the deck validated and played, False if validate refused it."""
    spec = GAMES[game_id]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / game_id
        folder.mkdir()
        (folder / "game.yaml").write_text(yaml.safe_dump(
            {"extends": game_id, "variant": {"name": "Mutant", "notes": "hypothesis"}}))
        (folder / name).write_text(yaml.safe_dump(content, sort_keys=False))
        loaded = validate_game(spec, Path(tmp))
    if loaded.data is None:
        return False  # refused, with located problems: the other allowed outcome
    assert spec.make_game is not None
    game = spec.make_game(loaded.data)
    info = loaded.data.game.players
    for players in sorted({info.min, info.max}):
        for seed in range(2):
            play(game, players, [("random", RandomBot)] * players, seed, check="end")
    return True


@pytest.mark.slow  # a long run: kept out of the fast tier, run by make test
@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_validated_deck_plays_without_an_exception(game_id: str) -> None:
    played = []

    @settings(max_examples=12, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow])
    @given(st.one_of(mutation(game_id), swap(game_id)))
    def run(case: tuple[str, Any, Loc, Any]) -> None:
        name, content, _, _ = case
        played.append(_plays_or_refuses(game_id, name, content))

    run()
    assert any(played), "every mutation was refused: the test played nothing"
