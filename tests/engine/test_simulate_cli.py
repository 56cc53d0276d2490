"""``simulate`` and ``replay`` from the command line: --jobs, --rotate, --record, Ctrl-C,
bad input."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from waiting import wait_for

from generator.cli import main

CMD = [sys.executable, "-m", "generator"]


def _json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict:  # type: ignore[type-arg]
    assert main(argv + ["--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    out.pop("seconds")
    return out  # type: ignore[no-any-return]


def test_jobs_do_not_change_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "copper-creek", "--games", "12", "--players", "3", "--seed", "4",
            "--bots", "greedy,random,random", "--rotate", "--check", "end"]
    one = _json(argv + ["--jobs", "1"], capsys)
    assert one == _json(argv + ["--jobs", "2"], capsys)
    assert one["rotate"] and [x["bot"] for x in one["lineup"]] == ["greedy", "random", "random"]
    assert sum(x["wins"] for x in one["wins_by_turn_order"]) == sum(one["wins_by_seat"])
    assert set(one["events"]) == {"elections", "shares bought", "cards set aside"}


def test_record_then_replay_the_same_game(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "run.jsonl"
    summary = _json(["simulate", "cold-comfort", "--games", "3", "--players", "2",
                     "--record", str(record), "--jobs", "2", "--check", "end"], capsys)
    lines = [json.loads(x) for x in record.read_text().splitlines()]
    assert [x["index"] for x in lines] == [0, 1, 2] and summary["games"] == 3
    assert main(["replay", str(record), "--game", "2", "--log"]) == 0
    out = capsys.readouterr().out
    assert "P1 (random):" in out and f"final scores {lines[2]['scores']}" in out


def test_replay_finds_a_tampered_record(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "run.jsonl"
    _json(["simulate", "copperdale", "--games", "1", "--record", str(record)], capsys)
    line = json.loads(record.read_text())
    line["scores"] = [99.0]
    record.write_text(json.dumps(line) + "\n")
    assert main(["replay", str(record), "--game", "0"]) == 1
    assert "replay-differs" in capsys.readouterr().err
    record.write_text("{not json\n")
    assert main(["replay", str(record), "--game", "0"]) == 1
    assert capsys.readouterr().err.startswith(f"{record}:1:2: error: not JSON")


@pytest.mark.parametrize("extra", [
    ["--games", "0"], ["--games", "-3"], ["--games", "many"], ["--seed", "abc"],
    ["--bot", "genius"], ["--bot", "mcts:0"], ["--bot", "mcts:4:genius"], ["--jobs", "0"],
    ["--players", "x"],
    ["--cluster", "tcp://127.0.0.1:9"],
])
def test_bad_input_is_one_line_exit_2_and_writes_nothing(
        extra: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "run.jsonl"
    argv = ["simulate", "copperdale", "--record", str(record), *extra]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("copperplate: error: ") and err.count("\n") == 1, err
    assert list(tmp_path.iterdir()) == []


def test_mcts_can_play_its_playouts_with_the_games_own_bot(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "copperdale", "--bot", "mcts:4:greedy", "--games", "1",
                 "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["bots"] == ["mcts:4:greedy"] and summary["completed"] == 1


def test_an_existing_record_is_never_replaced(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "run.jsonl"
    record.write_text("mine\n")
    assert main(["simulate", "copperdale", "--record", str(record)]) == 2
    assert "already exists" in capsys.readouterr().err and record.read_text() == "mine\n"


def test_piped_runs_print_no_progress_bar() -> None:
    run = subprocess.run(CMD + ["simulate", "copperdale", "--games", "5", "--json"],
                         capture_output=True, text=True, check=True)
    assert run.stderr == "" and json.loads(run.stdout)["games"] == 5


def test_ctrl_c_prints_the_summary_of_the_finished_games(tmp_path: Path) -> None:
    record = tmp_path / "run.jsonl"
    proc = subprocess.Popen(CMD + ["simulate", "copperdale", "--games", "1000000", "--jobs",
                                   "1", "--check", "end", "--json", "--record", str(record)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wait_for(lambda: any(p.stat().st_size for p in tmp_path.glob(".run.jsonl.*")),  # games
             proc, tmp_path)  # done: the event, not a time
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    summary = json.loads(out)
    assert summary["interrupted"] and 0 < summary["games"] < 1_000_000
    assert summary["completed"] == summary["games"]
    assert len(record.read_text().splitlines()) == summary["games"]


def test_a_terminal_gets_a_progress_bar() -> None:
    import os
    import pty

    leader, follower = pty.openpty()
    run = subprocess.run(CMD + ["simulate", "copperdale", "--games", "30", "--json"],
                         stdout=subprocess.PIPE, stderr=follower, text=True, check=True,
                         env={**os.environ, "COLUMNS": "100", "TERM": "xterm"})
    os.close(follower)
    shown = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    os.close(leader)
    assert json.loads(run.stdout)["games"] == 30  # stdout stays clean JSON
    assert b"games" in shown and b"30/30" in shown


def test_one_game_says_it_is_too_few_with_a_rates_interval(
        capsys: pytest.CaptureFixture[str]) -> None:
    note = "note: 1 game is too few to say anything: a mean's 95 % interval needs 2 games"
    assert main(["simulate", "copperdale", "--games", "1", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert note in out and "(a win in 1 game: [20.6%, 100.0%])" in out
    assert main(["simulate", "copperdale", "--games", "2", "--jobs", "1"]) == 0
    assert "too few" not in capsys.readouterr().out


def test_a_report_of_one_game_says_so_in_its_introduction() -> None:
    from generator.commands.report import _intro

    summary = {"games": 1, "players": 2, "bots": ["random", "random"], "seed": 1,
               "rotate": False}
    assert _intro(summary).startswith("1 games, 2 players, bots random, random, seed 1. "
                                      "Note: 1 game is too few to say anything")
    assert "Note" not in _intro({**summary, "games": 2})
