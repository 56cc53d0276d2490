"""Located problems: one value type for every schema, checker and rules complaint.

Printed the way compilers print them, ``PATH:LINE:COL: error: MESSAGE (rule-id)``, so
editors and CI logs can jump to the spot; a problem in a spreadsheet is located at its cell,
``PATH:SHEET!CELL: …`` (``line``/``col`` then hold its row and column numbers). ``FORMATS`` holds every ``--format``: ``text``,
``json`` (the same as objects), ``github`` (workflow annotations) and ``junit`` (a JUnit
XML report for GitLab, Jenkins and the like); ``validate`` and ``lint`` share them.
"""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable
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
    sheet: str = ""  # a spreadsheet's sheet and cell ("C7"), empty for a text file
    cell: str = ""

    @property
    def where(self) -> str:
        """``LINE:COL``, or ``SHEET!CELL`` in a spreadsheet."""
        return f"{self.sheet}!{self.cell}" if self.cell else f"{self.line}:{self.col}"

    def format(self) -> str:
        return f"{self.path}:{self.where}: {self.severity}: {self.message} ({self.rule})"

    def to_dict(self) -> dict[str, object]:
        found = asdict(self)
        if not self.cell:
            del found["sheet"], found["cell"]
        return found


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


def _github_escape(text: str, *, prop: bool = False) -> str:
    """GitHub's workflow-command escaping: a message may not break the line; a property
    value may not end its own ``key=value`` either."""
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if prop else text


def format_github(problems: Iterable[Problem]) -> str:
    """``::error file=…,line=…,col=…,title=RULE::MESSAGE``: annotations on the pull request."""
    return "\n".join(
        f"::{p.severity} file={_github_escape(p.path, prop=True)},line={p.line},col={p.col},"
        f"title={_github_escape(p.rule, prop=True)}::"
        f"{_github_escape(f'{p.where}: {p.message}' if p.cell else p.message)}"
        for p in sort_problems(problems))


def format_junit(problems: Iterable[Problem], suite: str = "copperplate") -> str:
    """One test case per problem, failed; a clean run is one passing case, so the CI's
    test report shows that the check ran."""
    found = sort_problems(problems)
    root = ET.Element("testsuites")
    cases = ET.SubElement(root, "testsuite", name=suite, tests=str(max(len(found), 1)),
                          failures=str(len(found)), errors="0")
    if not found:
        ET.SubElement(cases, "testcase", classname=suite, name="no problems")
    for p in found:
        case = ET.SubElement(cases, "testcase", classname=p.path,
                             name=f"{p.rule} at {p.path}:{p.where}")
        ET.SubElement(case, "failure", message=p.message, type=p.severity).text = p.format()
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode")


FORMATS: dict[str, Callable[[Iterable[Problem]], str]] = {
    "text": format_text,
    "json": format_json,
    "github": format_github,
    "junit": format_junit,
}


def fails(problems: Iterable[Problem], *, strict: bool = False) -> bool:
    """Whether a run with these problems fails: any error, or with ``--strict`` any warning."""
    return any(strict or p.severity == ERROR for p in problems)
