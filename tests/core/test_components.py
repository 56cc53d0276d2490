"""The loader: a whole game tree → one validated model, or every problem, located."""

from __future__ import annotations

from pathlib import Path

from generator.data.components import BUNDLED_COMPONENTS, game_folder, load_game
from generator.files.problems import Problem

from .conftest import DemoData


def load(folder: Path):  # type: ignore[no-untyped-def]
    return load_game("demo", DemoData, folder)


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def where(problems: list[Problem]) -> list[tuple[str, int, int, str]]:
    return [(Path(p.path).name, p.line, p.col, p.rule) for p in sorted(problems)]


def test_valid_tree_loads(demo: Path) -> None:
    loaded = load(demo)
    assert loaded.problems == []
    assert loaded.ok
    deck = loaded.data.cards.pieces[0]
    assert [(f.id, n) for f, n in deck.copies()] == [("ace", 1), ("ace", 2), ("two", 1)]
    assert deck.size_mm == (63.5, 88.9)
    assert loaded.data.rules.hand_size == 5


def test_unknown_key_suggests_the_near_name(demo: Path) -> None:
    edit(demo / "cards.yaml", "    back: back", "    bakc: back")
    problems = load(demo).problems
    assert where(problems) == [("cards.yaml", 7, 5, "schema")]
    assert "unknown key 'bakc'; did you mean 'back'?" in problems[0].message


def test_wrong_type_and_out_of_range_are_all_reported(demo: Path) -> None:
    edit(demo / "cards.yaml", "value: 1, count: 2", "value: one, count: 1000000000")
    edit(demo / "rules.yaml", "hand_size: 5", "hand_size: [5]")
    problems = load(demo).problems
    assert where(problems) == [("cards.yaml", 9, 26, "schema"), ("cards.yaml", 9, 38, "schema"),
                               ("rules.yaml", 1, 12, "schema")]
    assert "less than or equal to 1000" in sorted(problems)[1].message


def test_missing_required_key(demo: Path) -> None:
    edit(demo / "game.yaml", "play_time_min: 20\n", "")
    problems = load(demo).problems
    assert where(problems) == [("game.yaml", 1, 1, "schema")]
    assert "missing required key 'play_time_min'" in problems[0].message


def test_template_path_cannot_leave_the_tree(demo: Path) -> None:
    edit(demo / "cards.yaml", "template: card.svg.j2", "template: ../../../etc/passwd")
    problems = load(demo).problems
    assert where(problems) == [("cards.yaml", 6, 15, "schema")]
    assert "inside the game's template folder" in problems[0].message


def test_missing_template_file(demo: Path) -> None:
    (demo / "templates" / "back.svg.j2").unlink()
    problems = load(demo).problems
    assert where(problems) == [("cards.yaml", 7, 11, "template-missing")]


def test_unlisted_and_missing_component_files(demo: Path) -> None:
    (demo / "extra.yaml").write_text("a: 1\n")
    (demo / "rules.yaml").unlink()
    problems = load(demo).problems
    assert where(problems) == [("extra.yaml", 1, 1, "file-reference"),
                               ("rules.yaml", 1, 1, "file-missing")]


def test_component_file_name_cannot_escape(demo: Path) -> None:
    edit(demo / "game.yaml", "components: [cards.yaml, rules.yaml]",
         "components: [cards.yaml, rules.yaml, ../../secret.yaml]")
    problems = load(demo).problems
    assert where(problems) == [("game.yaml", 6, 38, "file-reference")]


def test_game_id_must_match_its_folder(demo: Path) -> None:
    edit(demo / "game.yaml", "id: demo", "id: other")
    assert where(load(demo).problems) == [("game.yaml", 1, 5, "game-id")]


def test_problems_of_every_file_come_in_one_run(demo: Path) -> None:
    (demo / "rules.yaml").unlink()
    edit(demo / "cards.yaml", "template: card.svg.j2", "template: ../../../etc/passwd")
    assert where(load(demo).problems) == [("cards.yaml", 6, 15, "schema"),
                                          ("rules.yaml", 1, 1, "file-missing")]


def test_duplicate_key_stops_only_that_file(demo: Path) -> None:
    edit(demo / "rules.yaml", "hand_size: 5\n", "hand_size: 5\nhand_size: 6\n")
    assert where(load(demo).problems) == [("rules.yaml", 2, 1, "duplicate-key")]


def test_a_users_game_replaces_the_bundled_one(tmp_path: Path) -> None:
    assert game_folder("copperdale", tmp_path) == BUNDLED_COMPONENTS / "copperdale"
    (tmp_path / "copperdale").mkdir()
    (tmp_path / "copperdale" / "game.yaml").write_text("id: copperdale\n")
    assert game_folder("copperdale", tmp_path) == tmp_path / "copperdale"
    assert game_folder("copperdale", None) == BUNDLED_COMPONENTS / "copperdale"
