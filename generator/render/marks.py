"""Faces drawn once for the lint and the PDF alike: template lines marked, then taken off.

The lint reads each face with every ``<text`` and ``<image`` tag of its template carrying
``data-src="FILE:LINE"``, so a finding points at the template line that drew it. The
build prints the very same drawing with those marks taken off (``unmarked``), so each
template is compiled and each face drawn once per process, not once for the PDF and again
for the lint.

Marks go only into the template's own text (Jinja's data tokens), never into a string,
an expression or a comment, and not into text a ``{% set %}`` or ``{% filter %}`` block
captures (a template may measure or change that text before it prints it): what the
template prints differs from its unmarked drawing only by the marks. Taking them off is
exact; a drawing in which anything like a mark is left over (a template that upper-cases
a macro's output, say) is not used for print: the face is drawn again without marks.
One case is not caught: a template that measures a macro's drawn output (its ``length``)
measures the marks too, so what it computes from that differs from its unmarked drawing
(the same bytes on every build all the same). No bundled template does; every bundled
game prints the bytes it printed when faces were drawn without marks.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from functools import lru_cache

import jinja2
from jinja2.ext import Extension
from jinja2.lexer import Token, TokenStream

from generator.data.components import LoadedGame
from generator.render.drawn import SOURCE_ATTR
from generator.render.svg import game_environment

TAG = re.compile(r"<(text|image)(?=[\s>/])")
MARK = re.compile(rf'<(text|image) {SOURCE_ATTR}="[^"<>]*"')
LEFT_OVER = re.compile(SOURCE_ATTR, re.IGNORECASE)
UNSAFE = re.compile(r"[{}%#\"<>&\\]")
CLOSING = frozenset({"endfilter", "endset"})  # a block whose text was captured ends


class SourceLines(Extension):
    """Marks each ``<text``/``<image`` tag of the template's text with its file and line.
    The file is absolute (the lint shows it relative to the working directory when it reads
    the drawing): the compiled template is the same in every folder, so it can be kept."""

    same_in_every_folder = True  # read by ``render.bytecode``: no working directory in the key

    def filter_stream(self, stream: TokenStream) -> Iterator[Token]:
        where = os.path.abspath(stream.filename) if stream.filename else (
            stream.name or "template")
        where = UNSAFE.sub("_", where)  # a folder named "{{ x }}" must not become markup
        captured = 0  # how deep inside {% set %}...{% endset %} or {% filter %} blocks
        statement: list[Token] | None = None  # the tokens of the {% ... %} being read
        for token in stream:
            if token.type == "data" and not captured:
                token = Token(token.lineno, "data", _marked(token.value, token.lineno, where))
            elif token.type == "block_begin":
                statement = []
            elif token.type == "block_end" and statement:
                captured += _capture_change(statement)
                statement = None
            elif statement is not None:
                statement.append(token)
            yield token


def _marked(text: str, lineno: int, where: str) -> str:
    def mark(match: re.Match[str]) -> str:
        line = lineno + text.count("\n", 0, match.start())
        return f'<{match[1]} {SOURCE_ATTR}="{where}:{line}"'
    return TAG.sub(mark, text)


def _capture_change(statement: list[Token]) -> int:
    """+1 when the statement opens a block whose text is captured, -1 when it closes one."""
    first = statement[0].value if statement[0].type == "name" else ""
    if first in CLOSING:
        return -1
    block_set = first == "set" and not any(t.type == "assign" for t in statement)
    return 1 if first == "filter" or block_set else 0


def marked_environment(loaded: LoadedGame) -> jinja2.Environment:
    """The game's environment with its template lines marked: one per game environment,
    so every use in a process shares its compiled templates."""
    return _marked_overlay(game_environment(loaded))


@lru_cache(maxsize=32)
def _marked_overlay(base: jinja2.Environment) -> jinja2.Environment:
    return base.overlay(extensions=[SourceLines], cache_size=400)


def unmarked(svg: str) -> str | None:
    """The drawing with its marks taken off, as the unmarked template draws it; None when
    something like a mark is left over (then it must be drawn without marks)."""
    plain = MARK.sub(_tag, svg)
    return None if LEFT_OVER.search(plain) else plain


def _tag(mark: re.Match[str]) -> str:
    """A mark's tag without it (a function: ``re`` expands a template's ``\\1`` in Python
    for each mark, in about twice the time)."""
    return "<" + mark[1]
