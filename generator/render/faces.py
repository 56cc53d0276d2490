"""A piece's faces and backs as SVG text, with template mistakes reported where they are.

A template that fails (an undefined name, a syntax error) stops the build with one line
``templates/<game>/<file>:LINE:1: error: MESSAGE (template)`` naming the piece, instead of
a traceback; one the sandbox refuses or stops is ``(template-sandbox)`` or
``(template-limit)``, and its message never echoes Python's internals.
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import Any

import jinja2
from jinja2.exceptions import SecurityError

from generator.data.components import LoadedGame
from generator.files.problems import display_path
from generator.render.datalines import face_location
from generator.render.decoding import Undecodable, check_face
from generator.render.errors import BuildError
from generator.render.facereads import FaceReads, fields_read, signature
from generator.render.images import ImageRefused, ImageUse, embed_images, refers
from generator.render.marks import marked_environment
from generator.render.sandbox import TemplateRefused, budget
from generator.render.svg import face_context, game_environment, reads, render_face
from generator.render.textfit import TextFitError
from generator.render.verdict import unmarked_once, verdict


def face_svg(loaded: LoadedGame, piece: Any, face: Any, *, side: str, copy: int,
             bleed: float, extra: Mapping[str, Any] | None = None,
             size: tuple[float, float] | None = None) -> str:
    return face_svg_and_images(loaded, piece, face, side=side, copy=copy, bleed=bleed,
                               extra=extra, size=size)[0]


def face_svg_and_images(loaded: LoadedGame, piece: Any, face: Any, *, side: str,
                        copy: int, bleed: float, extra: Mapping[str, Any] | None = None,
                        size: tuple[float, float] | None = None
                        ) -> tuple[str, list[ImageUse]]:
    """The face's SVG as printed with its pictures embedded, and those pictures
    (``images``); drawn once per game and process (copies too, unless the template reads
    ``copy``), and from the lint's own drawing (``printed``)."""
    key = (*_key(loaded, piece, face, side, copy, bleed, extra, size), False)  # as printed
    found = loaded.drawn.get(key)
    if found is None:
        found = loaded.drawn[key] = _draw(loaded, piece, face, side=side, copy=copy,
                                          bleed=bleed, extra=extra, size=size)
    return found[0], list(found[1])


def carry_drawings(old: LoadedGame, new: LoadedGame) -> int:
    """Give ``new`` (the game loaded again after a save that changed its data but no
    template or picture: the caller knows) the drawings of ``old`` that cannot differ:
    the same template environment, a template that reads neither the whole model
    (``data``) nor the variant, and the same face, piece, game and size as it sees them.
    The number carried over (a watched deck draws only what the edit changed)."""
    if old.data is None or new.data is None or (
            game_environment(old) is not game_environment(new)):
        return 0
    then = {(piece.id, face.id): (piece, face) for _, piece in old.data.pieces()
            for face in piece.faces}
    now = {(piece.id, face.id): (piece, face) for _, piece in new.data.pieces()
           for face in piece.faces}
    carried = 0
    for key, found in old.drawn.items():
        if len(key) != 8 or key[-1] is not False or key in new.drawn:
            continue  # not an unmarked face drawing (``face_svg_and_images``' key)
        piece_id, face_id, side, copy, bleed, _, size, _ = key
        if (piece_id, face_id) not in now or (piece_id, face_id) not in then:
            continue
        (was, was_face), (piece, face) = then[piece_id, face_id], now[piece_id, face_id]
        name = _template_name(piece, face, side)
        if (name is None or name != _template_name(was, was_face, side)
                or _reads_model(new, name)):
            continue
        seen = [_seen(game, p, f, side, copy, bleed, size)
                for game, p, f in ((old, was, was_face), (new, piece, face))]
        if seen[0] == seen[1]:
            new.drawn[key] = found
            carried += 1
    return carried


def _template_name(piece: Any, face: Any, side: str) -> str | None:
    return (face.back or piece.back) if side == "back" else (face.template or piece.template)


