"""``copperplate convert``: YAML → XLSX → YAML gives back the same data for every game,
the same input gives the same bytes, and the result is read like YAML."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator.cli import main
from generator.files.bundled import BUNDLED_COMPONENTS
from generator.games import GAMES


def convert(game: str, to: str, out: Path, components: Path | None = None) -> int:
    extra = ["--components", str(components)] if components else []
    return main(["convert", game, "--to", to, "--out", str(out), *extra])


def component_data(folder: Path) -> dict[str, object]:
    """Each component file's data by its stem, read the way the loader reads it."""
    from generator.data.componentfile import load

    listed = yaml.safe_load((folder / "game.yaml").read_text())["components"]
    return {name.rsplit(".", 1)[0]: load(folder / name).data for name in listed}


@pytest.mark.parametrize("game", list(GAMES))
def test_yaml_to_xlsx_to_yaml_gives_back_the_same_data(tmp_path: Path, game: str) -> None:
    assert convert(game, "xlsx", tmp_path / "xlsx") == 0
    workbooks = tmp_path / "xlsx" / game
    listed = yaml.safe_load((workbooks / "game.yaml").read_text())["components"]
    assert listed and all(name.endswith(".xlsx") for name in listed)
    assert convert(game, "yaml", tmp_path / "yaml", components=tmp_path / "xlsx") == 0
    back = tmp_path / "yaml" / game
    original = component_data(BUNDLED_COMPONENTS / game)
    assert component_data(workbooks) == original
    assert component_data(back) == original
    assert sorted(p.name for p in back.glob("*.yaml")) == sorted(
        p.name for p in (BUNDLED_COMPONENTS / game).glob("*.yaml"))


def test_the_same_game_converts_to_the_same_bytes(tmp_path: Path) -> None:
    for to in ("xlsx", "csv"):
        for run in ("one", "two"):
            assert convert("copper-creek", to, tmp_path / run / to) == 0
        one, two = (sorted((tmp_path / run / to).rglob("*.*")) for run in ("one", "two"))
        assert [p.name for p in one] == [p.name for p in two]
        assert all(a.read_bytes() == b.read_bytes() for a, b in zip(one, two, strict=True))


def test_a_csv_deck_is_read_and_checked_like_the_yaml(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert convert("copper-creek", "csv", tmp_path / "csv") == 0
    folder = tmp_path / "csv" / "copper-creek"
    assert (folder / "buildings.csv").is_file() and (folder / "buildings.faces.csv").is_file()
    assert component_data(folder) == component_data(BUNDLED_COMPONENTS / "copper-creek")
    capsys.readouterr()
    assert main(["validate", "copper-creek", "--components", str(tmp_path / "csv")]) == 0
    lines = (folder / "money.faces.csv").read_text().splitlines()
    (folder / "money.faces.csv").write_text("\n".join(
        [lines[0], lines[1].replace(",1,", ",one,")] + lines[2:]) + "\n")
    assert main(["validate", "copper-creek", "--components", str(tmp_path / "csv")]) == 1
    assert "money.faces.csv:faces!" in capsys.readouterr().out


def test_convert_keeps_game_yaml_comments_and_refuses_a_full_folder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert convert("copperdale", "xlsx", tmp_path) == 0
    text = (tmp_path / "copperdale" / "game.yaml").read_text()
    bundled = (BUNDLED_COMPONENTS / "copperdale" / "game.yaml").read_text()
    assert [c for c in bundled.splitlines() if c.startswith("#")] == [
        c for c in text.splitlines() if c.startswith("#")]
    assert "- deck.xlsx" in text
    before = sorted(p.name for p in (tmp_path / "copperdale").iterdir())
    assert convert("copperdale", "csv", tmp_path) == 2
    assert "already holds files" in capsys.readouterr().err
    assert sorted(p.name for p in (tmp_path / "copperdale").iterdir()) == before
