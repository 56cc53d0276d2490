"""Commands own argparse: nothing below ``generator/commands/`` (and the front ends that
dispatch to them: the ``cli`` and the browser ``studio``, which runs commands on the
designer's behalf) reads a Namespace or raises a usage error."""

from __future__ import annotations

import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "generator"
COMMAND_LAYER = {"cli.py", "entry.py", "__main__.py"}


def test_no_module_below_the_commands_knows_argparse_or_usage_errors() -> None:
    knows = re.compile(r"^\s*(import argparse|from argparse|.*\bUsageError\b)", re.M)
    found = sorted(str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")
                   if path.parent.name not in ("commands", "studio")
                   and path.name not in COMMAND_LAYER
                   and knows.search(path.read_text(encoding="utf-8")))
    assert found == [], found
