"""Every rulebook number of every game: refused at its line when changed without a
variant, a warning (rulebook value -> deck value) with one.

Each change is written as an overlay (a folder with ``extends:`` and the one changed
file), so the test also proves that problems stay located in the user's file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from generator.checks.rulebook import Entry, Ranged, Stated, lookup
from generator.data.components import BUNDLED_COMPONENTS
from generator.data.yamlsrc import Loc, load
from generator.deck.validate import validate_game
from generator.files.problems import ERROR, WARNING, Problem
from generator.games import GAMES

BUNDLED = {game_id: validate_game(spec).data for game_id, spec in GAMES.items()}


def _entries() -> list[tuple[str, int]]:
    out = []
    for game_id, spec in GAMES.items():
        assert spec.baseline is not None, f"{game_id} has no rulebook baseline"
        out += [(game_id, i) for i in range(len(spec.baseline.entries))]
    return out


def _file_of(stem: str) -> str:
    return f"{stem.replace('_', '-')}.yaml"


def _changed(value: Any, game_id: str = "", key: str | int = "") -> list[Any]:
    """Values to try instead of the rulebook's, nearest first (some break the schema); a
    word may also become another word the same game's baseline pins under the same key
    (a medal counting what another medal counts)."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, value - 1, value + 2]
    if isinstance(value, str):
        entries = GAMES[game_id].baseline.entries if game_id else ()  # type: ignore[union-attr]
        return [value + "s"] + sorted({e.value for e in entries if isinstance(e, Stated)
                                       and e.path[-1] == key and e.value != value})
    if isinstance(value, list) and value and isinstance(value[-1], int):
        return [value[:-1] + [value[-1] + 1], value[:-1], value + value[-1:]]
    if isinstance(value, list):
        return [value[:-1], value + value[-1:]]
    raise AssertionError(f"no way to change {value!r}")


def _set(data: Any, loc: Loc, value: Any) -> None:
    for part in loc[:-1]:
        data = data[part]
    if isinstance(data, list) and loc[-1] == len(data):
        data.append(value)
    else:
        data[loc[-1]] = value


def _write_overlay(root: Path, game_id: str, stem: str, loc: Loc, value: Any,
                   variant: bool) -> Path:
    """An overlay changing one value; returns the changed file."""
    folder = root / game_id
    folder.mkdir(parents=True, exist_ok=True)
    game: dict[str, Any] = {"extends": game_id}
    if variant:
        game["variant"] = {"name": "Test variant", "notes": "one number changed"}
    target = _file_of(stem)
    raw = yaml.safe_load((BUNDLED_COMPONENTS / game_id / target).read_text(encoding="utf-8"))
    if stem == "game":
        raw = game | {"players": raw["players"]}
    else:
        (folder / "game.yaml").write_text(yaml.safe_dump(game), encoding="utf-8")
    _set(raw, loc, value)
    (folder / target).write_text(yaml.safe_dump(raw, sort_keys=False, allow_unicode=True),
                                 encoding="utf-8")
    return folder / target


def _mine(problems: list[Problem]) -> list[Problem]:
    return [p for p in problems if p.rule == "rulebook-value"]


def _try(tmp_path: Path, game_id: str, entry: Entry, variant: bool
         ) -> tuple[list[Problem], Path, Loc, Any]:
    """Change the entry's value the first way the schema accepts; its problems."""
    data = BUNDLED[game_id]
    if isinstance(entry, Ranged):  # a measured count past the top of the range
        loc, value = entry.measure(data)[0]
        lo, hi = entry.value
        if isinstance(lookup(data, loc)[0], int):  # the number itself: just past either end
            trials = [(loc, hi + 1, loc), (loc, lo - 1, loc)]
        else:  # a total (the money): its first face's count raised far past it
            trials = [(loc + (0, "faces", 0, "count"), n * value, loc) for n in (10, 100)]
    elif isinstance(entry, Stated):
        _, loc = lookup(data, entry.path)
        trials = [(loc, v, loc) for v in _changed(entry.value, game_id, entry.path[-1])]
        if entry.path[:2] == ("game", "players"):  # a solo game moves min and max together
            trials += [(loc[:2], {"min": entry.value + 1, "max": entry.value + 1}, loc)]
    elif "faces" in entry.items(data)[0][0]:
        loc, copies, _ = entry.items(data)[0]
        trials = [(loc + ("count",), copies + 1, loc + ("count",))]
    else:  # a listed thing (an Estate, an election): one more, copied from the first
        listed: Any = data
        items = entry.items(data)
        for part in items[0][0][:-1]:
            listed = getattr(listed, part) if isinstance(part, str) else listed[part]
        first = listed[items[0][0][-1]].model_dump(mode="json", exclude_defaults=True)
        added = items[0][0][:-1] + (len(listed),)
        trials = [(added, first, added)]
    for n, (at, value, expect) in enumerate(trials):
        root = tmp_path / f"try{n}"
        path = _write_overlay(root, game_id, str(at[0]), at[1:], value, variant)
        loaded = validate_game(GAMES[game_id], root)
        if not any(p.rule == "schema" for p in loaded.problems):
            return loaded.problems, path, expect, value
    raise AssertionError(f"every change of {entry.label} breaks the schema")


