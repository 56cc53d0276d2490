"""``bench/leaks.py``, the leak test asked for by hand: a game without hidden information
says so on one line (exit 2) whatever the table, a game with some is tested."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from generator.deck.validate import validate_game
from generator.games import GAMES

LEAKS = Path(__file__).resolve().parents[2] / "bench" / "leaks.py"


def _leaks() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_leaks", LEAKS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _hidden(game_id: str) -> bool:
    spec = GAMES[game_id]
    data = validate_game(spec).data
    assert spec.make_game is not None and data is not None
    game = spec.make_game(data)
    return bool(game.new_initial_state(game.min_players).hidden_information)


def _run(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr("sys.argv", ["leaks.py", *argv])
    return int(_leaks().main())


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_game_without_hidden_information_says_so_in_one_line(
        game_id: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    if _hidden(game_id):
        pytest.skip(f"{game_id} hides things: its leak test runs (below)")
    # the default table is the game's own smallest (Copper Creek's is 3, Copperdale's 1)
    assert _run([game_id, "--positions", "2", "--bots", "random"], monkeypatch) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"leaks.py: error: {game_id} has no hidden information: every seat "
                          "sees the whole position")


def test_a_game_with_hidden_information_is_tested(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    hiding = [game_id for game_id in sorted(GAMES) if _hidden(game_id)]
    assert hiding  # Kings of Copper's chips lie face down
    assert _run([hiding[0], "--positions", "2", "--bots", "random,greedy"], monkeypatch) == 0
    assert capsys.readouterr().out.startswith(f"{hiding[0]}, 2 players: 2 decisions, ")


def test_a_table_the_game_does_not_allow_is_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    hiding = [game_id for game_id in sorted(GAMES) if _hidden(game_id)][0]
    assert _run([hiding, "--players", "9", "--positions", "1"], monkeypatch) == 2
    err = capsys.readouterr().err
    assert err.startswith("leaks.py: error: ") and err.count("\n") == 1
