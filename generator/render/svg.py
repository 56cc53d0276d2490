"""Jinja2 SVG templates: one sandboxed environment per game, autoescaped, strict about
undefined names, every render bounded in time, memory and size (see ``sandbox``).

Every template is rendered with the same context (see ``face_context``), so a template can
rely on: ``face`` (the face's fields), ``piece`` (the piece's fields, no faces), ``w``,
``h`` (trim size, mm), ``bleed`` (mm), ``side`` ("front"/"back"), ``copy`` (1-based),
``game`` (game.yaml) and ``data`` (the whole validated game model, for boards and aids).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Mapping
from functools import lru_cache, partial
from pathlib import Path
from types import CodeType
from typing import Any

import jinja2
from jinja2.loaders import split_template_path

from generator.data.components import BUNDLED_TEMPLATES, LoadedGame
from generator.files.confined import FileMissing, FileRefused, read_versioned
from generator.render.bytecode import CompiledTemplates
from generator.render.cachedir import cache_root
from generator.render.pagewords import FIELD
from generator.render.sandbox import DeckSandbox, TemplateRefused, budget, render_bounded
from generator.render.textfit import fit

Folder = Path | tuple[Path, str]  # a folder, or (a trusted root, a folder below it)
MAX_TEMPLATE_BYTES = 1_000_000


class ConfinedLoader(jinja2.BaseLoader):
    """Templates only from inside their trees (``confined``): a link anywhere on the way
    (a ``templates`` folder or a file that leads out, to a secret the template would print)
    and a file that is not a regular one (a FIFO, a device) are refused, never skipped."""

    def __init__(self, folders: tuple[Folder, ...]) -> None:
        self.folders = [(f, "") if isinstance(f, Path) else f for f in folders]
        self.sources: dict[str, str] = {}  # a template's name -> the source last read

    def get_source(self, environment: jinja2.Environment,
                   template: str) -> tuple[str, str, Callable[[], bool]]:
        name = "/".join(split_template_path(template))
        for root, below in self.folders:
            relative = f"{below}/{name}" if below else name
            try:
                source, status = read_versioned(root, relative, MAX_TEMPLATE_BYTES)
            except FileMissing:
                continue
            except FileRefused as exc:
                raise TemplateRefused(f"template '{template}': {exc.reason}",
                                      "template-sandbox", path=root / relative) from None
            if len(source) > MAX_TEMPLATE_BYTES:
                raise TemplateRefused(f"template '{template}' is larger than "
                                      f"{MAX_TEMPLATE_BYTES} bytes", path=root / relative)
            text = self.sources[template] = source.decode("utf-8")
            return (text, str(root / relative),
                    partial(_unchanged, os.path.join(root, relative), status.st_mtime_ns))
        raise jinja2.TemplateNotFound(template)


def _unchanged(path: str, mtime: int) -> bool:
    """Asked by Jinja before each use of a compiled template (every face, every import):
    a plain ``lstat`` of the path joined once will do, since a changed file is read again
    the confined way."""
    try:
        return os.stat(path, follow_symlinks=False).st_mtime_ns == mtime
    except OSError:
        return False


@lru_cache(maxsize=32)
def environment(search_path: tuple[Folder, ...]) -> jinja2.Environment:
    """The one place a template environment is made: bundled and user templates alike."""
    env = DeckSandbox(
        loader=ConfinedLoader(search_path),
        autoescape=True,  # text from data can never break the SVG
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
        # Jinja's constant folding is a tenth of compiling a template and saves its render
        # nothing measurable: the same output without it
        optimized=False,
        bytecode_cache=CompiledTemplates(cache_root()),  # compiled once, not per process
    )
    env.filters["mm"] = mm
    env.globals["fit"] = fit  # data text in a box: shrink, wrap, or a located error
    env.filters["fill"] = fill
    return env


MILLIMETRES: dict[float, str] = {}  # a number -> its text as ``mm`` prints it
MILLIMETRES_MAX = 65_536


def mm(value: Any) -> str:
    """A length as a face prints it: to the micrometre, no trailing zeros (``12.5``). A
    face prints the same few hundred numbers thousands of times: each number's text is
    kept (0 is not looked up: ``-0.0`` prints as ``-0``, ``0.0`` as ``0``, and they are
    equal keys)."""
    number = float(value)
    found = MILLIMETRES.get(number) if number else None
    if found is None:
        found = f"{number:.3f}".rstrip("0").rstrip(".")
        if number and number == number and len(MILLIMETRES) < MILLIMETRES_MAX:  # not 0, NaN
            MILLIMETRES[number] = found
    return found


STATEMENT = re.compile(r"\{%.*?%\}", re.DOTALL)
REFERENCE = re.compile(r"\b(?:extends|include|import|from)\b")
LITERAL = re.compile(r"\s*(?P<q>[\"'])(?P<name>[^\"']+)(?P=q)")


def fill(text: str, **values: Any) -> str:
    """A printed text from the data with its ``{name}`` fields filled from the data's
    numbers (``"+{bonus} to final Prosperity" | fill(bonus=20)``). Only plain names:
    a text can never reach into the model; an unknown name is an error, not a blank."""
    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in values:
            raise ValueError(f"the text '{text}' has a field {{{name}}} this piece does not "
                             f"fill (it fills: {', '.join(sorted(values)) or 'none'})")
        return str(values[name])
    return FIELD.sub(value, str(text))


def game_environment(loaded: LoadedGame) -> jinja2.Environment:
    """Game templates by bare name; shared ones as ``_shared/...``. The folders are made
    absolute: environments are cached by their search path, and ``--components .`` in two
    different folders must not share one (nor its compiled templates). Asked for every
    face: the search path is kept with the loaded game, per working directory (the same
    path objects, whose hashes Python keeps)."""
    key = ("search path", os.getcwd())
    if key not in loaded.drawn:
        tree = Path(os.path.abspath(loaded.folder.parent))
        own: Folder = (tree, f"{loaded.folder.name}/templates")
        loaded.drawn[key] = (own, *(Path(os.path.abspath(p)) for p in loaded.template_dirs()[1:]))
    return environment(loaded.drawn[key])


def face_context(loaded: LoadedGame, piece: Any, face: Any, *, side: str, copy: int,
                 bleed: float, extra: Mapping[str, Any] | None = None,
                 fields: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """What a template is given; ``fields`` stands for the face's fields when given (a
    view that notes what the template reads of them, ``facereads``)."""
    w, h = piece.size_mm
    return {**(extra or {}),
        "face": piece.face_context(face) if fields is None else fields,
        "piece": piece.model_dump(mode="json", exclude={"faces"}),
        "w": w, "h": h, "bleed": bleed, "side": side, "copy": copy,
        "game": loaded.data.game.model_dump(mode="json"),
        "data": loaded.data,
        "variant": variant_context(loaded),
    }


def variant_context(loaded: LoadedGame) -> dict[str, Any] | None:
    """The declared variant as printed on the contents page and the player aids, so the
    players at the table know what differs from the rulebook."""
    variant = loaded.data.game.variant
    if variant is None:
        return None
    return {"name": variant.name, "notes": variant.notes, "changes": loaded.variant_changes}


def reads(env: jinja2.Environment, name: str, variable: str, depth: int = 0) -> bool:
    """Whether template ``name`` (or one it extends, includes or imports) may read
    ``variable``: its compiled code names it (Jinja looks a name up in the context by its
    string, ``resolve('copy')``; a comment compiles to nothing), and a template named by an
    expression counts too. Erring on "yes" only costs drawing again."""
    if depth > 20 or env.loader is None:
        return True
    template = env.get_template(name)
    if variable in compiled_names(template):
        return True
    return any(named is None or reads(env, named, variable, depth + 1)
               for named in _references(env, template))


@lru_cache(maxsize=256)
def _references(env: jinja2.Environment, template: jinja2.Template) -> tuple[str | None, ...]:
    """The templates ``template`` extends, includes or imports by name, None for one named
    by an expression; read from its source once per compiled template (an edited file is
    compiled again, so asked again): the source the loader read to load it (Jinja reads
    it for every load, the compiled code kept or not), or else read again."""
    if env.loader is None or template.name is None:
        return (None,)  # nowhere to read it from: it may read anything
    kept = getattr(env.loader, "sources", {}).get(template.name)
    source = kept if kept is not None else env.loader.get_source(env, template.name)[0]
    found: list[str | None] = []
    for statement in STATEMENT.findall(source):
        for keyword in REFERENCE.finditer(statement):
            named = LITERAL.match(statement, keyword.end())
            found.append(None if named is None else named["name"])
    return tuple(found)


@lru_cache(maxsize=256)
def compiled_names(template: jinja2.Template) -> frozenset[str]:
    """Every string constant of the template's compiled code (its macros' and blocks' as
    well) and every name its locals stand for (``l_1_face`` for ``face``): a superset of
    the context names it can look up, found without lexing its source again."""
    codes = [template.root_render_func.__code__,
             *(block.__code__ for block in template.blocks.values())]
    found: set[str] = set()
    while codes:
        code = codes.pop()
        found.update(local.split("_", 2)[-1] for local in
                     (*code.co_varnames, *code.co_cellvars, *code.co_freevars)
                     if local.startswith("l_"))
        constants = list(code.co_consts)
        while constants:
            constant = constants.pop()
            if isinstance(constant, str):
                found.add(constant)
            elif isinstance(constant, CodeType):
                codes.append(constant)
            elif isinstance(constant, tuple | frozenset):
                constants.extend(constant)
    return frozenset(found)


def render_face(loaded: LoadedGame, piece: Any, face: Any, *, side: str = "front",
                copy: int = 1, bleed: float = 3.0, extra: Mapping[str, Any] | None = None,
                size: tuple[float, float] | None = None,
                env: jinja2.Environment | None = None,
                fields: Mapping[str, Any] | None = None) -> str:
    """The SVG text of one face (or back) of a piece. ``extra`` adds names to the context
    (a die's ``value`` and ``index``); ``size`` overrides ``w``, ``h`` (a die's square);
    ``env`` draws with another environment than the game's (the lint's marked one);
    ``fields`` stands for the face's fields (see ``face_context``)."""
    name = (face.back or piece.back) if side == "back" else (face.template or piece.template)
    if name is None:
        raise ValueError(f"piece '{piece.id}' has no {side} template")
    context = face_context(loaded, piece, face, side=side, copy=copy, bleed=bleed, extra=extra,
                           fields=fields)
    if size is not None:
        context["w"], context["h"] = size
    env = env or game_environment(loaded)
    template = env.get_template(name)  # compiled outside the budget
    with budget():  # (a cold cache must not spend a face's time): the drawing is bounded
        return render_bounded(template, context)


PAGES: dict[tuple[jinja2.Template, str], str] = {}  # (template, context as JSON) -> SVG
PAGES_MAX = 512


def page_svg(template: str, **context: Any) -> str:
    """A generator page (contents, registration test, labels) from ``templates/_shared``;
    drawn once per template (as compiled now) and context given as plain data: a rebuild,
    and every game of a build on the same paper, draw the registration test page once."""
    page = environment((BUNDLED_TEMPLATES,)).get_template(template)
    try:
        key = (page, json.dumps(context, sort_keys=True, allow_nan=False))
    except (TypeError, ValueError):  # not plain data: drawn every time
        key = None
    if key is not None and key in PAGES:
        return PAGES[key]
    with budget():
        svg = render_bounded(page, context)
    if key is not None:
        if len(PAGES) >= PAGES_MAX:
            PAGES.clear()
        PAGES[key] = svg
    return svg
