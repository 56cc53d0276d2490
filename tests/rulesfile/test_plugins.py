"""The escape hatch: a rules file names a plug-in effect or expression only if an installed
distribution provides it (an entry point); nothing of a deck is ever imported.

Nothing is installed: a temporary ``dist-info`` folder on ``sys.path`` is a distribution
as importlib.metadata finds one."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator.checks.memo import ResultMemo
from generator.deck.validate import validate_game
from generator.engine.api import TERMINAL
from generator.files.problems import Problem
from generator.games import GAMES
from generator.rulesfile.game import RulesGame
from rulesfile.starters import compiled, make_starter

PLUGIN = '''
def add_banked(table, amount):
    table.set("banked", table.var("banked") + amount)

def snakes(table):
    return sum(table.field(card, "suit") == "snake" for card in table.zone("claim"))

def broken(table):
    raise RuntimeError("the plug-in broke")

def sneaky(table):
    table.set("banked", 99)
'''
BUST = "{count: claim, where: {eq: [{field: suit}, snake]}}"
EVIL = "import pathlib\npathlib.Path({marker!r}).write_text('imported')\ndef run(t): pass\n"


def distribution(site: Path, name: str, module: str, source: str, entries: str) -> None:
    """A distribution as pip leaves one: its module and its dist-info folder."""
    info = site / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(entries)
    (site / f"{module}.py").write_text(source)


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An installed plug-in package, ``cj-plugins`` (module ``cj_plugins``)."""
    where = tmp_path / "site"
    distribution(where, "cj_plugins", "cj_plugins", PLUGIN,
                 "[copperplate.effects]\nadd-banked = cj_plugins:add_banked\n"
                 "[copperplate.expressions]\nsnakes = cj_plugins:snakes\n"
                 "broken = cj_plugins:broken\nsneaky = cj_plugins:sneaky\n")
    monkeypatch.syspath_prepend(str(where))
    yield where
    for name in ("cj_plugins", "evil", "shadowed"):
        sys.modules.pop(name, None)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return make_starter(tmp_path / "tree", "claim-jumper", "cj")


def edit(folder: Path, *changes: tuple[str, str]) -> None:
    rules = folder / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new, 1)
    rules.write_text(text, encoding="utf-8")


def problems(folder: Path) -> list[Problem]:
    return validate_game(GAMES["cj"], folder.parent).problems


def line_of(folder: Path, needle: str) -> int:
    lines = (folder / "rules.yaml").read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, start=1) if needle in line)


def games(game: RulesGame, seeds: int) -> list[list[object]]:
    out = []
    for seed in range(seeds):
        rng, state, played = random.Random(seed), game.new_initial_state(3), []
        while state.current_player() != TERMINAL:
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            played.append(action)
        assert state.invariants() == []
        out.append(played)
    return out


def test_an_installed_plugin_expression_plays_the_same_games(site: Path, folder: Path,
                                                              tmp_path: Path) -> None:
    plain = compiled(folder.parent, "cj")
    edit(folder, (BUST, "{plugin: snakes}"))
    assert problems(folder) == []
    with_plugin = compiled(folder.parent, "cj")
    assert games(with_plugin, 30) == games(plain, 30)


def test_an_installed_plugin_effect_changes_the_game(site: Path, folder: Path) -> None:
    edit(folder, ("events: [bust]", "vars: {banked: {owner: each}}\nevents: [bust]"),
         ("    do:\n      - move_all: claim\n        to: bank",
          "    do:\n      - {plugin: add-banked, with: [{count: claim}]}\n"
          "      - move_all: claim\n        to: bank"))
    assert problems(folder) == []
    game = compiled(folder.parent, "cj")
    for seed in range(20):
        state = game.new_initial_state(3)
        rng = random.Random(seed)
        while state.current_player() != TERMINAL:
            state.apply_action(rng.choice(state.legal_actions()))
        view = state.view()
        assert view["banked"] == [len(bank) for bank in view["bank"]]


def test_a_plugin_no_distribution_provides_is_a_located_error(site: Path,
                                                               folder: Path) -> None:
    edit(folder, (BUST, "{plugin: snakez}"))
    found = problems(folder)
    assert [p.rule for p in found] == ["rules-plugin"]
    assert found[0].line == line_of(folder, "plugin: snakez")
    assert "no installed plug-in provides the expression 'snakez'" in found[0].message
    assert "snakes" in found[0].message  # the installed ones are listed


