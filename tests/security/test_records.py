"""Attacks on ``--record`` files: ``replay`` and ``report`` read a record like every other
input. Each case says what the lying record tries; every one ends in one located line,
``FILE.jsonl:LINE:COL: error: MESSAGE (rule)``, exit 1 and no traceback."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from generator.cli import main
from generator.engine.record import MAX_EVENT_NAMES, MAX_LINE_BYTES

Line = dict[str, Any]
LOCATED = re.compile(r"^run\.jsonl:(\d+):\d+: error: .+ \((game-record|replay-(illegal|differs))\)$")


@pytest.fixture(scope="module")
def honest(tmp_path_factory: pytest.TempPathFactory) -> list[Line]:
    """Two real Copper Creek games, as ``simulate --record`` writes them."""
    path = tmp_path_factory.mktemp("record") / "run.jsonl"
    assert main(["simulate", "copper-creek", "--games", "2", "--players", "3", "--jobs", "1",
                 "--record", str(path)]) == 0
    return [json.loads(text) for text in path.read_text().splitlines()]


def _set(**fields: Any) -> Callable[[Line], Line]:
    return lambda line: {**line, **fields}


def _action(step: int, action: Any) -> Callable[[Line], Line]:
    return lambda line: {**line, "actions": [*line["actions"][:step], action,
                                             *line["actions"][step + 1:]]}


LIES: dict[str, tuple[Callable[[Line], Line], str]] = {  # what it tries: lie, what is said
    "a player count that eats memory": (_set(players=10**12), "players"),
    "a player count out of the game's range": (
        _set(players=9, bots=["random"] * 9, positions=list(range(9)), scores=[]),
        "9 players: copper-creek is for 3-6"),
    "no players": (_set(players=0, bots=[], positions=[]), "players"),
    "a negative player count": (_set(players=-1), "players"),
    "no bots": (_set(bots=[]), "3 players but 0 bots"),
    "an illegal action": (_action(3, 10**9), "action 4 (1000000000) is not legal here"),
    "an action of the wrong shape": (_action(0, {"x": [1]}), "action 1 ({'x': [1]})"),
    "actions after the end": (lambda line: {**line, "actions": [*line["actions"], 1]},
                              "is not legal here"),
    "a winner who is not a seat": (_set(winners=[7]), "not one of the 3 seats"),
    "a first player who is not a seat": (_set(first_player=5), "not one of the 3 seats"),
    "positions that are not the seats": (_set(positions=[0, 0, 1]), "positions must order"),
    "a game without rules": (_set(game="no-such-game"), "unknown game 'no-such-game'"),
    "a key the format does not have": (_set(extra=1), "extra: Extra inputs"),
    "a string where a number goes": (_set(turns="12"), "turns: Input should be a valid"),
    "scores that the actions do not give": (_set(scores=[99, 0, 0]), "replays to scores"),
    "an event name longer than a plot row": (_set(events={"x" * 5000: 1}), "events"),
}


def _replay(tmp_path: Path, capsys: pytest.CaptureFixture[str], raw: bytes,
            game: str = "0") -> tuple[int, str]:
    path = tmp_path / "run.jsonl"
    path.write_bytes(raw)
    code = main(["replay", path.name, "--game", game])
    return code, capsys.readouterr().err


@pytest.mark.parametrize("lie,said", LIES.values(), ids=LIES.keys())
def test_a_lying_record_is_one_located_error(
        lie: Callable[[Line], Line], said: str, honest: list[Line], tmp_path: Path,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    lines = [honest[1], lie(honest[0])]  # the lie on line 2
    code, err = _replay(tmp_path, capsys, "".join(json.dumps(x) + "\n" for x in lines)
                        .encode())
    (shown,) = err.splitlines()
    match = LOCATED.match(shown)
    assert code == 1 and match and match.group(1) == "2" and said in shown, err


GARBAGE: dict[str, tuple[bytes, str]] = {  # what it tries: the bytes, what is said
    "binary garbage": (b"\x89PNG\r\n\x1a\n\x00\xff\xfe" * 50, "not UTF-8 text"),
    "text that is not JSON": (b"index: 0\n", "not JSON"),
    "JSON that is not an object": (b"[1, 2, 3]\n", "not a game record"),
    "nesting that overflows the parser's stack": (b"[" * 200_000 + b"]" * 200_000,
                                                  "not JSON: nested too deeply"),
    "a number of 5,000 digits (Python refuses to convert it)": (
        b'{"index": ' + b"1" * 5000 + b"}", "not JSON: Exceeds the limit"),
    "NaN and Infinity, which Python's JSON reader accepts": (
        b'{"index": 0, "scores": [NaN, Infinity]}', "not JSON: NaN is not a JSON number"),
    "one line longer than the limit": (b'{"x": "' + b"a" * MAX_LINE_BYTES + b'"}\n',
                                       f"longer than {MAX_LINE_BYTES} bytes"),
}


@pytest.mark.parametrize("raw,said", GARBAGE.values(), ids=GARBAGE.keys())
def test_garbage_is_one_located_error(raw: bytes, said: str, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, err = _replay(tmp_path, capsys, raw)
    (shown,) = err.splitlines()
    assert code == 1 and LOCATED.match(shown) and said in shown, err


def test_the_honest_record_replays(honest: list[Line], tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    raw = "".join(json.dumps(x) + "\n" for x in honest).encode()
    code, err = _replay(tmp_path, capsys, raw, game="1")
    assert code == 0 and err == ""


def _report(tmp_path: Path, lines: list[Line]) -> int:
    path = tmp_path / "run.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))
    return main(["report", "copper-creek", "--record", path.name, "--html", "r.html"])


def test_an_event_name_is_never_parsed_as_mathematics(tmp_path: Path) -> None:
    """``$\\frac{$`` is a traceback in matplotlib's math parser; here it is a label, as
    written (every plot of the report is made by ``_figure``, which turns the parser off
    for all its text)."""
    from generator.lab.balance_report import event_plot

    names = ["$\\frac{$", "$x^2$ dollars"]
    figure = event_plot({"events": {n: {"mean": 1.0, "ci95": [0.5, 1.5], "total": 2}
                                    for n in names}})
    figure.savefig(tmp_path / "events.png")
    labels = [label.get_text() for label in figure.axes[0].get_yticklabels()]
    assert labels == names


def test_the_event_names_of_a_report_are_bounded(
        honest: list[Line], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each line may name a few events; together they may not name thousands (each a row
    of a plot: the report ran 127 CPU s and 2.9 GB before)."""
    monkeypatch.chdir(tmp_path)
    lines = [{**honest[0], "index": i, "events": {f"event {i}-{k}": 1 for k in range(8)}}
             for i in range(MAX_EVENT_NAMES)]
    assert _report(tmp_path, lines) == 1
    (shown,) = capsys.readouterr().err.splitlines()
    assert shown == (f"run.jsonl:{MAX_EVENT_NAMES // 8 + 1}:1: error: more than "
                     f"{MAX_EVENT_NAMES} event names in the records (game-record)")
    assert not (tmp_path / "r.html").exists()


def test_a_report_refuses_games_of_another_player_count(
        honest: list[Line], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    four = {**honest[1], "players": 4, "bots": ["random"] * 4, "positions": [0, 1, 2, 3],
            "scores": [1, 2, 3, 4]}
    assert _report(tmp_path, [honest[0], four]) == 1
    assert capsys.readouterr().err == ("run.jsonl:2:1: error: a game of 4 players among "
                                       "games of 3 (game-record)\n")


def test_a_report_refuses_a_comparison_mixed_with_a_simulation(
        honest: list[Line], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert _report(tmp_path, [honest[0], {**honest[1], "side": "base"}]) == 1
    assert capsys.readouterr().err == ("run.jsonl:2:1: error: a comparison's game and a "
                                       "simulation's game in one report (game-record)\n")


def test_a_report_bounds_the_violations_it_lists(
        honest: list[Line], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each line may list 1,000 violations; together the lines may not list millions."""
    from generator.commands.report import MAX_VIOLATIONS

    monkeypatch.chdir(tmp_path)
    lines = [{**honest[0], "index": i, "violations": ["broken"] * 1000}
             for i in range(MAX_VIOLATIONS // 1000 + 1)]
    assert _report(tmp_path, lines) == 1
    assert capsys.readouterr().err == (
        f"run.jsonl:{len(lines)}:1: error: more than {MAX_VIOLATIONS} invariant violations "
        "in the records: report a smaller run (game-record)\n")
