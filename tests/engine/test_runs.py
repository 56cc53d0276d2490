"""Streaming runs: the same summary on one core, on processes, in any chunking; rotation;
Ctrl-C keeps the finished games."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import pytest

from generator.engine.simulate import Plan, execute, seating, summarise

from .toy.rules import toy_setup

PLAN = Plan(toy_setup, 3, ("keeper", "random", "random"), seed=5, games=60, rotate=True)


def _summary(plan: Plan, **where: object) -> dict[str, object]:
    summary = summarise("toy", plan, execute(plan, **where))  # type: ignore[arg-type]
    summary.pop("seconds")
    return summary


def test_processes_give_exactly_the_one_core_summary() -> None:
    alone = _summary(PLAN)
    with ProcessPoolExecutor(2) as pool:
        assert _summary(PLAN, pool=pool, workers=2) == alone
    assert alone["games"] == alone["completed"] == 60


def test_rotation_seats_each_bot_everywhere_equally_often() -> None:
    seen = {(seat, pos) for i in range(3) for seat, pos in enumerate(seating(3, i, True))}
    assert seen == {(s, p) for s in range(3) for p in range(3)}
    assert seating(3, 7, False) == [0, 1, 2]


def test_rotation_separates_the_bot_from_the_seat() -> None:
    summary = _summary(PLAN)
    keeper = summary["lineup"][0]  # type: ignore[index]
    assert keeper["bot"] == "keeper" and keeper["rate"] > 0.6
    assert keeper["ci95"][0] <= keeper["rate"] <= keeper["ci95"][1]
    # rotated, every seat held the keeper 20 times: no seat wins most of the games
    assert max(s["wins"] for s in summary["seats"]) < 40  # type: ignore[attr-defined]


def test_ctrl_c_keeps_every_finished_game(monkeypatch: pytest.MonkeyPatch) -> None:
    import generator.engine.simulate as sim

    real = sim.play_game
    calls = []

    def interrupted_at_game_7(plan: Plan, index: int):  # type: ignore[no-untyped-def]
        calls.append(index)
        if index == 7:
            raise KeyboardInterrupt
        return real(plan, index)

    monkeypatch.setattr(sim, "play_game", interrupted_at_game_7)
    outcome = execute(PLAN)
    assert outcome.interrupted and outcome.tally.games == 7
    summary = summarise("toy", PLAN, outcome)
    assert summary["interrupted"] and summary["requested"] == 60 and summary["games"] == 7
