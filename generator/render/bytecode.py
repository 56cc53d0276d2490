"""Compiled templates kept on disk, so a process does not compile every template again.

Compiling the templates is about a fifth of a cold ``validate`` and of a build's template
step, and every process (each command, each worker) used to pay it. Jinja2's own bytecode
cache keys an entry by the template's name and file and checks its source, but not the
environment that compiled it: the lint's overlay (which marks template lines) and the
sandbox's intercepted operators compile the same source differently. Here the key also
holds everything of the environment that changes the compiled code, and, for an
environment with extensions, the working directory (the lint's marks name files
relative to it). An entry is ``FORMAT sha256=HEX``
and Jinja2's bytes: a torn, flipped or foreign file is compiled afresh, never run.
"""

from __future__ import annotations

import hashlib
import os
import sys
from functools import lru_cache
from importlib.metadata import version
from pathlib import Path

import jinja2
from jinja2.bccache import Bucket

from generator.render.cache import keep

FORMAT = "copperplate-jinja-2"
COMPILE_OPTIONS = ("block_start_string", "block_end_string", "variable_start_string",
                   "variable_end_string", "comment_start_string", "comment_end_string",
                   "line_statement_prefix", "line_comment_prefix", "trim_blocks",
                   "lstrip_blocks", "newline_sequence", "keep_trailing_newline", "optimized",
                   "autoescape", "sandboxed", "intercepted_binops", "intercepted_unops")


def _head(data: bytes) -> bytes:
    return f"{FORMAT} sha256={hashlib.sha256(data).hexdigest()}".encode("ascii")


def compiler_fingerprint(environment: jinja2.Environment) -> str:
    """What of ``environment`` shapes the code a template compiles to."""
    options = [f"{name}={_stable(getattr(environment, name, None))}" for name in COMPILE_OPTIONS]
    # an extension may rewrite the source by where it is seen from (the lint's marks name
    # files relative to the working directory): only then does that directory count
    where = os.getcwd() if environment.extensions else ""
    return "|".join([FORMAT, _jinja_version(), sys.version, where,
                     type(environment).__qualname__, *sorted(environment.extensions),
                     *options])


@lru_cache(maxsize=1)
def _jinja_version() -> str:
    """Jinja2's version, read from its metadata once per process (asked per template)."""
    return version("jinja2")


def _stable(value: object) -> str:
    """A value's text that is the same in every process (a function's, by its name)."""
    if callable(value):
        return f"{getattr(value, '__module__', '')}.{getattr(value, '__qualname__', '')}"
    return repr(sorted(value) if isinstance(value, frozenset | set) else value)


class CompiledTemplates(jinja2.BytecodeCache):
    """Jinja2's bytecode cache, keyed by the compiling environment as well, verified."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder / "templates"

    def get_bucket(self, environment: jinja2.Environment, name: str, filename: str | None,
                   source: str) -> Bucket:
        key = hashlib.sha256("\0".join([compiler_fingerprint(environment), name,
                                         str(filename)]).encode()).hexdigest()
        bucket = Bucket(environment, key, self.get_source_checksum(source))
        self.load_bytecode(bucket)
        return bucket

    def _path(self, bucket: Bucket) -> Path:
        return self.folder / bucket.key[:2] / f"{bucket.key}.jinja"

    def load_bytecode(self, bucket: Bucket) -> None:
        try:
            entry = self._path(bucket).read_bytes()
        except OSError:
            return
        head, _, data = entry.partition(b"\n")
        if head == _head(data):
            try:
                bucket.bytecode_from_string(data)
            except Exception:  # noqa: BLE001 - an unreadable entry is compiled again
                bucket.reset()

    def dump_bytecode(self, bucket: Bucket) -> None:
        data = bucket.bytecode_to_string()
        keep(self._path(bucket), _head(data) + b"\n" + data)
