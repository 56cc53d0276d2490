"""A piece's faces and backs as SVG text, with template mistakes reported where they are.

A template that fails (an undefined name, a syntax error) stops the build with one line
``templates/<game>/<file>:LINE:1: error: MESSAGE (template)`` naming the piece, instead of
a traceback.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Mapping
from typing import Any

import jinja2

from generator.components import LoadedGame
from generator.problems import display_path
from generator.render.datalines import face_location
from generator.render.errors import BuildError
from generator.render.svg import render_face
from generator.render.textfit import TextFitError


def face_svg(loaded: LoadedGame, piece: Any, face: Any, *, side: str, copy: int,
             bleed: float, extra: Mapping[str, Any] | None = None,
             size: tuple[float, float] | None = None) -> str:
    try:
        return render_face(loaded, piece, face, side=side, copy=copy, bleed=bleed,
                           extra=extra, size=size)
    except TextFitError as exc:  # the data is too long: point at the data, not the layout
        found = face_location(loaded, piece, face, exc.text)
        where = f"{found[0]}:{found[1]}:{found[2]}" if found else _template_line(exc)
        raise BuildError(f"{where}: error: {exc} (on the {side} of '{piece.id}' face "
                         f"'{face.id}', drawn at {_template_line(exc)}) (text-fit)") from exc
    except Exception as exc:  # any mistake in a template, also a TypeError on odd data
        where = _template_line(exc)
        text = (exc.message if isinstance(exc, jinja2.TemplateError) else None) or (
            f"{type(exc).__name__}: {exc}")
        raise BuildError(f"{where}: error: {text} while drawing the {side} "
                         f"of '{piece.id}' face '{face.id}' (template)") from exc


def _template_line(exc: BaseException) -> str:
    """PATH:LINE:COL of the template line that failed (Jinja keeps it in the traceback)."""
    if isinstance(exc, jinja2.TemplateSyntaxError) and exc.filename:
        return f"{display_path(exc.filename)}:{exc.lineno}:1"
    for frame, lineno in reversed(list(traceback.walk_tb(sys.exc_info()[2]))):
        name = frame.f_code.co_filename
        if name.endswith(".j2"):
            return f"{display_path(name)}:{lineno}:1"
    return "templates:1:1"
