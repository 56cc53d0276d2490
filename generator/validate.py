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
        loaded.problems.extend(run_checks([CORE, spec.checks], loaded.data, loaded.sources))
        if any(p.severity == ERROR for p in loaded.problems):
            loaded.data = None
    return loaded


def unknown_game_folders(user_dir: Path) -> list[Problem]:
    """Folders in a user's tree that name no game: a typo would silently do nothing."""
    problems = []
    for folder in sorted(p for p in user_dir.iterdir() if p.is_dir()):
        if folder.name not in GAMES and (folder / "game.yaml").exists():
            hint = difflib.get_close_matches(folder.name, list(GAMES), n=1)
            tail = f"; did you mean '{hint[0]}'?" if hint else ""
            problems.append(Problem(display_path(folder / "game.yaml"), 1, 1, ERROR,
                                    f"'{folder.name}' is not a game id{tail}", "unknown-game"))
    return problems