def _reads_model(loaded: LoadedGame, name: str) -> bool:
    key = ("reads model", name)
    if key not in loaded.drawn:
        env = marked_environment(loaded)  # the one a face is drawn with: compiled once
        try:
            loaded.drawn[key] = reads(env, name, "data") or reads(env, name, "variant")
        except Exception:  # noqa: BLE001 - drawing it reports what is wrong, and where
            loaded.drawn[key] = True
    return bool(loaded.drawn[key])


def _seen(loaded: LoadedGame, piece: Any, face: Any, side: str, copy: int, bleed: float,
          size: tuple[float, float] | None) -> dict[str, Any]:
    """What a template that reads neither ``data`` nor ``variant`` is given."""
    context = face_context(loaded, piece, face, side=side, copy=copy, bleed=bleed)
    del context["data"], context["variant"]
    if size is not None:
        context["w"], context["h"] = size
    return context


def marked_svg(loaded: LoadedGame, piece: Any, face: Any, *, side: str, copy: int,
               bleed: float, extra: Mapping[str, Any] | None,
               size: tuple[float, float] | None, marked: jinja2.Environment) -> str:
    """The face drawn with the lint's environment (``marked``), as its template wrote it
    (pictures not embedded): drawn once per game and process, for ``validate``'s check
    and the lint alike."""
    key = ("marked", id(marked), *_key(loaded, piece, face, side, copy, bleed, extra, size))
    if key not in loaded.drawn:
        drawing: dict[str, Any] = {"side": side, "copy": copy, "bleed": bleed,
                                   "extra": extra, "size": size, "env": marked}
        loaded.drawn[key] = (render_face(loaded, piece, face, **drawing)
                             if isinstance(key[3], tuple)  # it reads no ``face``
                             else _by_fields_read(loaded, piece, face, key, drawing))
    return str(loaded.drawn[key])


def _by_fields_read(loaded: LoadedGame, piece: Any, face: Any, key: tuple[Any, ...],
                    drawing: dict[str, Any]) -> str:
    """The face drawn by a template that reads ``face`` (``key``: its marked drawing's):
    the drawing of an earlier face of the piece equal to it at every field that drawing
    read, with the same template, side, copy and sizes (a template's path through its
    code depends only on what it reads, so equal reads draw the same text); else drawn
    with a view that notes what it reads (``facereads``). A drawing that used the face
    whole, or failed, is drawn again as before (its text and its error are that one's),
    and the template's faces are then drawn each on its own."""
    which = ("fields read", key[1], key[2], _template_name(piece, face, drawing["side"]),
             *key[4:])
    known = loaded.drawn.get(which, {})
    if known is None:
        return render_face(loaded, piece, face, **drawing)
    values = piece.face_context(face)
    for fields, drawn in known.items():
        found = drawn.get(signature(values, fields))
        if found is not None:
            return str(found)
    view = FaceReads(piece.face_context(face))  # its own copy: a template may change it
    try:
        svg = render_face(loaded, piece, face, fields=view, **drawing)
        fields = fields_read(view)
    except TemplateRefused as exc:
        if exc.rule == "template-limit":  # stopped: not run again (it spent its time)
            loaded.drawn[which] = None
            raise
        fields = None  # refused: drawn again below (the view's own names are refused)
    except Exception:  # noqa: BLE001 - drawn again below, for its own error
        fields = None
    if fields is None:
        loaded.drawn[which] = None
        return render_face(loaded, piece, face, **drawing)
    loaded.drawn[which] = known
    read = signature(values, fields)
    if read is not None:  # plain data at every field read
        known.setdefault(fields, {})[read] = svg
    return svg


def drawn_marked(loaded: LoadedGame, piece: Any, face: Any, *, side: str, copy: int,
                 bleed: float, extra: Mapping[str, Any] | None = None,
                 size: tuple[float, float] | None = None) -> str | None:
    """The lint's marked drawing of the face if it has been drawn (never draws it)."""
    key = ("marked", id(marked_environment(loaded)),
           *_key(loaded, piece, face, side, copy, bleed, extra, size))
    found = loaded.drawn.get(key)
    return found if isinstance(found, str) else None


