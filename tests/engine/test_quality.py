"""The quality measures: leaders, lead changes, stalls, decisiveness, with intervals."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from generator.deck.validate import validate_game
from generator.engine.bots import RandomBot
from generator.engine.compare import measures
from generator.engine.playout import GameRecord, play
from generator.engine.quality import QualityTally, Watch, sole_leader, turn_key
from generator.engine.simulate import run
from generator.engine.stats import Z95, spread
from generator.games import GAMES

from .toy.rules import ToyGame


class _Position:
    """What a ``Watch`` reads: the turn, every seat's standing, whether it is over."""

    def __init__(self, turn: int, scores: tuple[float, ...]):
        self.turn, self.scores = turn, scores

    def turn_count(self) -> int:
        return self.turn

    def standing(self) -> list[float]:
        return list(self.scores)

    def is_terminal(self) -> bool:
        return False


def _watched(turns: list[tuple[float, ...]], final: tuple[float, ...]) -> dict[str, Any]:
    watch = Watch()
    for turn, scores in enumerate(turns):
        watch(_Position(turn, scores))  # type: ignore[arg-type]
        watch(_Position(turn, (99.0,) * len(scores)))  # type: ignore[arg-type]  # same turn: unread
    return watch.quality(list(final))


def test_a_sole_leader_needs_the_top_score_alone() -> None:
    assert sole_leader((3.0, 5.0, 1.0)) == 1
    assert sole_leader((5.0, 5.0, 1.0)) is None


def test_lead_changes_stalls_and_the_leader_at_each_tenth() -> None:
    # seat 0 leads, a tie, seat 0 again (no change), seat 1 takes over, then seat 0
    turns = [(0, 0), (1, 0), (1, 1), (2, 1), (2, 1), (2, 4), (2, 4), (2, 4), (2, 4), (6, 4)]
    q = _watched([tuple(map(float, t)) for t in turns], (6.0, 4.0))
    assert q["turns"] == 10
    assert q["lead_changes"] == 2  # 0 -> 1 -> 0; the tie keeps seat 0
    assert q["stalls"] == 5  # (2,1)->(2,1), four times (2,4), (6,4) -> final (6,4)
    assert q["leaders"] == [0, None, 0, 0, 1, 1, 1, 1, 0]


def test_a_solo_game_leads_alone_throughout_and_counts_its_stalls() -> None:
    q = _watched([(0.0,), (1.0,), (1.0,), (3.0,)], (3.0,))
    assert q == {"leaders": [0] * 9, "lead_changes": 0, "stalls": 2, "turns": 4}


def test_the_stall_share_is_the_exact_fraction_of_each_game() -> None:
    tally, other = QualityTally(), QualityTally()
    for part in (tally, other, other):
        part.add({"leaders": [0] * 9, "lead_changes": 0, "stalls": 1, "turns": 3}, [0])
    tally.add({"leaders": [0] * 9, "lead_changes": 0, "stalls": 0, "turns": 0}, [0])
    tally.merge(other)
    shares = tally.stall_share()
    assert (shares.n, shares.total, shares.low, shares.high) == (4, 1, 0.0, 1 / 3)
    assert shares.squares == Fraction(1, 3)  # three ninths: no binary float inside


def test_decisiveness_counts_games_with_a_sole_leader_only() -> None:
    tally = QualityTally()
    early = [0] * 9
    tally.add({"leaders": early, "lead_changes": 0, "stalls": 0, "turns": 10}, [0])
    tally.add({"leaders": [None] * 4 + [1] * 5, "lead_changes": 1, "stalls": 5,
               "turns": 10}, [0])
    s = tally.summary(2, 2, first_wins=2, ties=0, lengths={10: 2})
    first, last = s["decisiveness"][0], s["decisiveness"][-1]
    assert (first["games"], first["wins"]) == (1, 1)
    assert (last["games"], last["wins"], last["rate"]) == (2, 1, 0.5)
    assert last["ci95"][0] < 0.5 < last["ci95"][1]
    assert s["first_player_advantage"]["advantage"] == 0.5
    lo, hi = s["first_player_advantage"]["ci95"]
    assert s["first_player_advantage"]["advantage_ci95"] == [round(lo - 0.5, 4), round(hi - 0.5, 4)]
    assert s["lead_changes"]["mean"] == 0.5 and s["stalls"]["mean"] == 0.25
    assert s["length_spread"] == {"sd": 0.0, "cv": 0.0, "ci95": [0.0, 0.0]}
    solo = tally.summary(1, 2, first_wins=2, ties=0, lengths={10: 2})
    assert set(solo) == {"length_spread", "stalls"}


