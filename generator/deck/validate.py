"""Load a game and run its checks: the one path ``validate``, ``build`` and ``simulate`` share."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from generator.checks import run_checks
from generator.checks.core import CORE
from generator.checks.rulebook import remember_bundled
from generator.data.componentfile import load
from generator.data.components import RULES_FILE, LoadedGame, game_folder, load_game
from generator.data.yamlsrc import YamlError
from generator.files.problems import ERROR, Problem, display_path
from generator.games import GAMES
from generator.games.spec import GameSpec


def validate_game(spec: GameSpec, user_dir: Path | None = None) -> LoadedGame:
    folder = game_folder(spec.id, user_dir)
    spec, wrong_rules = named_rules(spec, folder)
    loaded = load_game(spec.id, spec.model, folder)
    remember_bundled(loaded, spec.model)
    if wrong_rules is not None:
        loaded.problems.append(wrong_rules)
        loaded.data = None
    if loaded.data is not None:
        loaded.problems.extend(run_checks([CORE, *spec.registries()], loaded.data, loaded.sources))
        loaded.problems.extend(_rules_file_problems(spec, loaded.data))
        if spec.baseline is not None and loaded.data.game.variant is not None:
            loaded.variant_changes = [d.describe() for d in spec.baseline.deviations(loaded.data)]
        if any(p.severity == ERROR for p in loaded.problems):
            loaded.data = None
    return loaded


def _rules_file_problems(spec: GameSpec, data: Any) -> list[Problem]:
    """A rules file's problems, for a game played by its ``rules.yaml``: such a game's
    maker is made by ``rules_spec`` in ``rulesfile.hook``, so when that module was never
    imported no game has one, and a bundled game's check never loads the rules engine."""
    hook = sys.modules.get("generator.rulesfile.hook")
    return hook.rules_problems(spec, data) if hook is not None else []


def named_rules(spec: GameSpec, folder: Path) -> tuple[GameSpec, Problem | None]:
    """A game of one's own whose game.yaml says ``rules: copperdale`` (``new --from``) is
    read and checked as that game; without ``rules`` it is generic, played by its
    ``rules.yaml`` when it has one."""
    if spec.id in GAMES or not (folder / "game.yaml").is_file():
        return spec, None
    try:
        source = load(folder / "game.yaml", folder.parent)
    except YamlError:
        return spec, None  # load_game reports it
    rules = source.data.get("rules") if isinstance(source.data, dict) else None
    if rules is None:
        if not (folder / RULES_FILE).is_file():
            return spec, None  # not playable: the rules engine is never loaded
        from generator.rulesfile.hook import rules_spec

        return rules_spec(spec, folder), None
    if isinstance(rules, str) and rules in GAMES:
        return replace(GAMES[rules], id=spec.id), None
    return spec, source.problem(("rules",), f"rules '{rules}' are no registered game's "
                                f"(games: {', '.join(GAMES)}); leave 'rules' out for a "
                                "game checked by its composition rules only", "game-rules")


def _typo_of(name: str) -> str | None:
    """The registered game a folder name is probably a misspelling of (a letter or two
    off; ``my-copperdale`` is a name of its own)."""
    from difflib import get_close_matches  # only for a hint

    hint = get_close_matches(name, list(GAMES), n=1, cutoff=0.85)
    return hint[0] if hint and abs(len(hint[0]) - len(name)) <= 2 else None


def own_games(user_dir: Path | None) -> list[str]:
    """The generic games in a user's tree: folders with a game.yaml whose name is no
    registered game (nor a misspelling of one)."""
    if user_dir is None:
        return []
    return [folder.name for folder in sorted(user_dir.iterdir())
            if (folder / "game.yaml").is_file() and folder.name not in GAMES
            and _typo_of(folder.name) is None]


def user_tree_problems(user_dir: Path) -> list[Problem]:
    """Folders in a user's tree that would silently do nothing: a folder that names no game
    (a typo), or a game's folder without its game.yaml (a game is replaced whole)."""
    problems = []
    for folder in sorted(p for p in user_dir.iterdir() if p.is_dir()):
        has_yaml = any(folder.glob("*.yaml"))
        if folder.name in GAMES:
            if not (folder / "game.yaml").exists():
                problems.append(Problem(
                    display_path(folder), 1, 1, ERROR,
                    f"no game.yaml here: copy all of components/{folder.name}/, or write a "
                    f"game.yaml with 'extends: {folder.name}' to change only some files "
                    f"(copperplate new-variant {folder.name} DIR)", "partial-game"))
        elif (folder / "game.yaml").exists() and _typo_of(folder.name):
            problems.append(Problem(
                display_path(folder / "game.yaml"), 1, 1, ERROR,
                f"'{folder.name}' is not a game id; did you mean '{_typo_of(folder.name)}'? "
                "(a game of your own needs a name of its own)", "unknown-game"))
        elif has_yaml and not (folder / "game.yaml").exists():
            from difflib import get_close_matches  # only for a hint

            hint = get_close_matches(folder.name, list(GAMES), n=1)
            tail = f"; did you mean '{hint[0]}'?" if hint else (
                " (a game of your own needs a game.yaml: see 'copperplate new')")
            problems.append(Problem(display_path(folder), 1, 1, ERROR,
                                    f"'{folder.name}' is not a game id{tail}", "unknown-game"))
    return problems
