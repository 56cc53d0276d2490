"""A game's whole ``validate``, ``lint`` or build-lint result, remembered by the content of
all it read.

Validating draws every face (templates, text fitting, the lint) and costs seconds; a
pre-commit hook runs it on trees that mostly did not change. Each result is filed under
what was asked (``validate copperdale``, ``lint copperdale a4 5.0``, ``build lint …``) and
the run's key. The key is a digest of every
input that can change a problem: this package's own files, the pinned fonts, the Python
and library versions, the working directory (problems print paths relative to it), the
bundled ``components/`` and ``templates/`` trees and the user's components tree, byte for
byte. A link is hashed as the path it names and a special file as its kind: neither is
followed or opened here (the checks themselves refuse them, and say where).

An entry is ``FORMAT sha256=HEX`` and the JSON it hashes: a torn, flipped or foreign file
is a miss, never trusted. A result that depends on the machine's load (a template that ran
past its time or memory limit) is not kept. A cache folder that cannot be written only
costs speed (``render.cachedir.usable`` says so once, or ``render.cachedir.keep`` when it fills
up during the run). ``COPPERPLATE_VALIDATE_MEMO=off``
turns it off (the test suite does, where it patches code in memory that no digest sees).
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from generator.files.bundled import BUNDLED_COMPONENTS, BUNDLED_TEMPLATES, PACKAGE
from generator.files.installed import fingerprint, installed_header
from generator.files.problems import Problem

FORMAT = "copperplate-validate-1"
LIBRARIES = ("pydantic", "jinja2", "pyyaml", "fonttools", "pillow", "defusedxml")
FONTS = Path("/usr/share/fonts/truetype/dejavu")
UNSTABLE_RULES = frozenset({"template-limit"})  # over a time or memory limit: load-dependent
MAX_HASHED = 64 * 1024 * 1024  # a tree larger than this is validated afresh, not hashed


class TooLarge(Exception):
    """The tree is too large to hash cheaply: validate it without the memo."""


SKIPPED = frozenset({"__pycache__", ".git", ".hg", ".svn"})  # follow the code, or no input


def tree_digest(root: Path, digest: hashlib._Hash, budget: list[int],
                skip: Path | None = None) -> None:
    """Every entry below ``root`` into ``digest``: names, kinds and regular files' bytes,
    in a fixed order (a folder's files and links, then its folders, each by name);
    ``__pycache__`` and version-control folders are left out, and so is ``skip`` (the cache
    folder itself, when it lies inside the tree: what the memo writes must not change its
    own key). One ``lstat`` a file, read through ``os.scandir``: no link is followed."""
    digest.update(f"\0root:{root}\0".encode())
    _folder(str(root), "", digest, budget, None if skip is None else str(skip))


def _folder(folder: str, relative: str, digest: hashlib._Hash, budget: list[int],
            skip: str | None) -> None:
    with os.scandir(folder) as listing:
        entries = sorted(listing, key=lambda e: e.name)
    below = []
    for entry in entries:
        if entry.is_dir(follow_symlinks=False):
            if entry.name not in SKIPPED and entry.path != skip:
                below.append(entry)
        else:
            _entry(entry, relative + entry.name, digest, budget)
    for entry in below:
        _folder(entry.path, f"{relative}{entry.name}/", digest, budget, skip)


def _entry(entry: os.DirEntry[str], name: str, digest: hashlib._Hash,
           budget: list[int]) -> None:
    info = entry.stat(follow_symlinks=False)
    digest.update(f"\0{name}\0{stat.S_IFMT(info.st_mode)}\0".encode())
    if stat.S_ISLNK(info.st_mode):
        digest.update(os.readlink(entry.path).encode(errors="surrogateescape"))
    elif stat.S_ISREG(info.st_mode):
        budget[0] -= info.st_size
        if budget[0] < 0:
            raise TooLarge(entry.path)
        with open(entry.path, "rb", opener=_no_follow) as handle:
            digest.update(handle.read())


def _no_follow(path: str, flags: int) -> int:
    return os.open(path, flags | os.O_NOFOLLOW | os.O_NONBLOCK)


class ResultMemo:
    """The remembered results of one run's trees; ``None`` from ``load`` is a miss."""

    def __init__(self, folder: Path, run_key: str | None) -> None:
        self.folder = folder / "results"
        self.run_key = run_key

    @classmethod
    def for_run(cls, folder: Path, user_dir: Path | None) -> ResultMemo:
        """Hash this run's inputs once; a tree that cannot be hashed disables the memo."""
        if os.environ.get("COPPERPLATE_VALIDATE_MEMO", "on") == "off":
            return cls(folder, None)
        digest = hashlib.sha256(FORMAT.encode())
        extra = [sys.version, os.getcwd(), str(user_dir and os.path.abspath(user_dir))]
        extra += [f"{name}\0{installed_header(name)}" for name in LIBRARIES]  # versions
        extra.append(fingerprint())  # the installed plug-ins a rules file may name
        extra += [f"{f.name}:{f.stat().st_size}" for f in sorted(FONTS.glob("*"))]
        digest.update("\0".join(extra).encode(errors="surrogateescape"))
        budget = [MAX_HASHED]
        try:
            for root in (PACKAGE, BUNDLED_COMPONENTS, BUNDLED_TEMPLATES,
                         user_dir and Path(os.path.abspath(user_dir))):
                if root is not None and root.is_dir():
                    tree_digest(root, digest, budget, Path(os.path.abspath(folder)))
        except (OSError, TooLarge):
            return cls(folder, None)
        return cls(folder, digest.hexdigest())

    def _path(self, question: str) -> Path | None:
        """Where the answer to ``question`` (the command's words) is kept, if anywhere."""
        if self.run_key is None:
            return None
        key = hashlib.sha256(f"{self.run_key}\0{question}".encode()).hexdigest()
        return self.folder / key[:2] / f"{key}.json"

    def load(self, question: str) -> list[Problem] | None:
        path = self._path(question)
        if path is None:
            return None
        try:
            entry = path.read_bytes()
        except OSError:
            return None
        from generator.render.cachedir import opened

        data = opened(FORMAT, entry, path)
        if data is None:
            return None
        try:
            return [Problem(**item) for item in json.loads(data)]
        except (ValueError, TypeError):
            return None

    def remembered(self, question: str, answer: Callable[[], list[Problem]]) -> list[Problem]:
        """The problems kept for ``question`` on these very inputs, else ``answer()``
        (kept for the next run)."""
        found = self.load(question)
        if found is None:
            found = answer()
            self.store(question, found)
        return found

    def store(self, question: str, problems: Iterable[Problem]) -> None:
        path = self._path(question)
        problems = list(problems)
        if path is None or any(p.rule in UNSTABLE_RULES for p in problems):
            return
        data = json.dumps([p.to_dict() for p in problems]).encode()
        from generator.render.cachedir import keep, sealed  # a full cache folder: said once

        keep(path, sealed(FORMAT, data))
