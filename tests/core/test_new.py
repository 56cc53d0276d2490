"""`copperplate new` and games of one's own: every command but simulate works on them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from generator.cli import main
from generator.games import GAMES


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_new_scaffolds_a_game_that_validates_lists_and_builds(
        in_tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "new", "games/harvest-moon", "--name", 'Harvest "Moon"',
                       "--pieces", "cards, tiles,chips")
    assert code == 0 and "copperplate validate harvest-moon --components games" in out
    folder = in_tmp / "games" / "harvest-moon"
    assert sorted(p.name for p in folder.iterdir()) == [
        "README.md", "cards.yaml", "chips.yaml", "game.yaml", "templates", "tiles.yaml"]
    assert 'name: "Harvest \\"Moon\\""' in (folder / "game.yaml").read_text()
    code, out, err = run(capsys, "validate", "harvest-moon", "--components", "games")
    assert (code, out) == (0, ""), out
    code, out, _ = run(capsys, "list", "--components", "games")
    assert out.splitlines()[-1] == 'harvest-moon\tHarvest "Moon"\t2-4 players\t54 components'
    code, out, _ = run(capsys, "checks", "harvest-moon", "--components", "games")
    assert code == 0 and "composition" in out
    code, _, _ = run(capsys, "build", "harvest-moon", "--components", "games", "--out", "out",
                     "--quiet")
    manifest = json.loads((in_tmp / "out/harvest-moon/manifest-a4.json").read_text())
    kinds = {item["kind"] for item in manifest["items"]}
    assert code == 0 and kinds == {"card", "tile", "chip"}
    assert len([i for i in manifest["items"] if i["side"] == "front"]) == 54


def test_a_broken_composition_rule_of_the_scaffold_is_located(
        in_tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "new", "my-game", "--name", "My Game")
    cards = in_tmp / "my-game" / "cards.yaml"
    lines = cards.read_text().splitlines()
    row = next(i for i, line in enumerate(lines) if "id: moon-5" in line)
    lines[row] = lines[row].replace("count: 1", "count: 2")
    cards.write_text("\n".join(lines) + "\n")
    code, out, _ = run(capsys, "validate", "--components", ".")
    assert code == 1
    assert f"my-game/cards.yaml:{row + 1}:9: error: every suit has six cards: suit 'moon': " \
           "expected exactly 6, found 7 (cards-per-suit)" in out
    assert "the values of the deck total 28: expected exactly 28, found 33 (value-total)" in out


@pytest.mark.parametrize("game_id", list(GAMES))
def test_new_from_a_bundled_game_keeps_its_rules(
        game_id: str, in_tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "new", f"mine/my-{game_id}", "--name", "Mine", "--from", game_id)[0] == 0
    text = (in_tmp / "mine" / f"my-{game_id}" / "game.yaml").read_text()
    assert f"id: my-{game_id}\nrules: {game_id}\n" in text
    code, out, _ = run(capsys, "validate", f"my-{game_id}", "--components", "mine")
    assert (code, out) == (0, ""), out


def test_rules_naming_no_game_is_a_located_error(
        in_tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "new", "my-game", "--name", "My Game")
    game = in_tmp / "my-game" / "game.yaml"
    game.write_text(game.read_text().replace("id: my-game\n", "id: my-game\nrules: copperdail\n"))
    code, out, _ = run(capsys, "validate", "my-game", "--components", ".")
    assert code == 1 and out.startswith("my-game/game.yaml:5:8: error: rules 'copperdail' are ")


@pytest.mark.parametrize("argv,message", [
    (["new", "My Game", "--name", "x"], "the folder name 'My Game' is the game's id"),
    (["new", "copperdale", "--name", "x"], "'copperdale' is a bundled game's id"),
    (["new", "taken", "--name", "x"], "already exists"),
    (["new", "ok", "--name", " "], "--name"),
])
def test_new_usage_errors(argv: list[str], message: str, in_tmp: Path,
                          capsys: pytest.CaptureFixture[str]) -> None:
    (in_tmp / "taken").mkdir()
    (in_tmp / "taken" / "x").write_text("")
    code, _, err = run(capsys, *argv)
    assert code == 2 and message in err


def test_new_refuses_unknown_pieces(in_tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["new", "g", "--name", "G", "--pieces", "cards,meeples"])
    assert "expected some of cards, tiles, chips" in capsys.readouterr().err


def test_simulate_says_a_game_of_ones_own_has_no_rules_to_play(
        in_tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "new", "my-game", "--name", "My Game")
    code, _, err = run(capsys, "simulate", "my-game", "--components", ".", "--games", "1")
    assert code == 2 and "'my-game' has no rules.yaml and its game.yaml names no bundled rules" in err


def test_simulate_plays_a_copy_of_a_bundled_game(
        in_tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "new", "mine/solo", "--name", "Solo", "--from", "copperdale")
    code, out, _ = run(capsys, "simulate", "solo", "--components", "mine", "--games", "2",
                       "--json")
    assert code == 0 and json.loads(out)["completed"] == 2


def test_a_folder_of_yaml_without_game_yaml_points_to_new(
        in_tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (in_tmp / "harvest").mkdir()
    (in_tmp / "harvest" / "cards.yaml").write_text("pieces: []\n")
    code, out, _ = run(capsys, "validate", "copperdale", "--components", ".")
    assert code == 1
    assert out.startswith("harvest:1:1: error: 'harvest' is not a game id (a game of your own "
                          "needs a game.yaml: see 'copperplate new') (unknown-game)")


def test_components_naming_the_game_folder_itself_says_what_to_give(
        in_tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "new", "my-game", "--name", "My Game")
    code, _, err = run(capsys, "validate", "--components", "my-game")
    assert code == 2
    assert err == ("copperplate: error: --components: 'my-game' is a game's own folder (it "
                   "holds game.yaml): pass the folder that holds it, --components .\n")


@pytest.mark.parametrize("command", ["validate", "build", "lint", "list", "checks"])
def test_an_empty_components_folder_is_said_out_loud(
        in_tmp: Path, capsys: pytest.CaptureFixture[str], command: str) -> None:
    """An empty --components would check the bundled games without a word: one usage line."""
    (in_tmp / "mine").mkdir()
    (in_tmp / "mine" / "notes.txt").write_text("not a game\n")
    code, out, err = run(capsys, command, "--components", "mine")
    assert (code, out) == (2, "")
    assert err == ("copperplate: error: --components: 'mine' holds no game folder (a folder "
                   "with a game.yaml); without --components the bundled games are used\n")


def test_a_name_is_written_as_given(in_tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "new", "g", "--name", "The __ID__ & <Co>")
    assert 'name: "The __ID__ & <Co>"' in (in_tmp / "g" / "game.yaml").read_text()
    code, out, _ = run(capsys, "list", "--components", ".")
    assert out.splitlines()[-1].startswith("g\tThe __ID__ & <Co>\t")


def test_the_blank_readme_says_how_to_make_the_game_playable(
        in_tmp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A new game's README names rules.yaml and starters that `new --from` knows."""
    from generator.files.bundled import PACKAGE

    run(capsys, "new", "my-game", "--name", "My Game")
    text = " ".join((in_tmp / "my-game" / "README.md").read_text().split())
    assert "`rules.yaml`" in text and "simulate my-game --components ." in text
    named = re.search(r"starters: ([a-z,\s-]+)\)", text)
    assert named is not None
    shipped = sorted(p.name for p in (PACKAGE / "scaffold" / "starters").iterdir()
                     if (p / "rules.yaml").is_file())
    assert sorted(n.strip() for n in named.group(1).split(",")) == shipped
