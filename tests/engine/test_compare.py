"""``compare``: common random numbers, paired differences with 95 % intervals, verdicts."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from generator.cli import main
from generator.engine.compare import verdict

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
])
def test_usage_errors(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "copperdale", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("copperplate: error: ") and err.count("\n") == 1


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
