"""Overlays: a user's game folder that holds only what it changes.

A folder whose ``game.yaml`` says ``extends: <game>`` takes every file it lacks from the
bundled game, and every key it lacks in a file it has: mappings merge key by key, any
other value (a number, a word, a list) replaces the bundled one whole. Problems stay
located in the user's files wherever the value came from there, and in the bundled file
otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.data.componentfile import load
from generator.data.yamlsrc import Loc, Source, YamlError
from generator.files.problems import ERROR, Problem


@dataclass
class LayeredSource(Source):
    """A user's file laid over the bundled one: merged data, each value located in the
    file it came from."""

    user: Source | None = None
    base: Source | None = None

    def owner(self, loc: Loc) -> Source:
        assert self.user is not None and self.base is not None
        loc = tuple(loc)
        for end in range(len(loc), 0, -1):
            if loc[:end] in self.user.values:
                replaced = end == len(loc) or not isinstance(_at(self.user.data, loc[:end]),
                                                             dict)
                return self.user if replaced else self.base
        return self.user if not loc or loc[:1] not in self.base.values else self.base

    def position(self, loc: Loc, key: bool = False) -> tuple[int, int]:
        return self.owner(loc).position(loc, key=key)

    def problem(self, loc: Loc, message: str, rule: str, *, key: bool = False,
                severity: str = ERROR) -> Problem:
        return self.owner(loc).problem(loc, message, rule, key=key, severity=severity)


def _at(data: Any, loc: Loc) -> Any:
    for part in loc:
        data = data[part]
    return data


def merged(base: Any, user: Any) -> Any:
    """The user's value over the bundled one: mappings key by key, the rest replaced."""
    if isinstance(base, dict) and isinstance(user, dict):
        out = dict(base)
        for key, value in user.items():
            out[key] = merged(base[key], value) if key in base else value
        return out
    return user


@dataclass(frozen=True)
class Layers:
    """Where a game folder's files are read from: the folder alone, or the folder over the
    bundled game it extends (``bundled`` set). ``read``: a file of the folder alone that
    ``layers_for`` has read already (its game.yaml), given again, not read twice."""

    bundled: Path | None = None
    read: Source | None = field(default=None, compare=False)

    def exists(self, path: Path) -> bool:
        return path.is_file() or (self.bundled is not None
                                  and (self.bundled / path.name).is_file())

    def load(self, path: Path) -> Source:
        """Read one file; raise YamlError (located) if it is bad."""
        if self.read is not None and self.read.path == path:
            return self.read
        below = self.bundled / path.name if self.bundled is not None else None
        # read inside the components tree: the game's own folder may not be a link either
        if below is None or not below.is_file():
            return load(path, path.parent.parent)
        if not path.is_file():
            return load(below, below.parent.parent)
        user, base = load(path, path.parent.parent), load(below, below.parent.parent)
        return LayeredSource(path, merged(base.data, user.data), user.values, user.keys,
                             user.problems + base.problems, user=user, base=base)


def layers_for(folder: Path, game_id: str, bundled: Path) -> tuple[Layers, list[Problem]]:
    """How to read ``folder``: over ``bundled`` when its game.yaml extends this game."""
    if not (folder / "game.yaml").is_file():  # missing, a folder or a FIFO: the loader says so
        return Layers(), []
    try:
        game = load(folder / "game.yaml", folder.parent)
    except YamlError:
        return Layers(), []  # the loader reports it when it reads the file itself
    extends = game.data.get("extends") if isinstance(game.data, dict) else None
    if extends is None or folder.resolve() == bundled.resolve():
        return Layers(read=game), []
    if extends != game_id:
        return Layers(read=game), [game.problem(
            ("extends",), f"extends '{extends}', but this folder is the game '{game_id}': a "
            "variant extends its own game", "extends")]
    if not (bundled / "game.yaml").is_file():  # a game of one's own: nothing to extend
        return Layers(read=game), [game.problem(
            ("extends",), f"extends '{extends}', which is this game itself: only a bundled "
            "game can be extended (remove 'extends')", "extends")]
    return Layers(bundled), []
