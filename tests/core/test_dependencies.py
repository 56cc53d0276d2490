"""Every distribution the package imports is declared in pyproject.toml, pinned: a user who
installs the package with pip gets each of them (the studio's sheets once imported a
library that only the development extra installed)."""

from __future__ import annotations

import ast
import importlib.metadata as metadata
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OPTIONAL = {"cluster"}  # extras a user asks for by name (`pip install copperplate[cluster]`)


def _name(requirement: str) -> str:
    return re.split(r"[=<>!~\[; ]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def _imported_modules() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "generator").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return {name for name in names if name not in sys.stdlib_module_names
            and name != "generator" and not name.startswith("_")}


def test_every_imported_distribution_is_declared_and_pinned() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    required = project["dependencies"]
    extras = [req for extra in OPTIONAL for req in project["optional-dependencies"][extra]]
    assert all("==" in req for req in required + extras), "every requirement is pinned"
    declared = {_name(req) for req in required + extras}
    by_module = metadata.packages_distributions()
    imported = _imported_modules()
    unknown = sorted(module for module in imported if module not in by_module)
    assert unknown == [], f"modules no installed distribution provides: {unknown}"
    missing = sorted({_name(dist) for module in imported for dist in by_module[module]}
                     - declared)
    assert missing == [], f"imported but not declared in pyproject.toml: {missing}"
