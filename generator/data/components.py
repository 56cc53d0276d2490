"""Load one game's component tree: YAML files → one validated model, or located problems.

The single loader every command uses. Steps: read ``game.yaml``; read every file it lists
(and complain about YAML files it does not list); validate the whole tree with the game's
model; check that every template a piece names exists. Nothing here raises on bad data:
all problems are collected and returned, located.
"""

from __future__ import annotations

import os
import re
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from generator.data.overlay import Layers, layers_for
from generator.data.yamlsrc import Loc, Source, YamlError
from generator.files.bundled import BUNDLED_COMPONENTS, BUNDLED_TEMPLATES
from generator.files.confined import kind_of
from generator.files.problems import ERROR, Problem, display_path
from generator.schema import GameData

__all__ = ["BUNDLED_COMPONENTS", "BUNDLED_TEMPLATES", "RULES_FILE", "LoadedGame", "game_folder",
           "load_game"]
MISSING = "file not found"
RULES_FILE = "rules.yaml"  # beside game.yaml: makes a game of one's own playable (rulesfile)
FILE_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*\.(yaml|xlsx|csv)$")  # componentfile.load reads each


@dataclass
class LoadedGame:
    game_id: str
    folder: Path
    data: Any = None  # the game's GameData subclass instance when valid
    sources: dict[str, Source] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    variant_changes: list[str] = field(default_factory=list)  # "rule: rulebook -> deck"
    # faces drawn so far (render.faces): a build draws each face for every paper and the
    # lint after it; the same face, side, copy and bleed always draw the same SVG
    drawn: dict[tuple[Any, ...], Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def ok(self) -> bool:
        return self.data is not None and not any(p.severity == ERROR for p in self.problems)

    def template_dirs(self) -> list[Path]:
        """Where this game's templates are looked up, first match wins."""
        return [self.folder / "templates", BUNDLED_TEMPLATES / self.game_id, BUNDLED_TEMPLATES]


def game_folder(game_id: str, user_dir: Path | None) -> Path:
    """A game in the user's tree replaces the bundled game of that id (a ``game.yaml``
    there that is not a file is reported by the loader, never skipped)."""
    if user_dir is not None and os.path.lexists(user_dir / game_id / "game.yaml"):
        return user_dir / game_id
    return BUNDLED_COMPONENTS / game_id


def tree_mistake(user_dir: Path) -> str | None:
    """A ``--components`` folder that is itself one game's folder, or holds no game folder
    at all, would silently check the bundled games: say so, and which folder to pass."""
    if os.path.lexists(user_dir / "game.yaml"):
        parent = display_path(user_dir.resolve().parent)
        return (f"'{user_dir}' is a game's own folder (it holds game.yaml): pass the folder "
                f"that holds it, --components {parent}")
    if not any(child.is_dir() for child in user_dir.iterdir()):
        return (f"'{user_dir}' holds no game folder (a folder with a game.yaml); without "
                "--components the bundled games are used")
    return None


def load_game(game_id: str, model: type[GameData], folder: Path) -> LoadedGame:
    loaded = LoadedGame(game_id, folder)
    layers, problems = layers_for(folder, game_id, BUNDLED_COMPONENTS / game_id)
    loaded.problems.extend(problems)
    game_src = _read(loaded, "game", folder / "game.yaml", layers)
    if game_src is None:
        return loaded
    tree: dict[str, Any] = {"game": game_src.data}
    failed: set[str] = set()  # files that could not be read: their other checks wait
    listed = game_src.data.get("components") if isinstance(game_src.data, dict) else None
    for i, name in enumerate(listed if isinstance(listed, list) else []):
        stem = _component_stem(loaded, game_src, i, name)
        if stem is not None:
            src = _read(loaded, stem, folder / name, layers)
            if src is None:
                failed.add(stem)
            else:
                tree[stem] = src.data
    _unlisted_files(loaded, listed if isinstance(listed, list) else [])
    try:
        data = model.model_validate(tree)
    except ValidationError as exc:
        found = _schema_problems(exc, model, loaded.sources, failed)
        if not found and not failed:  # every complaint was some union's other branch
            found = _schema_problems(exc, model, loaded.sources, failed, every=True)
        loaded.problems.extend(found)
        return loaded
    loaded.problems.extend(_missing_templates(loaded, data))
    if data.game.id != game_id:
        loaded.problems.append(game_src.problem(("id",), f"game id '{data.game.id}' does not "
                                                f"match its folder '{game_id}'", "game-id"))
    if not loaded.problems:
        loaded.data = data
    return loaded


def _read(loaded: LoadedGame, stem: str, path: Path, layers: Layers) -> Source | None:
    if not layers.exists(path):  # never opened: a FIFO would wait for ever, a device is endless
        message = _not_a_file(path)
        loaded.problems.append(Problem(display_path(path), 1, 1, ERROR, message,
                                       "file-missing" if message == MISSING else "file-kind"))
        return None
    if path.is_file() and not path.resolve().is_relative_to(loaded.folder.resolve()):
        loaded.problems.append(Problem(display_path(path), 1, 1, ERROR, "this is a link to "
                                       "a file outside the game's folder", "file-kind"))
        return None
    try:
        src = layers.load(path)
    except YamlError as exc:
        loaded.problems.append(exc.problem)
        return None
    loaded.sources[stem] = src
    loaded.problems.extend(src.problems)
    if not isinstance(src.data, dict):
        loaded.problems.append(src.problem((), "expected a mapping of keys at the top level",
                                           "schema"))
        return None
    return src


def _not_a_file(path: Path) -> str:
    try:
        mode = path.stat().st_mode
    except OSError:
        return MISSING
    return f"this is {kind_of(mode)}, not a YAML file"


def _component_stem(loaded: LoadedGame, game_src: Source, i: int, name: object) -> str | None:
    loc: Loc = ("components", i)
    if not isinstance(name, str) or not FILE_NAME.match(name):
        loaded.problems.append(game_src.problem(
            loc, f"'{name}' is not a plain file name in this folder "
            "(lower-case, ending in .yaml, .xlsx or .csv, no folders)", "file-reference"))
        return None
    stem = name.rsplit(".", 1)[0].replace("-", "_")
    if stem == "game" or stem in loaded.sources:
        loaded.problems.append(game_src.problem(loc, f"'{name}' is listed twice",
                                                "file-reference"))
        return None
    return stem


def _unlisted_files(loaded: LoadedGame, listed: list[Any]) -> None:
    for path in sorted(p for p in loaded.folder.glob("*.*") if FILE_NAME.match(p.name)):
        if path.name not in ("game.yaml", RULES_FILE) and path.name not in listed:
            loaded.problems.append(Problem(
                display_path(path), 1, 1, ERROR,
                "file is not listed in game.yaml 'components' (add it, or remove the file)",
                "file-reference"))


def _schema_problems(exc: ValidationError, model: type[BaseModel],
                     sources: dict[str, Source], failed: set[str],
                     every: bool = False) -> list[Problem]:
    problems = []
    errors = exc.errors(include_url=False)
    for err in errors:
        if (not every and _other_branch(err, errors)) or (err["loc"] and err["loc"][0] in failed):
            continue
        loc = tuple(err["loc"])
        stem = str(loc[0]) if loc else "game"
        source = sources.get(stem, sources["game"])
        rest = _clean_loc(loc[1:]) if stem in sources else ()
        message, key = _message(err, model, loc, rest, stem in sources)
        problems.append(source.problem(rest, message, "schema", key=key))
    return problems


def _other_branch(err: Any, errors: list[Any]) -> bool:
    """A union's branch that plainly was not meant (a name offered where a mapping is given,
    or the reverse): report only the other branch's complaint."""
    kind, value = err["type"], err["input"]
    if _clean_loc(tuple(err["loc"])) == tuple(err["loc"]):
        return False  # not inside a union: always a real complaint
    if kind in ("literal_error", "string_type", "int_type", "float_type") and isinstance(
            value, (dict, list)):
        return True
    if kind in ("model_type", "dict_type", "model_attributes_type", "list_type"):
        here = _clean_loc(tuple(err["loc"]))
        return any(e is not err and _clean_loc(tuple(e["loc"]))[:len(here)] == here
                   for e in errors)
    return False


def _clean_loc(loc: tuple[Any, ...]) -> Loc:
    """Drop pydantic's union/tag markers (``'Size'``, ``'literal[...]'``) from a location."""
    out: list[str | int] = []
    for part in loc:
        if isinstance(part, str) and (part[:1].isupper() or "[" in part or "-" in part
                                      and part.startswith(("function", "json"))):
            continue
        out.append(part)
    return tuple(out)


def _message(err: Any, model: type[BaseModel], loc: tuple[Any, ...], rest: Loc,
             in_file: bool) -> tuple[str, bool]:
    kind = err["type"]
    name = ".".join(str(p) for p in rest) or "(top level)"
    if not in_file and loc:
        return f"component file for '{loc[0]}' is missing from 'components'", False
    if kind == "extra_forbidden":
        allowed = _allowed_keys(model, _clean_loc(loc[:-1]))
        from difflib import get_close_matches  # only for a hint

        hint = get_close_matches(str(loc[-1]), allowed, n=1, cutoff=0.6)
        tail = f"; did you mean '{hint[0]}'?" if hint else (
            f"; allowed: {', '.join(sorted(allowed))}" if allowed else "")
        return f"unknown key '{loc[-1]}'{tail}", True
    if kind == "missing":
        return f"missing required key '{rest[-1] if rest else loc[-1]}'", False
    msg = str(err["msg"])
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    return f"{name}: {msg}", False


def _allowed_keys(model: Any, loc: tuple[Any, ...]) -> list[str]:
    """Best effort: the field names of the model found at ``loc``, for "did you mean"."""
    current: Any = model
    for part in loc:
        current = _step(current, part)
        if current is None:
            return []
    current = _unwrap(current)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return list(current.model_fields)
    return []


def _unwrap(tp: Any) -> Any:
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        models = [a for a in typing.get_args(tp) if isinstance(a, type)
                  and issubclass(a, BaseModel)]
        return models[0] if len(models) == 1 else tp
    if origin is typing.Annotated:
        return _unwrap(typing.get_args(tp)[0])
    return tp


def _step(current: Any, part: Any) -> Any:
    current = _unwrap(current)
    if isinstance(part, int):
        args = typing.get_args(current)
        return args[0] if args else None
    if isinstance(current, type) and issubclass(current, BaseModel):
        info = current.model_fields.get(part)
        return info.annotation if info else None
    if typing.get_origin(current) is dict:
        return typing.get_args(current)[1]
    return None


def _missing_templates(loaded: LoadedGame, data: GameData) -> list[Problem]:
    problems = []
    dirs = loaded.template_dirs()
    for (file_stem, *rest), piece in data.pieces():
        stem = str(file_stem)
        refs: list[tuple[Loc, str | None]] = [(("template",), piece.template),
                                              (("back",), piece.back)]
        for j, face in enumerate(piece.faces):
            refs += [(("faces", j, "template"), face.template),
                     (("faces", j, "back"), face.back)]
        for sub, name in refs:
            # a template that is there but is not a file (a FIFO, a link) is not passed
            # over for a bundled one of the same name: the loader says what it is
            if name and not any(os.path.lexists(d / name) for d in dirs):
                problems.append(loaded.sources[stem].problem(
                    tuple(rest) + sub, f"template '{name}' not found in "
                    f"{', '.join(display_path(d) for d in dirs[1:])}", "template-missing"))
    return problems