def _key(loaded: LoadedGame, piece: Any, face: Any, side: str, copy: int, bleed: float,
         extra: Mapping[str, Any] | None, size: tuple[float, float] | None
         ) -> tuple[Any, ...]:
    """What tells one drawing of a face from another: copies alike unless the template
    reads ``copy``, the faces of a piece alike unless it reads ``face`` (the one name
    in its context that differs from face to face: a piece's backs, say, drawn once),
    and a face's front and back alike when one template draws both and reads no ``side``
    (a token printed the same on both sides, drawn once)."""
    name = (face.back or piece.back) if side == "back" else (face.template or piece.template)
    which = face.id if _reads(loaded, name, "face") else ("any face drawn by", name)
    if side == "back" and name == (face.template or piece.template) and not _reads(
            loaded, name, "side"):
        side = "front"  # the same drawing as the front's
    return (piece.id, which, side, copy if _reads(loaded, name, "copy") else 0, bleed,
            repr(sorted((extra or {}).items())), size)


def reads_copy(loaded: LoadedGame, name: str | None) -> bool:
    """Whether the template reads ``copy`` (if not, its copies are drawn once)."""
    return _reads(loaded, name, "copy")


def _reads(loaded: LoadedGame, name: str | None, variable: str) -> bool:
    """Whether template ``name`` may read ``variable``; asked once per game loaded, so an
    edited template is seen by the next load."""
    key = (f"reads {variable}", name)
    if key not in loaded.drawn:
        try:
            loaded.drawn[key] = name is None or reads(marked_environment(loaded), name,
                                                      variable)
        except Exception:  # noqa: BLE001 - drawing it reports what is wrong, and where
            loaded.drawn[key] = True
    return bool(loaded.drawn[key])


def printed(loaded: LoadedGame, piece: Any, face: Any, *, side: str, copy: int,
            bleed: float, extra: Mapping[str, Any] | None,
            size: tuple[float, float] | None) -> str:
    """The face as its template draws it for print: the lint's marked drawing with the marks
    taken off (``render.marks``), so each template is compiled and each face drawn once for
    both; drawn without marks when that fails or leaves anything like a mark behind (that
    drawing's verdict and error are the build's)."""
    drawing: dict[str, Any] = {"side": side, "copy": copy, "bleed": bleed, "extra": extra,
                               "size": size}
    try:
        plain = unmarked_once(loaded, marked_svg(loaded, piece, face,
                                                 marked=marked_environment(loaded), **drawing))
    except Exception:  # noqa: BLE001 - drawn again without marks, whose error is reported
        plain = None
    return plain if plain is not None else render_face(loaded, piece, face, **drawing)


def _draw(loaded: LoadedGame, piece: Any, face: Any, *, side: str, copy: int, bleed: float,
          extra: Mapping[str, Any] | None, size: tuple[float, float] | None
          ) -> tuple[str, list[ImageUse]]:
    try:
        svg = printed(loaded, piece, face, side=side, copy=copy, bleed=bleed, extra=extra,
                      size=size)
    except TextFitError as exc:  # the data is too long: point at the data, not the layout
        found = face_location(loaded, piece, face, exc.text)
        where = f"{found.path}:{found.where}" if found else _template_line(exc)
        raise BuildError(f"{where}: error: {exc} (on the {side} of '{piece.id}' face "
                         f"'{face.id}', drawn at {_template_line(exc)}) (text-fit)") from exc
    except Exception as exc:  # any mistake in a template, also a TypeError on odd data
        where = _template_line(exc)
        raise BuildError(f"{where}: error: {_message(exc)} while drawing the {side} "
                         f"of '{piece.id}' face '{face.id}' ({_rule(exc)})") from exc
    drawing: dict[str, Any] = {"side": side, "copy": copy, "bleed": bleed, "extra": extra,
                               "size": size}
    try:  # what cairo will parse: no DTD, no entities, bounded depth
        check_face(svg, judged=partial(_judged, loaded, piece, face, drawing))
    except Undecodable as exc:
        raise BuildError(f"{template_file(loaded, piece, face, side)}:1:1: error: the {side} "
                         f"of '{piece.id}' face '{face.id}' {exc.message} (template-svg)"
                         ) from None
    if not refers(svg):
        return svg, []  # no picture to decode: nothing to bound
    try:
        with budget():  # decoding its pictures is part of drawing the face
            return embed_images(svg, loaded.folder)
    except TemplateRefused as exc:
        raise BuildError(f"{template_file(loaded, piece, face, side)}:1:1: error: "
                         f"{exc.message} while checking the pictures of the {side} of "
                         f"'{piece.id}' face '{face.id}' (template-limit)") from None
    except ImageRefused as exc:
        where = _href_line(loaded, piece, face, side, exc.href)
        raise BuildError(f"{where}: error: {exc.message} while drawing the {side} of "
                         f"'{piece.id}' face '{face.id}' (template-image)") from None


