"""``compare``: common random numbers, paired differences with 95 % intervals, verdicts."""

from __future__ import annotations

import json
import math
import random
import shutil
from collections import Counter
from pathlib import Path

import pytest

from generator.cli import main
from generator.engine.compare import (
    PairTally,
    decisive,
    false_discoveries,
    notes,
    spread_difference,
    verdict,
)
from generator.engine.playout import GameRecord

ROOT = Path(__file__).resolve().parents[2]


def _deck(tmp_path: Path, game: str, old: str = "", new: str = "", file: str = "") -> Path:
    tree = tmp_path / "decks"
    shutil.copytree(ROOT / "components" / game, tree / game)
    if file:
        path = tree / game / file
        text = path.read_text()
        assert old in text
        path.write_text(text.replace(old, new))
        game_yaml = tree / game / "game.yaml"  # a changed rulebook number is a declared variant
        game_yaml.write_text(game_yaml.read_text() + "variant: {name: Test variant}\n")
    return tree


def _compare(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict:  # type: ignore[type-arg]
    assert main(["compare", *argv, "--json", "--check", "end"]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_a_copy_of_the_deck_differs_in_nothing(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    tree = _deck(tmp_path, "boomtown-builders")
    out = _compare(["boomtown-builders", "--base", "rulebook", "--variant", str(tree),
                    "--games", "8", "--players", "2"], capsys)
    assert {"game", "players", "games", "seed", "base", "variant", "differences"} <= set(out)
    assert {"score_mean", "first_seat_win_rate"} <= set(out["differences"])
    for d in out["differences"].values():
        assert d["delta"] == 0 and d["ci95"] == [0, 0] and not d["significant"]
    assert out["notes"] == ["no difference in 8 games: every measure is the same on both "
                            "decks game by game"]
    base, variant = dict(out["base"]), dict(out["variant"])
    base.pop("seconds"), variant.pop("seconds")
    assert base == variant  # same seeds, same decks: the very same games


@pytest.mark.slow  # a long run: kept out of the fast tier, run by make test
def test_merchants_plus_30_raises_the_medals_significantly(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tree = _deck(tmp_path, "copperdale", "merchants: {prosperity_bonus: 20}",
                 "merchants: {prosperity_bonus: 30}", "board.yaml")
    argv = ["copperdale", "--base", "rulebook", "--variant", str(tree), "--games", "60",
            "--bot", "greedy"]
    out = _compare(argv + ["--jobs", "1"], capsys)
    medals = out["differences"]["score_mean"]
    assert medals["delta"] > 0 and medals["significant"] and medals["ci95"][0] > 0
    assert medals["delta"] == pytest.approx(medals["variant"] - medals["base"], abs=1e-3)
    again = _compare(argv + ["--jobs", "2"], capsys)
    assert again["differences"] == out["differences"]
    assert "raises mean score from" in verdict("score_mean", medals)
    assert verdict("score_mean", medals).endswith("; significant")


def test_a_broken_variant_is_reported_where_it_is(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    tree = _deck(tmp_path, "copperdale", "merchants: {prosperity_bonus: 20}",
                 "merchants: {prosperity_bonus: [", "board.yaml")
    assert main(["compare", "copperdale", "--base", "rulebook", "--variant", str(tree),
                 "--games", "2"]) == 1
    assert "board.yaml:" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    ["--base", "rulebook", "--variant", "/no/such/folder"],
    ["--base", "/no/such/folder", "--variant", "."],
    ["--base", "rulebook", "--variant", ".", "--games", "0"],
    ["--base", "rulebook", "--variant", ".", "--games", "1"],
])
def test_usage_errors(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "copperdale", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("copperplate: error: ") and err.count("\n") == 1


def test_one_game_is_too_few_to_compare_and_says_why(capsys: pytest.CaptureFixture[str]) -> None:
    # one game has no spread: every difference would look certain
    assert main(["compare", "copperdale", "--base", "rulebook", "--variant", ".",
                 "--games", "1"]) == 2
    assert "--games 1 is too few to compare: a difference's 95 % interval needs 2 games" in (
        capsys.readouterr().err)


QUALITY = {"first_player_advantage", "ties", "decisiveness", "lead_changes", "length_spread",
           "stalls"}


def test_both_decks_quality_and_its_differences_are_shown(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tree = _deck(tmp_path, "cold-comfort")
    argv = ["cold-comfort", "--base", "rulebook", "--variant", str(tree), "--games", "6",
            "--players", "2", "--jobs", "1", "--check", "end"]
    out = _compare(argv, capsys)
    for side in ("base", "variant"):
        assert set(out[side]["quality"]) == QUALITY
        assert out[side]["quality"]["length_spread"]["sd"] > 0  # Cold Comfort's vary
    differences = out["differences"]
    assert {"first_player_win_rate", "tie_rate", "lead_changes", "length_sd",
            "stall_share"} <= set(differences)
    assert any(name.startswith("decisiveness_") for name in differences)
    sd = out["base"]["quality"]["length_spread"]["sd"]
    assert differences["length_sd"]["base"] == pytest.approx(sd, abs=1e-3)
    assert main(["compare", *argv]) == 0
    text = capsys.readouterr().out
    for side in ("base", "variant"):
        quality = text.split(f"quality of the game, {side}:\n")[1]
        for words in ("first-player advantage", "ties", "decisiveness", "lead changes",
                      "length spread", "stalls"):
            assert words in quality
    assert "  decisiveness (how often the sole leader at each tenth of the game wins), " \
           "variant less base: " in text
    assert "  length_sd: the variant leaves the spread of game length" in text


def _game(score: float, turns: int = 10) -> GameRecord:
    return GameRecord("toy", 2, 1, ["random"] * 2, turns=turns, scores=[score, 0.0],
                      winners=[0], quality={"leaders": [0] * 9, "lead_changes": 0,
                                            "stalls": 0, "turns": turns})


def test_a_difference_over_few_games_has_students_interval() -> None:
    tally = PairTally(2)
    for index, (before, after) in enumerate([(1.0, 2.0), (1.0, 4.0)]):
        tally.add(index, _game(before), _game(after))
    score = tally.differences()["score_mean"]
    # the table's mean score moves by 0.5 and 1.5: mean 1, standard error 0.5, and
    # t(1) = 12.706 (the normal's 1.96 would call it significant)
    assert score["delta"] == 1 and score["ci95"] == [-5.353, 7.353]
    assert score["p"] == pytest.approx(1 - 2 / math.pi * math.atan(2), abs=1e-4)  # t = 2
    assert not score["significant"]


def _tested(p: float) -> dict:  # type: ignore[type-arg]
    """A difference whose own 95 % interval excludes no difference exactly when p < 0.05."""
    return {"base": 0.5, "variant": 0.6, "delta": 0.1, "p": p,
            "ci95": [0.01, 0.19] if p < 0.05 else [-0.05, 0.25], "significant": p < 0.05}


def test_the_decisiveness_tenths_pass_a_false_discovery_control_together() -> None:
    # ten looks at one curve: a p of 0.03 at one tenth is what chance gives, while 0.001
    # passes Benjamini-Hochberg (0.001 <= 1 x 0.05 / 10, 0.03 > 2 x 0.05 / 10)
    differences = {decisive(k): _tested(0.5) for k in range(10)}
    differences[decisive(3)] = _tested(0.03)
    differences["score_mean"] = _tested(0.03)  # a measure of its own: no family
    judged = false_discoveries(differences)
    assert not judged[decisive(3)]["significant"]
    assert judged[decisive(3)]["ci95"] == [0.01, 0.19]  # its own interval is kept
    assert judged["score_mean"]["significant"]
    judged = false_discoveries({**differences, decisive(0): _tested(0.001)})
    assert judged[decisive(0)]["significant"] and not judged[decisive(3)]["significant"]
    judged = false_discoveries({**differences, decisive(0): _tested(0.001),
                                decisive(5): _tested(0.008)})  # step-up: 0.008 <= 2 x 0.005
    assert judged[decisive(0)]["significant"] and judged[decisive(5)]["significant"]
    three = {decisive(k): _tested(p) for k, p in enumerate((0.03, 0.01, 0.5))}
    judged = false_discoveries(three)  # of three tenths: 0.03 ranks 2nd, <= 2 x 0.05 / 3
    assert [judged[decisive(k)]["significant"] for k in range(3)] == [True, True, False]


def test_a_measure_seen_in_one_game_has_no_interval_and_is_left_out() -> None:
    tally = PairTally(2)
    late = _game(1.0)
    late.quality = {**late.quality, "leaders": [None] * 8 + [0]}  # a sole leader at 90 % only
    tally.add(0, _game(1.0), _game(2.0))
    tally.add(1, late, _game(2.0))
    differences = tally.differences()
    assert "decisiveness_90pct_rate" in differences  # both games had a sole leader then
    assert "decisiveness_10pct_rate" not in differences  # one game: a point, not an interval
    assert "decisiveness_10pct_rate" in tally.sides  # (kept, should more games come)


def test_a_shift_in_length_moves_no_spread_and_a_stretch_doubles_it() -> None:
    lengths = [12, 15, 15, 19, 24, 30]
    same = spread_difference(Counter((t, t + 5) for t in lengths))
    assert same["delta"] == 0 and same["ci95"] == [0, 0]  # common seeds: no noise at all
    stretched = spread_difference(Counter((t, 2 * t) for t in lengths))
    assert stretched["variant"] == pytest.approx(2 * stretched["base"], abs=1e-3)
    assert stretched["delta"] == pytest.approx(stretched["base"], abs=1e-3)


def test_the_spread_difference_interval_covers_the_true_one_about_19_times_in_20() -> None:
    # base uniform on 10..30 (variance 440/12), variant = base + uniform -5..5 (+120/12)
    true = math.sqrt(560 / 12) - math.sqrt(440 / 12)
    rng, covered = random.Random(5), 0
    for _ in range(200):
        joint: Counter[tuple[int, int]] = Counter()
        for _ in range(200):
            x = rng.randint(10, 30)
            joint[x, x + rng.randint(-5, 5)] += 1
        lo, hi = spread_difference(joint)["ci95"]
        covered += lo <= true <= hi
    # an interval that ignored the pairing would be far wider and cover ~every time
    assert 180 <= covered <= 198


def test_a_run_too_short_to_tell_says_so_with_the_interval() -> None:
    differences = {"score_mean": {"base": 10.0, "variant": 10.5, "delta": 0.5,
                                  "ci95": [-1.5, 2.5], "significant": False},
                   "turns_mean": {"base": 20, "variant": 20, "delta": 0, "ci95": [0, 0],
                                  "significant": False}}
    assert notes(differences, 5) == [
        "5 games are too few to tell the decks apart: no difference is significant, and "
        "mean score would have to move by more than ±2.0 (its 95 % interval) to show; "
        "play more with --games"]
    differences["turns_mean"]["significant"] = True
    assert notes(differences, 5) == []


def test_one_game_has_no_difference_to_show_and_says_why() -> None:
    tally = PairTally(2)
    tally.add(0, _game(1.0, turns=10), _game(3.0, turns=14))
    assert tally.differences() == {}  # not a difference "the same in every game"
    assert notes({}, 1) == ["1 game cannot be compared: a difference's 95 % interval needs "
                            "2 games or more on each deck"]


def test_a_verdict_rounds_to_what_its_interval_can_tell() -> None:
    # the interval with two significant digits, the figures to as many decimals
    d = {"base": 13.9912, "variant": 14.4531, "delta": 0.4619, "ci95": [0.3384, 0.5854],
         "significant": True}
    assert verdict("score_mean", d) == ("the variant raises mean score from 13.99 to 14.45, "
                                        "±0.12; significant")
    d = {"base": 2.69, "variant": 2.687, "delta": -0.003, "ci95": [-0.0203, 0.0143],
         "significant": False}
    assert verdict("districts", d).startswith("the variant lowers districts from 2.690 to "
                                              "2.687, ±0.017; not significant")
    d = {"base": 12, "variant": 12, "delta": 0, "ci95": [0, 0], "significant": False}
    assert verdict("turns_mean", d) == ("the variant leaves mean game length (turns) at 12: "
                                        "the same in every game")
