"""``copperplate lint`` on the command line: located findings, --json, --strict, exits."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from generator.cli import main


def seeded_tree(root: Path, art: str) -> Path:
    """A copy of Copperdale whose card back prints one seeded defect."""
    folder = root / "copperdale"
    shutil.copytree(Path("components/copperdale").resolve()
                    if Path("components/copperdale").exists()
                    else Path(__file__).resolve().parents[2] / "components" / "copperdale",
                    folder)
    templates = folder / "templates"
    templates.mkdir()
    (templates / "card-back.svg.j2").write_text(
        '{% extends "_shared/base.svg.j2" %}{% block art %}\n' + art + "\n{% endblock %}\n",
        encoding="utf-8")
    return root


def test_lint_reports_a_5pt_caption_located(tmp_path: Path, capsys):
    tree = seeded_tree(tmp_path, '<text x="10" y="40" font-size="1.76">points</text>')
    code = main(["lint", "copperdale", "--components", str(tree), "--paper", "a4"])
    out = capsys.readouterr().out
    assert code == 1
    line = next(ln for ln in out.splitlines() if "(text-size)" in ln and "card-back" in ln)
    assert "card-back.svg.j2:2:1: error: text 'points' is 5.0 pt" in line


def test_json_and_strict(tmp_path: Path, capsys):
    tree = seeded_tree(tmp_path, '<text x="10" y="40" font-size="2.3">points</text>')
    assert main(["lint", "copperdale", "--components", str(tree), "--paper", "a4",
                 "--json"]) in (0, 1)
    found = json.loads(capsys.readouterr().out)
    ours = [p for p in found if "card-back" in p["path"]]
    assert ours and ours[0]["severity"] == "warning" and ours[0]["rule"] == "text-size"
    assert set(ours[0]) == {"path", "line", "col", "severity", "message", "rule"}
    assert main(["lint", "copperdale", "--components", str(tree), "--paper", "a4",
                 "--strict"]) == 1


def test_usage_errors_exit_2(capsys):
    assert main(["lint", "no-such-game"]) == 2
    assert "unknown game" in capsys.readouterr().err


def test_a_name_too_long_for_its_box_is_an_error_at_its_data_line(tmp_path: Path, capsys):
    from gametree import copy_game, edit

    folder = copy_game("kings-of-copper", tmp_path)
    _, _ = edit(folder / "titles.yaml", "name: Magna Charta",
                "name: Magna Charta Consolidated Copper Mining Company")
    lines = (folder / "titles.yaml").read_text(encoding="utf-8").splitlines()
    line = next(i for i, ln in enumerate(lines, 1) if "Consolidated" in ln)
    code = main(["validate", "kings-of-copper", "--components", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 1
    found = [ln for ln in out.splitlines() if "(text-fit)" in ln]
    assert found and all(f"titles.yaml:{line}:" in ln and "does not fit its" in ln
                         for ln in found)
    assert "drawn at templates/kings-of-copper/" in found[0]  # and the template line


def test_one_finding_has_one_severity_everywhere(tmp_path: Path, capsys):
    """A 5 pt caption on the card back is an error in lint, validate, build and the
    preview alike, and each exits 1; build writes nothing."""
    tree = seeded_tree(tmp_path / "tree", '<text x="10" y="40" font-size="1.76">points</text>')
    line = "card-back.svg.j2:2:1: error: text 'points' is 5.0 pt"
    out_dir = tmp_path / "out"
    runs = {"lint": ["--paper", "a4"], "validate": [], "build": ["--out", str(out_dir)],
            "preview": ["--out", str(tmp_path / "preview")]}
    for command, extra in runs.items():
        code = main([command, "copperdale", "--components", str(tree), *extra])
        captured = capsys.readouterr()
        said = captured.out + captured.err
        assert code == 1, (command, said)
        if command != "preview":  # the preview shows it on its page
            assert any(line in ln and "(text-size)" in ln for ln in said.splitlines()), \
                (command, said)
    assert not out_dir.exists() or not any(out_dir.rglob("*.pdf"))
    page = (tmp_path / "preview" / "copperdale" / "preview" / "index.html").read_text(
        encoding="utf-8")
    assert "text-size" in page
