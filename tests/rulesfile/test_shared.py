"""A sub-expression written twice or more in one frame is read once per reading
(``shared``): the same values and the same faults as each copy read, for every starter,
the Boomtown score (its ``*token`` twice in each building's points) included."""

from __future__ import annotations

import random
from typing import Any

import pytest

from generator.rulesfile import shared
from rulesfile.starters import STARTERS
from rulesfile.test_fast_paths import _compiler
from rulesfile.test_tally import PLAYERS, _compiled, _read, same_games_either_way


def _unshared(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every copy read by its own closure."""
    monkeypatch.setattr(shared.Scope, "share", lambda self, node, fn: fn)


@pytest.mark.parametrize("name", list(STARTERS))
def test_every_starter_plays_the_same_games_either_way(
        built: dict[str, Any], monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    same_games_either_way(built[name][0], PLAYERS.get(name, 3),
                          lambda: _unshared(monkeypatch), seeds=3)


class Counted(list):  # type: ignore[type-arg]
    """The zones of a state, counting the reads of them."""

    reads = 0

    def __getitem__(self, at: Any) -> Any:
        Counted.reads += 1
        return super().__getitem__(at)


WON = {"sum": "won", "where": {"eq": [{"field": "value"}, {"var": "round"}]},
       "value": {"field": "value"}}
ODD = {"sum": "won", "where": {"ne": [{"field": "value"}, {"var": "bid"}]}, "value": {
    "count": "won", "where": {"eq": [{"field": "by"}, {"var": "high"}]}}}


@pytest.mark.parametrize(("value", "reads"), [
    ({"max": [{"sub": [WON, 3]}, {"sub": [3, WON]}]}, 1),
    ({"if": [{"gt": [WON, 0]}, {"add": [WON, 2]}, 0]}, 1),
    ({"add": [WON, {"each_player": WON}]}, 1 + 4),  # each seat's: another frame
    ({"add": [{"count": "won"}, {"count": "won"}]}, 2),  # a pile's size: read again
])
def test_a_copy_is_read_once_per_reading(built: dict[str, Any], value: Any,
                                         reads: int) -> None:
    game, _ = built["auction-house"]
    state = game.new_initial_state(4)
    x = _compiler(state.prog)
    fn = x.expr(value, ())
    state.zones = Counted(state.zones)
    for _ in range(2):
        Counted.reads = 0
        fn(state.ctx(1))
        assert Counted.reads == reads


@pytest.mark.parametrize("value", [
    {"max": [{"sub": [WON, 3]}, {"sub": [3, WON]}]},
    {"if": [{"gt": [WON, 1]}, {"add": [WON, 2]}, WON]},
    {"add": [ODD, {"sum": "won", "value": ODD}, {"each_player": ODD}, ODD]},
    {"and": [{"lt": [ODD, "gold"]}, {"gt": [ODD, 1]}]},  # a word: the same fault
    {"add": [{"count": "won", "of": {"var": "high"}}, {"count": "won", "where": {
        "eq": [{"var": "round"}, 1]}, "of": 2}, {"count": "won", "where": {
        "eq": [{"var": "round"}, 1]}, "of": 2}]},
])
def test_a_shared_copy_gives_what_each_copy_gives(built: dict[str, Any],
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  value: Any) -> None:
    """For every seat at every position of seeded auctions: the same value, or the same
    fault, as every copy read by its own closure."""
    game, _ = built["auction-house"]
    state = game.new_initial_state(4)
    fast = _compiler(state.prog).expr(value, ())
    _unshared(monkeypatch)
    slow = _compiler(state.prog).expr(value, ())
    rng = random.Random(7)
    while not state.is_terminal():
        for seat in range(4):
            assert _read(fast, state.ctx(seat)) == _read(slow, state.ctx(seat))
        state.apply_action(rng.choice(state.legal_actions()))


def test_the_boomtown_score_reads_its_token_once_and_scores_the_same(
        built: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """The score and the tie-break of every seat at every position of seeded games."""
    game = built["boomtown"][0]
    fast = _compiled(game, 3)
    _unshared(monkeypatch)
    slow = _compiled(game, 3)
    rng, state = random.Random(2), game.new_initial_state(3)
    while not state.is_terminal():
        for seat in range(3):
            for a, b in zip([fast.score, *fast.tiebreak], [slow.score, *slow.tiebreak],
                            strict=True):
                assert _read(a, state.ctx(seat)) == _read(b, state.ctx(seat))
        state.apply_action(rng.choice(state.legal_actions()))