def _judged(loaded: LoadedGame, piece: Any, face: Any, drawing: dict[str, Any],
            svg: str) -> None:
    """``parse(svg)``'s refusal, for ``check_face``: by the verdict on the lint's marked
    drawing, whose tree is kept for the lint (``verdict``: each face parsed once)."""
    refused = verdict(loaded, svg, drawn_marked(loaded, piece, face, **drawing))
    if refused is not None:
        raise Undecodable(refused)


def _href_line(loaded: LoadedGame, piece: Any, face: Any, side: str, href: str) -> str:
    """The template line that names the picture (else the first ``href``, else line 1)."""
    name = (face.back or piece.back) if side == "back" else (face.template or piece.template)
    env = game_environment(loaded)
    filename = template_file(loaded, piece, face, side)
    try:  # the text the template was compiled from, read again the confined way
        lines = env.loader.get_source(env, name)[0].splitlines() if env.loader else []
    except (jinja2.TemplateError, UnicodeDecodeError):
        lines = []
    for needle in (href, "href"):
        for number, line in enumerate(lines, start=1):
            if needle and needle in line:
                return f"{filename}:{number}:{line.index(needle) + 1}"
    return f"{filename}:1:1"


def template_file(loaded: LoadedGame, piece: Any, face: Any, side: str) -> str:
    """The template that draws this side, as the user sees its path (looked up once per
    game loaded and folder: every placed copy names its template; read off the
    environment its faces are drawn with, so the template is compiled once)."""
    name = str((face.back or piece.back) if side == "back" else (face.template or piece.template))
    key = ("template file", name, os.getcwd())
    if key not in loaded.drawn:
        try:
            filename = marked_environment(loaded).get_template(name).filename
        except Exception:  # noqa: BLE001 - the render error already names what is wrong
            filename = None
        loaded.drawn[key] = display_path(filename) if filename else name
    return str(loaded.drawn[key])


def _message(exc: Exception) -> str:
    if isinstance(exc, SecurityError):  # its own text names Python objects: not echoed
        return "the template did something templates may not do (they run in a sandbox)"
    if isinstance(exc, TemplateRefused | jinja2.TemplateError) and exc.message:
        return exc.message
    return f"{type(exc).__name__}: {exc}"


def _rule(exc: Exception) -> str:
    if isinstance(exc, TemplateRefused):
        return exc.rule
    return "template-sandbox" if isinstance(exc, SecurityError) else "template"


def _template_line(exc: BaseException) -> str:
    """PATH:LINE:COL of the template line that failed (Jinja keeps it in the traceback)."""
    if isinstance(exc, jinja2.TemplateSyntaxError) and exc.filename:
        return f"{display_path(exc.filename)}:{exc.lineno}:1"
    for frame, lineno in reversed(list(traceback.walk_tb(sys.exc_info()[2]))):
        name = frame.f_code.co_filename
        if name.endswith(".j2"):
            return f"{display_path(name)}:{lineno}:1"
    path = getattr(exc, "path", None)
    return f"{display_path(path)}:1:1" if isinstance(path, Path) else "templates:1:1"
