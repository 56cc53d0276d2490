"""The command line, end to end: exit codes and output formats from CONTRACT.md."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli import main
from generator.data.components import BUNDLED_COMPONENTS
from generator.games import GAMES


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_has_one_line_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "list")
    lines = out.strip().splitlines()
    assert code == 0
    assert [line.split("\t")[0] for line in lines] == list(GAMES)
    for line in lines:
        assert line.endswith("components") and "player" in line, line


def test_checks_lists_every_named_check_with_what_it_proves(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "checks", "copper-creek")
    lines = out.splitlines()[1:]
    baseline_at = next(i for i, line in enumerate(lines) if "rulebook baseline" in line)
    listed = [line.split()[0] for line in lines[:baseline_at]]
    assert code == 0 and out.startswith("copper-creek:")
    assert listed[:5] == ["unique-piece-ids", "unique-face-ids", "printed-piece-count",
                          "composition", "page-words"]
    assert listed[5:] == [*GAMES["copper-creek"].checks.checks, "rulebook-value"]
    assert '"Give each player $15"' in "\n".join(lines[baseline_at:])
    for check in GAMES["copper-creek"].checks:
        assert check.doc and check.cite, check.id


def test_bundled_data_validates_clean(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "validate")
    assert (code, out) == (0, ""), out
    assert "0 error(s)" in err


def _broken_copy(tmp_path: Path, game: str) -> tuple[Path, int]:
    shutil.copytree(BUNDLED_COMPONENTS / game, tmp_path / game)
    path = tmp_path / game / "game.yaml"
    lines = path.read_text().splitlines()
    row = next(i for i, line in enumerate(lines) if line.startswith("play_time_min:"))
    lines[row] = "play_time_min: soon"
    path.write_text("\n".join(lines) + "\n")
    return path, row + 1


def test_validate_reports_located_problems_and_exit_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    _, line = _broken_copy(tmp_path, "copperdale")
    code, out, _ = run(capsys, "validate", "copperdale", "--components", ".")
    assert code == 1
    assert out.strip() == (f"copperdale/game.yaml:{line}:16: error: play_time_min: Input should "
                           "be a valid integer, unable to parse string as an integer (schema)")
    code, out, _ = run(capsys, "validate", "copperdale", "--components", ".", "--json")
    (problem,) = json.loads(out)
    assert code == 1
    assert problem == {"path": "copperdale/game.yaml", "line": line, "col": 16,
                       "severity": "error", "rule": "schema",
                       "message": problem["message"]}


def test_build_refuses_invalid_data_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    _broken_copy(tmp_path, "copperdale")
    code, _, err = run(capsys, "build", "copperdale", "--components", ".", "--out", "out")
    assert code == 1 and "copperdale/game.yaml" in err
    assert not (tmp_path / "out").exists()


def test_unknown_game_folder_in_a_users_tree(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "copperdal").mkdir()
    (tmp_path / "copperdal" / "game.yaml").write_text("id: copperdal\n")
    code, out, _ = run(capsys, "validate", "copperdale", "--components", ".")
    assert code == 1
    assert "'copperdal' is not a game id; did you mean 'copperdale'?" in out


@pytest.mark.parametrize("argv", [
    ["validate", "monopoly"],
    ["build", "--paper", "a5"],
    ["validate", "--components", "/no/such/folder"],
    ["simulate", "copperdale", "--bot", "genius", "--games", "1"],
    ["simulate", "copperdale", "--players", "9", "--games", "1"],
    ["simulate", "copper-creek", "--bots", "random,random", "--players", "3", "--games", "1"],
    ["simulate", "copperdale", "--games", "0"],
])
def test_usage_errors_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) if argv[:3] == ["build", "--paper", "a5"] else _no_raise():
        assert main(argv) == 2
    assert "error" in capsys.readouterr().err


class _no_raise:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> bool:
        return False


def test_python_dash_m_generator_runs() -> None:
    result = subprocess.run([sys.executable, "-m", "generator", "list"], capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0 and result.stdout.count("\n") == len(GAMES)


def test_a_command_imports_its_own_module_only() -> None:
    code = ("import sys; from generator.cli import COMMANDS, parser; parser(['build', 'x']); "
            "print(sorted(set(COMMANDS.values()) & set(sys.modules)), "
            "sorted(m for m in sys.modules if m.split('.')[0] == 'svgwrite' "
            "or m.startswith('generator.export')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "['generator.commands.build'] []"


def test_help_and_a_mistaken_command_still_list_every_command(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    listed = capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["biuld"])
    err = capsys.readouterr().err
    for name in ("list", "build", "export", "studio", "new-variant", "fetch"):
        assert name in listed and f"'{name}'" in err


def test_build_into_a_file_is_a_usage_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "taken").write_text("not a folder")
    code, _, err = run(capsys, "build", "copperdale", "--out", str(tmp_path / "taken"))
    assert code == 2 and "is not a folder" in err


def test_unwritable_output_is_one_line_not_a_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "copperdale").write_text("a file where the game folder goes")
    code, _, err = run(capsys, "build", "copperdale", "--out", str(tmp_path / "out"))
    assert code == 1
    assert err.startswith("copperplate: error: ") and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_a_game_folder_without_game_yaml_is_not_silently_ignored(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "copperdale").mkdir()
    shutil.copy(BUNDLED_COMPONENTS / "copperdale" / "deck.yaml", tmp_path / "copperdale")
    code, out, _ = run(capsys, "validate", "copperdale", "--components", ".")
    assert code == 1
    assert out.startswith("copperdale:1:1: error: no game.yaml here") and "(partial-game)" in out


def _user_template(tmp_path: Path, text: str) -> None:
    shutil.copytree(BUNDLED_COMPONENTS / "copperdale", tmp_path / "copperdale")
    (tmp_path / "copperdale" / "templates").mkdir()
    (tmp_path / "copperdale" / "templates" / "card-back.svg.j2").write_text(text)


@pytest.mark.parametrize("text,line,message", [
    ('{% extends "_shared/base.svg.j2" %}\n{% block art %}\n{{ face.nosuch }}\n{% endblock %}',
     3, "has no attribute 'nosuch'"),
    ('{% extends "_shared/base.svg.j2" %}\n{% block art %}{{ face.id\n{% endblock %}', 3,
     "expected token 'end of print statement'"),
    ('{% include "../../../../../etc/passwd" %}', 1, "passwd"),
])
def test_validate_draws_user_templates_and_locates_their_mistakes(
        text: str, line: int, message: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    _user_template(tmp_path, text)
    code, out, _ = run(capsys, "validate", "copperdale", "--components", ".")
    assert code == 1, out
    (first,) = out.strip().splitlines()
    assert first.startswith(f"copperdale/templates/card-back.svg.j2:{line}:1: error: "), first
    assert message in first and first.endswith("(template)")


def test_validate_reports_a_template_that_writes_broken_svg(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    _user_template(tmp_path, '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"')
    code, out, _ = run(capsys, "validate", "copperdale", "--components", ".")
    assert code == 1
    assert out.startswith("copperdale/templates/card-back.svg.j2:1:1: error: the back of 'deck'")
    assert out.strip().endswith("(template-svg)")