@pytest.mark.parametrize(("game_id", "index"), _entries(),
                         ids=[f"{g}-{i}" for g, i in _entries()])
def test_a_changed_rulebook_value_is_refused_at_its_line(tmp_path: Path, game_id: str,
                                                         index: int) -> None:
    entry = GAMES[game_id].baseline.entries[index]  # type: ignore[union-attr]
    problems, path, at, value = _try(tmp_path, game_id, entry, variant=False)
    line, col = load(path).position(at[1:])
    found = [(p.path, p.line, p.col, p.severity) for p in _mine(problems)]
    assert any(f[0].endswith(f"{game_id}/{path.name}") and f[1:] == (line, col, ERROR)
               for f in found), (entry.label, line, col, [p.format() for p in problems])
    here = [p.message for p in _mine(problems) if (p.line, p.col) == (line, col)]
    assert any(f'the rulebook says "{entry.quote}"' in m and "Declare a variant" in m
               for m in here), here


@pytest.mark.parametrize(("game_id", "index"), _entries(),
                         ids=[f"{g}-{i}" for g, i in _entries()])
def test_a_changed_rulebook_value_is_a_warning_in_a_variant(tmp_path: Path, game_id: str,
                                                            index: int) -> None:
    entry = GAMES[game_id].baseline.entries[index]  # type: ignore[union-attr]
    problems, path, at, value = _try(tmp_path, game_id, entry, variant=True)
    mine = _mine(problems)
    assert mine and all(p.severity == WARNING for p in mine), [p.format() for p in problems]
    assert any(f"variant 'Test variant' changes {entry.label}: rulebook " in p.message
               and p.path.endswith(path.name) for p in mine), [p.format() for p in mine]


def test_the_bundled_decks_are_the_rulebook() -> None:
    for game_id, spec in GAMES.items():
        assert spec.baseline is not None
        assert spec.baseline.deviations(BUNDLED[game_id]) == [], game_id


def test_a_translation_may_say_the_rulebooks_words_in_its_own_language(
        tmp_path: Path) -> None:
    """With ``language`` declared, the rulebook's fixed words (Copperdale's occupation
    names) may differ; its numbers still may not."""
    path = _write_overlay(tmp_path, "copperdale", "board", ("occupations", 0, "name"),
                          "Händler", variant=False)
    assert _mine(validate_game(GAMES["copperdale"], tmp_path).problems)[0].severity == ERROR
    (path.parent / "game.yaml").write_text("extends: copperdale\nlanguage: de\n",
                                           encoding="utf-8")
    assert _mine(validate_game(GAMES["copperdale"], tmp_path).problems) == []
    _write_overlay(tmp_path, "copperdale", "board", ("months",), 13, variant=False)
    (path.parent / "game.yaml").write_text("extends: copperdale\nlanguage: de\n",
                                           encoding="utf-8")
    assert [p.severity for p in _mine(validate_game(GAMES["copperdale"], tmp_path).problems)
            ] == [ERROR]


def test_a_translation_may_not_change_what_a_medal_counts(tmp_path: Path) -> None:
    """Arches counting Border suits instead of completed Districts is a new scoring rule in
    any language: refused at the edited line though the deck is translated."""
    path = _write_overlay(tmp_path, "copperdale", "board", ("monuments", 1, "bonus"),
                          "unique-border-suits", variant=False)
    (path.parent / "game.yaml").write_text("extends: copperdale\nlanguage: de\n",
                                           encoding="utf-8")
    found = _mine(validate_game(GAMES["copperdale"], tmp_path).problems)
    line, _ = load(path).position(("monuments", 1, "bonus"))
    assert [(p.severity, p.line) for p in found] == [(ERROR, line)], [p.format() for p in found]
