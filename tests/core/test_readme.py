"""The README stands on its own in a clone: every link is a file of the repository, and
what it documents exists."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
README = (REPO / "README.md").read_text()


def test_every_link_is_a_file_in_the_repository() -> None:
    links = re.findall(r"\]\(([^)]+)\)", README)
    assert links
    for link in links:
        assert not link.startswith(("http:", "https:", "/", "..")), link
        assert (REPO / link.split("#")[0]).exists(), link


def test_no_reference_to_files_a_clone_does_not_have() -> None:
    assert "CONTRACT.md" not in README and "../" not in README and "research/" not in README


def test_the_documented_options_and_sections_are_there() -> None:
    for text in ("simulate copper-creek --components", "--quiet", "back colour", "## Dependencies",
                 "copperplate new", "--format github", ".pre-commit-hooks.yaml"):
        assert text in README, text


def test_every_pinned_dependency_is_explained() -> None:
    pyproject = (REPO / "pyproject.toml").read_text()
    block = pyproject.split("dependencies = [", 1)[1].split("]", 1)[0]
    names = re.findall(r'"([A-Za-z0-9_.-]+)==', block)
    section = README.split("## Dependencies", 1)[1].lower()
    assert names
    for name in names:
        assert name.lower() in section, name
