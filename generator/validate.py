"""Load a game and run its checks: the one path ``validate``, ``build`` and ``simulate`` share."""

from __future__ import annotations

import difflib
from pathlib import Path

from generator.checks import run_checks
from generator.checks.core import CORE
from generator.components import LoadedGame, game_folder, load_game
from generator.games import GAMES
from generator.games.spec import GameSpec
from generator.problems import ERROR, Problem, display_path


def validate_game(spec: GameSpec, user_dir: Path | None = None) -> LoadedGame:
    loaded = load_game(spec.id, spec.model, game_folder(spec.id, user_dir))
    if loaded.data is not None:
        loaded.problems.extend(run_checks([CORE, *spec.registries()], loaded.data, loaded.sources))
        if spec.baseline is not None and loaded.data.game.variant is not None:
            loaded.variant_changes = [d.describe() for d in spec.baseline.deviations(loaded.data)]
        if any(p.severity == ERROR for p in loaded.problems):
            loaded.data = None
    return loaded


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
        elif has_yaml:
            hint = difflib.get_close_matches(folder.name, list(GAMES), n=1)
            tail = f"; did you mean '{hint[0]}'?" if hint else ""
            shown = folder / "game.yaml" if (folder / "game.yaml").exists() else folder
            problems.append(Problem(display_path(shown), 1, 1, ERROR,
                                    f"'{folder.name}' is not a game id{tail}", "unknown-game"))
    return problems