def test_the_length_spread_is_the_sd_with_an_interval_from_the_fourth_moment() -> None:
    s = spread({10: 50, 20: 50})  # mean 15, every length 5 away: m2 25, m4 625
    sd = math.sqrt(25 * 100 / 99)
    variance, m4 = sd * sd, 625.0
    se = math.sqrt((m4 - variance * variance * 97 / 99) / 100)
    factor = math.exp(Z95 * se / variance / 2)
    assert s == {"sd": round(sd, 3), "cv": round(sd / 15, 4),
                 "ci95": [round(sd / factor, 3), round(sd * factor, 3)]}
    assert spread({7: 1}) == {"sd": 0.0, "cv": 0.0, "ci95": [0.0, 0.0]}


def test_the_length_spread_interval_covers_the_true_sd_about_19_times_in_20() -> None:
    rng = random.Random(11)
    true_sd = math.sqrt(((60 - 20 + 1) ** 2 - 1) / 12)  # lengths uniform on 20..60
    covered = 0
    for _ in range(200):
        lengths = Counter(rng.randint(20, 60) for _ in range(150))
        lo, hi = spread(dict(lengths))["ci95"]
        covered += lo <= true_sd <= hi
    assert 180 <= covered <= 198


def test_a_simulation_summary_carries_the_quality_measures() -> None:
    summary = run(ToyGame(), 2, 40, 3, [("random", RandomBot)] * 2)
    q = summary["quality"]
    assert [d["tenth"] for d in q["decisiveness"]] == list(range(1, 10))
    assert q["decisiveness"][-1]["rate"] > q["decisiveness"][0]["rate"]  # late leads hold
    assert q["lead_changes"]["ci95"][0] <= q["lead_changes"]["mean"]
    assert q["first_player_advantage"]["fair"] == 0.5
    length = q["length_spread"]
    assert length["ci95"][0] < length["sd"] < length["ci95"][1]
    for measure in (q["first_player_advantage"], q["ties"], q["lead_changes"], q["stalls"],
                    *q["decisiveness"]):
        assert len(measure["ci95"]) == 2  # every measure with its interval


def test_a_comparison_compares_the_quality_game_by_game() -> None:
    record = GameRecord("toy", 2, 1, ["random", "random"], scores=[3.0, 1.0], winners=[0],
                        quality={"leaders": [1] * 4 + [0] * 5, "lead_changes": 1,
                                 "stalls": 2, "turns": 8})
    seen = measures(record)
    assert seen["lead_changes"] == 1.0 and seen["stall_share"] == 0.25
    assert seen["decisiveness_50pct_rate"] == 1.0 and seen["decisiveness_10pct_rate"] == 0.0


def test_boomtown_stands_on_the_rows_with_a_token_and_ends_on_its_returns() -> None:
    from generator.engine.playout import replay

    spec = GAMES["boomtown-builders"]
    game = spec.make_game(validate_game(spec, None).data)  # type: ignore[misc]
    record = play(game, 3, [("greedy", spec.bots["greedy"])] * 3, "4/0", check="end")
    state, seen = game.new_initial_state(3), set()
    for action in record.actions:
        state.apply_action(action)
        seen.add(tuple(state.standing()))
    assert len(seen) > 3  # the standing moves during the game, not only at the end
    assert state.standing() == state.returns() == replay(game, 3, record.actions).returns()
    assert record.quality["turns"] >= record.turns  # and the set-up before the first turn


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_game_is_followed_as_if_its_standing_were_read_after_every_action(
        game_id: str) -> None:
    """The watch is shown the position only when ``turn_key`` changes and takes the final
    scores for the standing once the game is over: the turn key must change with every
    turn and the standing of a finished game be its returns, so that the summary is the
    one of every standing read after every action."""
    spec = GAMES[game_id]
    data = validate_game(spec, None).data
    assert spec.make_game is not None and data is not None
    game, seats = spec.make_game(data), data.game.players
    players = min(max(seats.min, 2), seats.max)
    record = play(game, players, [("random", spec.bots["random"])] * players, "7/1",
                  check="end")
    state, every = game.new_initial_state(players), Watch()
    key, turn = turn_key(state), None
    for action in [None, *record.actions]:
        before = key(state)
        if action is not None:
            state.apply_action(action)
        if state.turn_count() != turn:
            turn = state.turn_count()
            assert action is None or key(state) != before, f"turn {turn}: {state.turn_field}"
            every.standings.append(tuple(state.standing()))
    assert record.completed and record.quality == every.quality(record.scores)
