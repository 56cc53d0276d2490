"""Faults end cleanly: a signal, a killed export, a network peer that never answers, a
number that is not one. Each case says what happens to the process and what must be
left behind. Signals are sent when an event shows the run is under way (a file appears),
never after a sleep: the tests hold on a loaded machine."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import struct
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from waiting import wait_for

from generator.cli import main
from generator.engine.record import read_records

ROOT = str(Path(__file__).resolve().parents[2])  # the package, wherever pytest runs


def started_record(folder: Path, *argv: str) -> subprocess.Popen[str]:
    """``simulate`` of a million games writing ``run.jsonl`` in ``folder``, once its first
    games are written to the hidden temporary file."""
    child = subprocess.Popen([sys.executable, "-m", "generator", "simulate", "copper-creek",
                              "--games", "1000000", "--record", "run.jsonl", *argv],
                             cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, start_new_session=True,
                             env={**os.environ, "PYTHONPATH": ROOT})
    wait_for(lambda: any(folder.glob(".run.jsonl.*.tmp")), child, folder)
    return child


def assert_stopped_and_recorded(child: subprocess.Popen[str], folder: Path) -> None:
    out, err = child.communicate(timeout=120)
    assert child.returncode == 130, err
    played = int(re.match(r"copper-creek: (\d+) games", out).group(1))  # type: ignore[union-attr]
    assert f"stopped by Ctrl-C after {played} of 1000000 games" in out
    assert err.splitlines() == [f"copperplate: interrupted after {played} of 1000000 games "
                                "(their summary is above)"]
    kept = list(read_records(folder / "run.jsonl"))
    assert played >= 1 and [r.number for r in kept] == list(range(played))
    assert sorted(p.name for p in folder.iterdir()) == ["run.jsonl"]  # no hidden temporary


def test_sigterm_during_simulate_record_keeps_the_record_and_summary(tmp_path: Path) -> None:
    """What a cancelled CI job does: SIGTERM to the process. Before: no summary, the
    record lost, a hidden temporary file left."""
    child = started_record(tmp_path, "--jobs", "1")
    child.send_signal(signal.SIGTERM)
    assert_stopped_and_recorded(child, tmp_path)


def test_sigterm_with_worker_processes_ends_the_same(tmp_path: Path) -> None:
    child = started_record(tmp_path, "--jobs", "2")
    child.send_signal(signal.SIGTERM)
    assert_stopped_and_recorded(child, tmp_path)


PEERS = {  # what the peer at --cluster does: what it tries, and how we answer it
    "accepts and never answers (hung simulate forever)": (None, "did not answer within"),
    "answers garbage (Dask allocated exabytes, a traceback)": (
        b"HTTP/1.1 200 OK\r\n\r\n" + bytes(range(256)) * 8, "is not a Dask scheduler"),
    "announces a huge handshake": (struct.pack("Q", 1 << 40), "announces 1099511627776"),
    "announces a handshake, then stalls": (struct.pack("Q", 100) + b"x" * 10,
                                           "did not answer within"),
    "accepts, then hangs up": (b"", "it closed the connection"),
}


@contextmanager
def peer(answer: bytes | None) -> Iterator[str]:
    """A TCP server on 127.0.0.1 that sends ``answer`` to each connection (closing it when
    the answer is empty), or nothing at all; its address."""
    server = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []

    def serve() -> None:
        with contextlib.suppress(OSError):
            while True:
                conn, _ = server.accept()
                held.append(conn)
                if answer is not None:
                    conn.sendall(answer)
                    if not answer:
                        conn.close()

    threading.Thread(target=serve, daemon=True).start()
    try:
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    finally:
        server.close()
        for conn in held:
            conn.close()


@pytest.mark.parametrize("answer,said", PEERS.values(), ids=PEERS.keys())
def test_a_cluster_address_that_is_no_scheduler_ends_in_one_line(
        answer: bytes | None, said: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    import generator.lab.cluster

    monkeypatch.setattr(generator.lab.cluster, "CONNECT_SECONDS", 0.2)  # any limit will do
    with peer(answer) as address:
        code = main(["simulate", "copperdale", "--games", "2", "--cluster", address])
    (line,) = capsys.readouterr().err.splitlines()
    assert code == 2 and line.startswith("copperplate: error: --cluster: ")
    assert f"'{address}'" in line and said in line, line


NUMBERS = {  # every numeric option of every command, with values that are not numbers of it
    "watch copperdale --components {tmp} --interval": ["-1", "nan", "inf", "0", "abc"],
    "watch copperdale --components {tmp} --rounds": ["0", "-3", "1.5", "abc"],
    "simulate copperdale --games": ["0", "-1", "nan", "1e3", "99999999999"],
    "simulate copperdale --players": ["0", "-1", "nan", "99"],
    "simulate copperdale --seed": ["abc", "1e99", str(2**64)],
    "simulate copperdale --jobs": ["0", "-1", "abc", "100000"],
    "report copperdale --html {tmp}/r.html --games": ["0", "nan"],
    "export copperdale --to png --out {tmp} --dpi": ["0", "-5", "abc", "100000"],
    "build copperdale --out {tmp} --bleed": ["-1", "nan", "inf", "11"],
    "build copperdale --out {tmp} --max-pages": ["0", "abc"],
    "build copperdale --out {tmp} --back-offset": ["nan,0", "1,inf", "50,0", "1"],
    "lint copperdale --printer-margin": ["-1", "nan", "30"],
    "replay {tmp}/run.jsonl --game": ["-1", "abc"],
}
CASES = [(command, value) for command, values in NUMBERS.items() for value in values]


@pytest.mark.parametrize("command,value", CASES, ids=[f"{c.split(' --')[-1]}={v}"
                                                      f"({c.split()[0]})" for c, v in CASES])
def test_a_numeric_option_out_of_range_is_one_line_exit_2(
        command: str, value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Before: a negative or NaN --interval was a traceback with exit 1."""
    (tmp_path / "run.jsonl").write_text("")
    argv = [*command.format(tmp=tmp_path).split(), value]
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse's own refusals
        code = int(stop.code or 0)
    err = capsys.readouterr().err
    assert code == 2 and len(err.splitlines()) == 1 and "error: " in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run.jsonl"]  # nothing written


