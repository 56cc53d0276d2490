"""Located problems: one value type for every schema, checker and rules complaint.

Printed the way compilers print them, ``PATH:LINE:COL: error: MESSAGE (rule-id)``, so
editors and CI logs can jump to the spot; ``--json`` gives the same as objects.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path

from generator.bundled import BUNDLED_ROOTS

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True, order=True)
class Problem:
    path: str
    line: int
    col: int
    severity: str
    message: str
    rule: str

    def format(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: {self.severity}: {self.message} ({self.rule})"

    def to_dict(self) -> dict[str, object]:
        return asdict(self)


def display_path(path: Path | str) -> str:
    """The path as the user should see it: relative to the current directory if inside it;
    a bundled file as ``<bundled>/templates/…`` (wherever the package is installed);
    anything else absolute, never ``../…``."""
    absolute = Path(os.path.abspath(path))
    try:
        relative = os.path.relpath(absolute)
    except ValueError:  # another drive (Windows)
        relative = str(absolute)
    if not relative.startswith(os.pardir) and not os.path.isabs(relative):
        return relative
    for name, root in BUNDLED_ROOTS.items():
        if absolute.is_relative_to(root):
            return "/".join(("<bundled>", name, *absolute.relative_to(root).parts))
    return str(absolute)


def sort_problems(problems: Iterable[Problem]) -> list[Problem]:
    return sorted(set(problems))


def format_text(problems: Iterable[Problem]) -> str:
    return "\n".join(p.format() for p in sort_problems(problems))


def format_json(problems: Iterable[Problem]) -> str:
    return json.dumps([p.to_dict() for p in sort_problems(problems)], indent=2)


def has_errors(problems: Iterable[Problem]) -> bool:
    return any(p.severity == ERROR for p in problems)
