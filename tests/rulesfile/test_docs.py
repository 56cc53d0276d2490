"""docs/rules-language.md documents every word of the language, and only those."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.rulesfile import expr, program
from generator.rulesfile.effects import EFFECT_KEYS

DOC = (Path(__file__).resolve().parents[2] / "docs" / "rules-language.md").read_text(
    encoding="utf-8")


def words(section: str) -> set[str]:
    """The words named in the first column of a section's table."""
    body = DOC.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    found: set[str] = set()
    for row in re.findall(r"^\| ([^|]+) \|", body, flags=re.M):
        found.update(re.findall(r"`\{?([a-z_]+)", row))
    return found


@pytest.mark.parametrize(("section", "known"), [
    ("Top level", set(program.TOP)),
    ("Zones", set(program.ZONE_KEYS)),
    ("Variables", set(program.VAR_KEYS)),
    ("Phases", set(program.PHASE_KEYS)),
    ("Actions", set(program.ACTION_KEYS)),
    ("Effects", set(EFFECT_KEYS) | {"of"}),
    ("Expressions", expr.WORDS | {"of", "cell", "next_to", "in_row", "in_column", "same"}),
])
def test_every_word_is_documented(section: str, known: set[str]) -> None:
    assert words(section) == known