def test_a_staging_folder_left_by_kill_9_is_swept_by_the_next_export(tmp_path: Path) -> None:
    """An export killed with SIGKILL cannot clean up: its hidden staging folder stays.
    The next export into the same place removes it (before: never removed)."""
    from generator.export.staging import staged

    final = tmp_path / "copperdale" / "export-png"
    script = ("import sys\nfrom pathlib import Path\n"
              "from generator.export.staging import staged\n"
              "with staged(Path(sys.argv[1])) as stage:\n"
              "    (stage / 'half.png').write_bytes(b'half')\n"
              "    print('staged', flush=True)\n"
              "    sys.stdin.read()\n")  # held open until it is killed: no sleep
    child = subprocess.Popen([sys.executable, "-c", script, str(final)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "PYTHONPATH": ROOT})
    assert child.stdout is not None and child.stdout.readline() == "staged\n"  # the event
    child.kill()
    child.wait()
    (left,) = final.parent.iterdir()
    assert left.name.startswith(".export-png.new-") and (left / "half.png").exists()
    with staged(final) as stage:
        (stage / "index.json").write_text("{}")
    assert sorted(p.name for p in final.parent.iterdir()) == ["export-png"]
    assert sorted(p.name for p in final.iterdir()) == ["index.json"]


def test_an_export_killed_mid_swap_gets_its_old_folder_back(tmp_path: Path) -> None:
    """Where the system cannot swap two folders in one step, a kill between the two
    renames leaves the old export aside and none in place: the next run puts it back
    (and, failing itself, leaves it there)."""
    from generator.export.staging import staged

    final = tmp_path / "export-png"
    aside = tmp_path / ".export-png.old-x1"
    aside.mkdir()
    (aside / "index.json").write_text("old")
    (tmp_path / ".export-png.new-x2").mkdir()
    with pytest.raises(RuntimeError), staged(final):
        raise RuntimeError("the new export fails")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["export-png"]
    assert (final / "index.json").read_text() == "old"


def test_a_number_too_long_for_python_in_a_deck_is_a_located_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Python refuses to convert an integer of over 4,300 digits (a ValueError that was a
    traceback from the YAML loader)."""
    game = tmp_path / "deck-game"
    game.mkdir()
    (game / "game.yaml").write_text("id: deck-game\nname: Deck\nplayers: {min: 2, max: 4}\n"
                                    f"play_time_min: {'9' * 5000}\nrules_version: '1'\n"
                                    "components: [cards.yaml]\n")
    monkeypatch.chdir(tmp_path)
    assert main(["validate", "deck-game", "--components", "."]) == 1
    assert capsys.readouterr().out == ("deck-game/game.yaml:4:16: error: a number of 5000 "
                                       "characters is too long to read (yaml-syntax)\n")


def test_a_record_left_by_kill_9_is_swept_by_the_next_run_not_a_live_ones(
        tmp_path: Path) -> None:
    """``simulate --record`` killed outright leaves its hidden temporary file; the next
    run under that name removes it, but never the file of a run still writing."""
    from generator.engine.record import STALE_SECONDS, RecordWriter

    path = tmp_path / "run.jsonl"
    script = ("import sys\nfrom pathlib import Path\n"
              "from generator.engine.record import RecordWriter\n"
              "RecordWriter(Path(sys.argv[1])).write([{'index': 0}])\n"
              "print('writing', flush=True)\nsys.stdin.read()\n")  # until killed
    child = subprocess.Popen([sys.executable, "-c", script, str(path)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "PYTHONPATH": ROOT})
    assert child.stdout is not None and child.stdout.readline() == "writing\n"  # the event
    child.kill()
    child.wait()
    live = RecordWriter(tmp_path / "run.jsonl")
    live.write([{"index": 0}])  # a run still writing under the same name
    old = os.stat(path.parent).st_mtime - STALE_SECONDS - 1  # both as if long untouched
    for left in tmp_path.glob(".run.jsonl.*.tmp"):
        os.utime(left, (old, old))
    RecordWriter(path).write([{"index": 0}])
    assert Path(live._tmp).exists()  # held by a live run: kept
    assert len(list(tmp_path.glob(".run.jsonl.*.tmp"))) == 2  # the live one and the new one
    live.discard()