def test_a_name_two_packages_provide_is_refused(site: Path, folder: Path) -> None:
    distribution(site, "rival", "rival_plugins", PLUGIN,
                 "[copperplate.expressions]\nsnakes = rival_plugins:snakes\n")
    edit(folder, (BUST, "{plugin: snakes}"))
    found = problems(folder)
    assert [p.rule for p in found] == ["rules-plugin"]
    assert "provided by 2 installed packages (cj_plugins, rival)" in found[0].message


def test_an_effect_is_not_found_among_expressions(site: Path, folder: Path) -> None:
    edit(folder, ("    do:\n      - move_all: claim", "    do:\n      - plugin: snakes\n"
                  "      - move_all: claim"))
    found = problems(folder)
    assert [p.rule for p in found] == ["rules-plugin"]
    assert found[0].line == line_of(folder, "plugin: snakes")


@pytest.mark.parametrize(("name", "rule"), [("broken", "the plug-in broke"),
                                            ("sneaky", "only an effect changes it")])
def test_a_failing_plugin_is_a_located_fault(site: Path, folder: Path, name: str,
                                             rule: str) -> None:
    edit(folder, ("events: [bust]", "vars: {banked: {}}\nevents: [bust]"),
         (BUST, f"{{plugin: {name}}}"))
    found = problems(folder)
    assert [p.rule for p in found] == ["rules-play"], [p.format() for p in found]
    assert rule in found[0].message


@pytest.mark.parametrize("name", ["evil", "evil.py", "./evil.py", "evil:run", "EVIL",
                                  "{deck}/evil.py", "../cj/evil", "evil.run"])
def test_a_deck_cannot_load_code_by_any_path(site: Path, folder: Path, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch,
                                             name: str) -> None:
    """A .py and a dist-info declaring it, shipped in the deck; the deck's folder on
    sys.path and the working directory (as ``python -m`` run from there has it): still
    nothing of the deck is imported, and the rules file gets a located error."""
    marker = tmp_path / "imported"
    distribution(folder, "evil", "evil", EVIL.format(marker=str(marker)),
                 "[copperplate.effects]\nevil = evil:run\n"
                 "[copperplate.expressions]\nevil = evil:run\n")
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.chdir(folder)
    edit(folder, (BUST, f"{{plugin: '{name.format(deck=folder)}'}}"))
    found = problems(folder)
    assert [p.rule for p in found] == ["rules-plugin"], [p.format() for p in found]
    assert found[0].line == line_of(folder, "plugin:")
    assert not marker.exists() and "evil" not in sys.modules


def test_an_installed_entry_point_shadowed_by_a_deck_file_is_refused(
        site: Path, folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The distribution is installed, but its module would be found in the deck first."""
    marker = tmp_path / "imported"
    distribution(site, "shadow", "shadowed", "def run(t):\n    return 1\n",
                 "[copperplate.expressions]\nshadow = shadowed:run\n")
    (folder / "shadowed.py").write_text(EVIL.format(marker=str(marker)))
    monkeypatch.syspath_prepend(str(folder))
    edit(folder, (BUST, "{plugin: shadow}"))
    found = problems(folder)
    assert [p.rule for p in found] == ["rules-plugin"], [p.format() for p in found]
    assert "inside the game folder" in found[0].message
    assert not marker.exists() and "shadowed" not in sys.modules


def test_installing_a_plugin_changes_the_validate_memo_key(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    """A remembered validate result must not outlive the plug-in it was found with: the
    run's key covers the installed plug-ins (no file of the tree changes when one is
    installed)."""
    monkeypatch.setenv("COPPERPLATE_VALIDATE_MEMO", "on")
    before = ResultMemo.for_run(tmp_path / "cache", None).run_key
    distribution(tmp_path / "site", "late", "late_plugin", PLUGIN,
                 "[copperplate.expressions]\nsnakes = late_plugin:snakes\n")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    after = ResultMemo.for_run(tmp_path / "cache", None).run_key
    assert before is not None and after is not None and after != before
