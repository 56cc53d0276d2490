"""The command line in CI and for a person: output formats, --strict, --version, display
paths, Ctrl-C."""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from waiting import wait_for

from generator.cli import main
from generator.files.bundled import BUNDLED_COMPONENTS, BUNDLED_TEMPLATES
from generator.files.problems import Problem, display_path, format_github, format_junit

ROOT = str(Path(__file__).resolve().parents[2])  # the package, wherever pytest runs


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _warned_copy(tmp_path: Path) -> None:
    """Copperdale with one composition rule that only warns: a deck of 52 wants 50."""
    shutil.copytree(BUNDLED_COMPONENTS / "copperdale", tmp_path / "copperdale")
    deck = tmp_path / "copperdale" / "deck.yaml"
    deck.write_text(deck.read_text().replace("pieces:\n", "composition:\n  - id: fifty\n"
                    "    message: fifty cards\n    severity: warning\n"
                    "    count: {exactly: 50}\npieces:\n", 1))


def test_warnings_pass_unless_strict(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    _warned_copy(tmp_path)
    code, out, err = run(capsys, "validate", "copperdale", "--components", ".")
    assert code == 0 and ": warning: fifty cards: expected exactly 50, found 52 (fifty)" in out
    assert "0 error(s), 1 warning(s)" in err
    assert run(capsys, "validate", "copperdale", "--components", ".", "--strict")[0] == 1


def test_github_format_is_workflow_annotations(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    _warned_copy(tmp_path)
    code, out, _ = run(capsys, "validate", "copperdale", "--components", ".", "--format",
                       "github")
    (line,) = out.strip().splitlines()
    assert code == 0 and line.startswith("::warning file=copperdale/deck.yaml,line=")
    assert line.endswith(",title=fifty::fifty cards: expected exactly 50, found 52")


def test_github_format_escapes_what_would_break_the_command() -> None:
    problem = Problem("a,b:c.yaml", 3, 4, "error", "50%\nmore", "r:1")
    assert format_github([problem]) == ("::error file=a%2Cb%3Ac.yaml,line=3,col=4,"
                                        "title=r%3A1::50%25%0Amore")


def test_junit_format_is_a_report_with_one_failure_per_problem(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    _warned_copy(tmp_path)
    code, out, _ = run(capsys, "validate", "copperdale", "--components", ".", "--format",
                       "junit", "--strict")
    suite = ET.fromstring(out).find("testsuite")
    assert code == 1 and suite is not None and suite.get("failures") == "1"
    failure = suite.find("testcase/failure")
    assert failure is not None and failure.get("type") == "warning"
    assert failure.get("message") == "fifty cards: expected exactly 50, found 52"


def test_junit_of_a_clean_run_is_one_passing_case() -> None:
    suite = ET.fromstring(format_junit([])).find("testsuite")
    assert suite is not None and suite.get("tests") == "1" and suite.get("failures") == "0"


def test_json_flag_is_the_json_format(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    _warned_copy(tmp_path)
    _, by_flag, _ = run(capsys, "validate", "copperdale", "--components", ".", "--json")
    _, by_format, _ = run(capsys, "validate", "copperdale", "--components", ".", "--format",
                          "json")
    assert by_flag == by_format and json.loads(by_flag)[0]["rule"] == "fifty"


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from generator import __version__

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0 and capsys.readouterr().out == f"copperplate {__version__}\n"


def test_ctrl_c_prints_one_line(capsys: pytest.CaptureFixture[str],
                                monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(args: object) -> int:
        raise KeyboardInterrupt

    import generator.commands.listing as listing

    monkeypatch.setattr(listing, "run", interrupted)
    code, out, err = run(capsys, "list")
    assert code == 130 and out == "" and err == "copperplate: interrupted\n"


def test_display_paths(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine").mkdir()
    assert display_path(tmp_path / "mine" / "game.yaml") == "mine/game.yaml"
    assert display_path(BUNDLED_TEMPLATES / "copperdale" / "card.svg.j2") == (
        "<bundled>/templates/copperdale/card.svg.j2")
    assert display_path(BUNDLED_COMPONENTS / "copperdale") == "<bundled>/components/copperdale"
    assert display_path(tmp_path.parent / "x.yaml") == str(tmp_path.parent / "x.yaml")


def test_a_missing_template_names_the_bundled_folders_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copytree(BUNDLED_COMPONENTS / "copperdale", tmp_path / "copperdale")
    deck = tmp_path / "copperdale" / "deck.yaml"
    deck.write_text(deck.read_text().replace("back: card-back.svg.j2", "back: nosuch.svg.j2"))
    code, out, _ = run(capsys, "validate", "copperdale", "--components", ".")
    assert code == 1 and "template 'nosuch.svg.j2' not found in " in out
    assert "<bundled>/templates/copperdale, <bundled>/templates (template-missing)" in out
    assert "../" not in out


def _commands() -> list[tuple[str, argparse.ArgumentParser]]:
    from generator.cli import parser

    sub = next(a for a in parser()._actions if isinstance(a, argparse._SubParsersAction))
    return list(sub.choices.items())


@pytest.mark.parametrize("name,command", _commands())
def test_every_option_is_explained_with_its_default_and_choices(
        name: str, command: argparse.ArgumentParser) -> None:
    text = " ".join(command.format_help().split())
    assert command.description and "Thin" not in command.description
    assert "%%" not in text, f"{name}: a doubled % is printed as it is"
    for action in command._actions:
        if action.dest == "help":
            continue
        assert action.help, f"{name} {action.option_strings or action.dest} has no help"
        shown = " ".join((action.help % vars(action)).split())
        for choice in action.choices or []:
            assert choice in text, f"{name}: choice {choice} not listed"
        if action.option_strings and action.default not in (None, False):
            assert "default" in shown or f"(default: {action.default})" in text, (
                f"{name} {action.option_strings} hides its default")


def test_the_command_list_says_what_each_does_in_one_line() -> None:
    from generator.cli import parser

    text = parser().format_help()
    for name, _ in _commands():
        assert re.search(rf"^    {name}(\s|$)", text, re.MULTILINE), name
    assert "checks" in text and "'copperplate COMMAND --help'" in text


def test_simulate_help_names_the_bots() -> None:
    help_text = dict(_commands())["simulate"].format_help()
    assert "random, greedy, mcts, mcts:N, mcts:Xs, mcts:N:BOT" in " ".join(help_text.split())


def test_bots_may_be_separated_by_comma_and_space(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "copper-creek", "--bots", "greedy, random, random",
                       "--games", "1", "--json")
    assert code == 0 and json.loads(out)["bots"] == ["greedy", "random", "random"]


def test_ctrl_c_while_the_games_load_prints_one_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    from generator import entry

    real_import = builtins.__import__

    def slow_import(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "generator.cli":
            raise KeyboardInterrupt
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", slow_import)
    # the console script sets pydantic's plug-in switch where it is unset: this test's
    # process goes on, so whatever it was is put back afterwards
    monkeypatch.setenv(entry.PYDANTIC_PLUGINS, os.environ.get(entry.PYDANTIC_PLUGINS, ""))
    monkeypatch.delenv(entry.PYDANTIC_PLUGINS)
    assert entry.main() == 130
    assert capsys.readouterr().err == "copperplate: interrupted\n"


def test_ctrl_c_in_a_terminal_interrupts_the_whole_run_in_one_line(tmp_path: Path) -> None:
    """Ctrl-C reaches every process of the terminal's group, pool workers included. It is
    sent once the first games are recorded (their file appears), not after a sleep."""
    run = subprocess.Popen([sys.executable, "-m", "generator", "simulate", "copper-creek",
                            "--games", "1000000", "--jobs", "2", "--record", "run.jsonl"],
                           cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, start_new_session=True,
                           env={**os.environ, "PYTHONPATH": ROOT})
    wait_for(lambda: any(tmp_path.glob(".run.jsonl.*.tmp")), run, tmp_path)
    os.killpg(run.pid, signal.SIGINT)
    out, err = run.communicate(timeout=120)
    # the games finished so far are summarised (issue 14), and stderr says why in one line
    assert run.returncode == 130 and out.startswith("copper-creek: ")
    assert "stopped by Ctrl-C after" in out
    assert len(err.splitlines()) == 1 and err.startswith("copperplate: interrupted after ")
