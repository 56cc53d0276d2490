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

The bundled templates ship with the package like its ``.py`` files, so their compiled code
is kept beside the package the way Python keeps bytecode (``generator/__pycache__/templates``,
written on first use: ``make`` writes them when it builds the games), never in git. It is
read from there first, under the same key and checks; where the package cannot be written
(an installed, read-only tree, or ``PYTHONDONTWRITEBYTECODE``) it goes to the cache folder
like a stranger's templates, silently, as Python does with its bytecode.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import pickle
import sys
from pathlib import Path
from typing import BinaryIO

import jinja2
from jinja2.bccache import Bucket, bc_magic

from generator.files.bundled import BUNDLED_COMPONENTS, BUNDLED_TEMPLATES, PACKAGE
from generator.files.fileio import write_atomic
from generator.render.cachedir import keep, opened, sealed

FORMAT = "copperplate-jinja-3"
COMPILE_OPTIONS = ("block_start_string", "block_end_string", "variable_start_string",
                   "variable_end_string", "comment_start_string", "comment_end_string",
                   "line_statement_prefix", "line_comment_prefix", "trim_blocks",
                   "lstrip_blocks", "newline_sequence", "keep_trailing_newline", "optimized",
                   "autoescape", "sandboxed", "intercepted_binops", "intercepted_unops")


def compiler_fingerprint(environment: jinja2.Environment) -> str:
    """What of ``environment`` shapes the code a template compiles to (worked out once per
    kind of environment, its options and extensions as they are now: asked per template)."""
    values = tuple(getattr(environment, name, None) for name in COMPILE_OPTIONS)
    kind = (type(environment), values, tuple(environment.extensions))  # by name, as below
    try:
        before, after = _FINGERPRINTS[kind]
    except KeyError:
        if len(_FINGERPRINTS) >= 256:  # kinds of environment: a handful in any process
            _FINGERPRINTS.clear()
        before, after = _FINGERPRINTS.setdefault(kind, _fingerprint(environment, values))
    except TypeError:  # an option that cannot be a key: worked out afresh
        before, after = _fingerprint(environment, values)
    # an extension may rewrite the source by where it is seen from: then the working
    # directory counts, unless it says it does not (the lint's marks name absolute files)
    where = "" if folder_free(environment) else os.getcwd()
    return f"{before}|{where}|{after}"


_FINGERPRINTS: dict[tuple[object, ...], tuple[str, str]] = {}


def _fingerprint(environment: jinja2.Environment, values: tuple[object, ...]
                 ) -> tuple[str, str]:
    """The fingerprint's text before the working directory's place in it, and after."""
    options = [f"{name}={_stable(value)}"
               for name, value in zip(COMPILE_OPTIONS, values, strict=True)]
    return ("|".join([FORMAT, _jinja_version(), sys.version]),
            "|".join([type(environment).__qualname__, *sorted(environment.extensions),
                      *options]))


def folder_free(environment: jinja2.Environment) -> bool:
    """Whether ``environment`` compiles a template the same in every working directory."""
    return all(getattr(extension, "same_in_every_folder", False)
               for extension in environment.extensions.values())


def _jinja_version() -> str:
    """Jinja2's version, as its package states it (its installed metadata says the same,
    and reading that cost a cold run about 10 ms)."""
    return str(jinja2.__version__)


def _stable(value: object) -> str:
    """A value's text that is the same in every process (a function's, by its name)."""
    if callable(value):
        return f"{getattr(value, '__module__', '')}.{getattr(value, '__qualname__', '')}"
    return repr(sorted(value) if isinstance(value, frozenset | set) else value)


class CompiledTemplates(jinja2.BytecodeCache):
    """Jinja2's bytecode cache, keyed by the compiling environment as well, verified.
    Templates below ``shipped`` (the bundled trees) keep their code in ``beside`` first."""

    def __init__(self, folder: Path, shipped: tuple[Path, ...] = (BUNDLED_COMPONENTS,
                                                                 BUNDLED_TEMPLATES),
                 beside: Path = PACKAGE / "__pycache__" / "templates") -> None:
        self.folder = folder / "templates"
        self.shipped = tuple(os.path.abspath(root) for root in shipped)
        self.beside = beside

    def get_bucket(self, environment: jinja2.Environment, name: str, filename: str | None,
                   source: str) -> Bucket:
        where = filename and os.path.abspath(filename)  # a relative one, from here
        key = hashlib.sha256("\0".join([compiler_fingerprint(environment), name,
                                         str(where)]).encode()).hexdigest()
        bucket = StoredBucket(environment, key, self.get_source_checksum(source))
        if where and folder_free(environment) and self._is_shipped(where):
            bucket.folders = (self.beside, self.folder)
        else:
            bucket.folders = (self.folder,)
        self.load_bytecode(bucket)
        return bucket

    def _is_shipped(self, where: str) -> bool:
        return any(where.startswith(root + os.sep) for root in self.shipped)

    def load_bytecode(self, bucket: Bucket) -> None:
        for folder in _folders(bucket, self.folder):
            try:
                entry = _path(folder, bucket).read_bytes()
            except OSError:
                continue
            data = opened(FORMAT, entry, _path(folder, bucket))
            if data is not None:
                try:
                    bucket.bytecode_from_string(data)
                except Exception:  # noqa: BLE001 - an unreadable entry is compiled again
                    bucket.reset()
                if bucket.code is not None:
                    return

    def dump_bytecode(self, bucket: Bucket) -> None:
        data = bucket.bytecode_to_string()
        entry = sealed(FORMAT, data)
        *first, last = _folders(bucket, self.folder)
        if first and not sys.dont_write_bytecode:
            try:  # beside the package, as Python writes its bytecode: or else the cache
                write_atomic(_path(first[0], bucket), entry)
                return
            except OSError:
                pass
        keep(_path(last, bucket), entry)


class StoredBucket(Bucket):
    """A bucket that knows where its entry may be kept, the first place first."""

    folders: tuple[Path, ...] = ()

    def load_bytecode(self, f: BinaryIO) -> None:
        """Jinja2's own reading of an entry, its code unmarshalled from the bytes that
        follow at once: ``marshal.load`` on a file object asks the file for each piece
        (about four times ``marshal.loads``' time on the same bytes)."""
        if f.read(len(bc_magic)) != bc_magic:
            self.reset()
            return
        if pickle.load(f) != self.checksum:  # the source changed: compiled again
            self.reset()
            return
        try:
            self.code = marshal.loads(f.read())
        except (EOFError, ValueError, TypeError):
            self.reset()


def _folders(bucket: Bucket, default: Path) -> tuple[Path, ...]:
    return getattr(bucket, "folders", ()) or (default,)


def _path(folder: Path, bucket: Bucket) -> Path:
    return folder / bucket.key[:2] / f"{bucket.key}.jinja"
