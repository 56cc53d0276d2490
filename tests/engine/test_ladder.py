"""The skill ladder's duels: who beats whom, from the run summaries and record lines."""

from __future__ import annotations

from typing import Any

from generator.engine.ladder import Duel, climb, duel, duel_plans
from generator.engine.simulate import Plan, execute, summarise
from generator.lab.balance_report import skill_curve

from .toy.rules import toy_setup


def _runner(plan: Plan) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    lines: list[dict[str, Any]] = []
    outcome = execute(plan, on_chunk=lambda chunk: lines.extend(chunk[1]))
    return summarise("toy", plan, outcome), lines


def test_a_duel_seats_the_upper_rung_against_the_lower_rotated() -> None:
    (plan,) = duel_plans(toy_setup, "keeper", "random", 3, 9, 1)
    assert plan.lineup == ("keeper", "random", "random") and plan.rotate
    solo = duel_plans(toy_setup, "keeper", "random", 1, 9, 1)
    assert [p.lineup for p in solo] == [("keeper",), ("random",)]
    assert all(p.record and p.seed == 1 for p in solo)  # the same seeds, paired


def test_the_verdict_needs_the_whole_interval_past_the_fair_share() -> None:
    def made(low: float, high: float) -> Duel:
        return Duel("b", "a", 2, 20, (low + high) / 2, (low, high), 0.5, 1.0)

    assert made(0.51, 0.9).verdict == "beats"
    assert made(0.49, 0.9).verdict == "not told from"
    assert made(0.1, 0.49).verdict == "loses to"


def test_a_keeper_climbs_above_random_in_the_toy_game() -> None:
    (found,) = climb(toy_setup, ["random", "keeper"], 2, 40, 1, _runner)
    assert found.upper == "keeper" and found.lower == "random" and found.games == 40
    assert found.fair == 0.5 and found.verdict == "beats", found.words()


def test_a_solo_duel_is_the_score_gained_game_by_game() -> None:
    lines = [[{"index": i, "scores": [score]} for i, score in enumerate(scores)]
             for scores in ([5, 6, 7, 8], [1, 1, 2, 2])]
    summaries = [{"players": 1, "games": 4, "seconds": 0.5}] * 2
    found = duel("b", "a", list(zip(summaries, lines, strict=True)))
    assert found.value == 5.0 and found.games == 4 and found.verdict == "beats"
    assert found.seconds == 1.0


def test_the_skill_curve_adds_up_the_duels() -> None:
    even = Duel("b", "a", 2, 20, 0.5, (0.3, 0.7), 0.5, 1.0)
    ahead = Duel("c", "b", 2, 20, 0.9, (0.7, 0.97), 0.5, 1.0)
    curve, low, high = skill_curve([even, ahead])
    assert curve[:2] == [0.0, 0.0] and curve[2] > 300  # an even duel adds nothing
    assert low[1] < 0 < high[1] and low[2] > low[1] and high[2] > curve[2]
    solo = [Duel("b", "a", 1, 20, 2.0, (1.0, 3.0), 0.0, 1.0),
            Duel("c", "b", 1, 20, -1.0, (-1.5, -0.5), 0.0, 1.0)]
    assert skill_curve(solo) == ([0.0, 2.0, 1.0], [0.0, 1.0, -0.5], [0.0, 3.0, 2.5])
