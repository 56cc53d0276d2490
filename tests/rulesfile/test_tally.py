"""A pile counted or added up in one closure (``tally``), and a card alone picked when its
field is on either side of a comparison (``cardpick``), must not change play: the same
values, the same games (legal actions, positions, steps) and the same faults as the
readings they stand for, for every starter."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from generator.rulesfile import aggregates, program
from generator.rulesfile.program import Program, compile_rules
from generator.rulesfile.state import RulesState
from rulesfile.starters import STARTERS
from rulesfile.test_fast_paths import _compiler

PLAYERS = {"high-noon": 4, "auction-house": 4}  # the others at 3, as the bench plays them


def _slow(monkeypatch: pytest.MonkeyPatch) -> None:
    """Compile as before these readings: every aggregate by its parts' closures, every
    card alone tried card by card."""
    monkeypatch.setattr(aggregates.Aggregates, "_tallied", lambda *args: None)
    monkeypatch.setattr(aggregates.Aggregates, "_seats", lambda *args: None)
    monkeypatch.setattr(program, "picker", lambda *args: None)


def _compiled(game: Any, players: int) -> Program:
    prog, problems = compile_rules(game.prog.source, game.pieces, players, game.prog.options)
    assert prog is not None, problems
    return prog


def _played(prog: Program, players: int, seed: int) -> list[Any]:
    """Every position of a seeded random game: its legal actions, its data (zones,
    variables, frames, fault…) and the steps run."""
    rng, state = random.Random(seed), RulesState(prog, players).start()
    seen = []
    while not state.is_terminal():
        legal = state.legal_actions()
        seen.append((legal, state.to_dict(), state.steps))
        state.apply_action(rng.choice(legal))
    seen.append((state.returns(), state.to_dict(), state.steps))
    return seen


def same_games_either_way(game: Any, players: int, slow_down: Callable[[], None],
                          seeds: int) -> None:
    """The first ``seeds`` games alike when compiled with the fast path and again after
    ``slow_down`` switched it off."""
    fast = _compiled(game, players)
    slow_down()
    slow = _compiled(game, players)
    for seed in range(seeds):
        assert _played(fast, players, seed) == _played(slow, players, seed)


@pytest.mark.parametrize("name", list(STARTERS))
def test_every_starter_plays_the_same_games_either_way(
        built: dict[str, Any], monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    same_games_either_way(built[name][0], PLAYERS.get(name, 3),
                          lambda: _slow(monkeypatch), seeds=4)


WHERE = {"eq": [{"field": "value"}, {"var": "round"}]}
TALLIES = [
    {"count": "won", "where": WHERE},
    {"count": "won", "where": {"ne": [{"field": "value"}, 3]}},
    {"count": "lot", "where": {"eq": [{"field": "by"}, {"var": "high"}]}},
    {"sum": "won", "where": WHERE, "value": {"field": "value"}},
    {"sum": "won", "where": {"ne": [{"field": "by"}, {"var": "bid"}]}, "value": {
        "field": "value"}},
    {"ge": [{"count": "won", "where": {"ne": [{"field": "value"}, 3]}}, 2]},
    {"sub": [{"sum": "won", "where": WHERE, "value": {"field": "value"}}, 5]},
    {"each_player": {"count": "won"}},
    {"each_player": {"count": "won"}, "combine": "count"},
    {"each_player": {"sum": "won", "value": {"field": "value"}}, "combine": "max"},
    {"each_player": {"sum": "won", "value": {"field": "value"}}, "combine": "min"},
    {"eq": [{"each_player": {"count": "won"}}, 0]},
    {"ge": [{"each_player": {"sum": "won", "value": {"field": "value"}}, "combine": "max"},
            12]},
    {"lt": [{"count": "won", "where": WHERE}, "gold"]},  # a word: the same fault
    {"mod": [{"each_player": {"count": "won"}, "combine": "min"}, 0]},
]


@pytest.mark.parametrize("value", TALLIES)
def test_a_tally_gives_what_its_parts_give(built: dict[str, Any],
                                           monkeypatch: pytest.MonkeyPatch,
                                           value: Any) -> None:
    """For every seat at every position of seeded auctions: the same value, or the same
    fault, as the expression read by the closures of its parts."""
    game, _ = built["auction-house"]
    state = game.new_initial_state(4)
    x = _compiler(state.prog)
    fast = x.expr(value, ())
    assert x.thens, value  # read as a tally
    _slow(monkeypatch)
    y = _compiler(state.prog)
    slow = y.expr(value, ())
    assert not y.thens and not x.report.problems
    rng = random.Random(5)
    while not state.is_terminal():
        for seat in range(4):
            assert _read(fast, state.ctx(seat)) == _read(slow, state.ctx(seat))
        state.apply_action(rng.choice(state.legal_actions()))


def _read(fn: Any, c: Any) -> Any:
    try:
        return fn(c)
    except TypeError as exc:
        return str(exc)


def test_a_field_of_other_values_is_added_up_by_its_parts(
        built: dict[str, Any]) -> None:
    """A field whose values are not all whole numbers (a word, a list) keeps the general
    reading: ``sum`` adds them its own way (and fails as it fails)."""
    game, _ = built["auction-house"]
    x = _compiler(game.new_initial_state(4).prog)
    x.names.columns["odd"] = [1.5] * len(x.names.columns["value"])
    x.names.fields.add("odd")
    x.expr({"sum": "won", "where": WHERE, "value": {"field": "odd"}}, ())
    x.expr({"each_player": {"sum": "won", "value": {"field": "odd"}}}, ())
    assert not x.thens and not x.report.problems
