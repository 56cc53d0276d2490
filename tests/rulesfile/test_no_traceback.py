"""No traceback from any rules file: one value of a starter's rules.yaml changed (a word
for another word of the file, a number for another number, a list or mapping for a
scalar), then validate either reports located problems or the game plays whole games."""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.deck.validate import named_rules, validate_game
from generator.engine.bots import RandomBot
from generator.engine.playout import play
from generator.games import GAMES
from rulesfile.starters import STARTERS, compiled_unchecked, make_starter

MUTATIONS = 15  # per starter


def scalars(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    if isinstance(data, dict):
        return [s for k, v in data.items() for s in scalars(v, path + (k,))]
    if isinstance(data, list):
        return [s for i, v in enumerate(data) for s in scalars(v, path + (i,))]
    return [(path, data)]


def mutated(data: Any, rng: random.Random) -> Any:
    spots = scalars(data)
    path, old = rng.choice(spots)
    words = sorted({str(v) for _, v in spots if isinstance(v, str)} | {"nothing"})
    if isinstance(old, bool) or rng.random() < 0.15:
        new: Any = rng.choice([[], {}, None, {"count": "hand"}, [1, 2]])
    elif isinstance(old, int):
        new = rng.choice([-1, 0, 1, 2, 7, 10_000, old + 1])
    else:
        new = rng.choice(words)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = new
    return data


@pytest.mark.parametrize("name", list(STARTERS))
def test_a_changed_value_never_raises(tmp_path: Path, name: str) -> None:
    folder = make_starter(tmp_path, name, "fuzz")
    rules = folder / "rules.yaml"
    original = yaml.safe_load(rules.read_text(encoding="utf-8"))
    rng = random.Random(name)
    for _ in range(MUTATIONS):
        data = mutated(yaml.safe_load(yaml.safe_dump(original)), rng)
        rules.write_text(yaml.safe_dump(data), encoding="utf-8")
        loaded = validate_game(GAMES["fuzz"], tmp_path)
        if loaded.data is None:
            assert loaded.problems and all(p.line >= 1 for p in loaded.problems)
            continue
        spec, _ = named_rules(GAMES["fuzz"], folder)
        assert spec.make_game is not None
        game = spec.make_game(loaded.data)
        for seed in range(2):
            record = play(game, game.min_players, [("random", RandomBot)] * game.min_players,
                          seed, check="end")
            assert record.completed or record.violations


@pytest.mark.parametrize(("end", "line", "says"), [
    ("score: 1\ntiebreak: [{add: [{var: round}, pie]}]\n", 33,
     "adds a number and a word"),
    ("score: 1\ntiebreak: [{if: [{eq: [{game: seat}, 0]}, pie, 3]}]\n", 33,
     "compares a number and a word"),
    ("score: {sum: table, value: {field: kind}}\n", 32, "adds a number and a word"),
])
def test_a_score_or_tiebreak_that_cannot_be_worked_out_is_found_by_validate(
        tmp_path: Path, end: str, line: int, says: str) -> None:
    """Worked out at the end of every probe game (it once passed validate clean, then
    stopped simulate with a traceback from the tie-break)."""
    folder = tmp_path / "chuckwagon"
    shutil.copytree(Path(__file__).parent / "examples" / "chuckwagon", folder)
    rules = folder / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").split("score:")[0] + end,
                     encoding="utf-8")
    problems = validate_game(GAMES["chuckwagon"], tmp_path).problems
    assert [(p.rule, p.line) for p in problems] == [("rules-play", line)]
    assert f"cannot be worked out: {says} (a word is no number" in problems[0].message
    game = compiled_unchecked(folder)
    record = play(game, 2, [("random", RandomBot)] * 2, 0, check="end")  # never raises
    assert all(says in v for v in record.violations)

