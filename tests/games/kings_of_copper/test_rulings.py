"""Every ruling in docs/rulings/kings-of-copper.md names a test that exists."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

HERE = Path(__file__).parent
DOC = HERE.parents[2] / "docs" / "rulings" / "kings-of-copper.md"
MODULES = {"R": "test_rulebook_examples.py", "C": "test_checks.py", "P": "test_playouts.py"}


def _module(name: str):  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(f"koc_{name[:-3]}", HERE / name)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_ruling_names_an_existing_test() -> None:
    text = DOC.read_text()
    entries = text.count("\n## ")
    assert entries >= 25 and text.count("**Test:**") == entries
    for short, func, case in re.findall(r"\b([RCP])::(\w+)(?:\[([\w-]+)\])?", text):
        module = _module(MODULES[short])
        assert hasattr(module, func), f"{short}::{func}"
        if case:
            rule, index = case.rsplit("-", 1)
            assert module.CASES[int(index)][0] == rule, case
