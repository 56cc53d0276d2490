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
import re
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, replace
from functools import lru_cache
from pathlib import Path

from generator.files.bundled import BUNDLED_ROOTS

ERROR = "error"
WARNING = "warning"
MAX_LISTED = 1000  # problems printed by any format; the rest are counted in one more line
UNLISTED = "too-many-problems"  # the rule of that line
# what a terminal, a CI log or an XML parser must not receive raw: C0 and C1 controls (ESC
# starts terminal sequences), the bidirectional overrides that reorder what is read,
# surrogates and the two non-characters XML 1.0 refuses
UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069"
                    "\ud800-\udfff\ufffe\uffff]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _shown(match: re.Match[str]) -> str:
    char = match.group()
    return _NAMED.get(char) or (f"\\x{ord(char):02x}" if ord(char) < 0x100
                                else f"\\u{ord(char):04x}")


def printable(text: str, keep: str = "") -> str:
    """``text`` with every unsafe character shown as its escape (ESC as ``\\x1b``, a
    newline as ``\\n``), except those in ``keep``: a name or message from a deck cannot
    colour a terminal, start a line of its own or break an XML report."""
    return UNSAFE.sub(lambda m: m.group() if m.group() in keep else _shown(m), text)


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
        """``PATH:WHERE: SEVERITY: MESSAGE (RULE)`` on one line (WHERE is LINE:COL, or
        SHEET!CELL in a spreadsheet), unsafe characters escaped."""
        return printable(f"{self.path}:{self.where}: {self.severity}: {self.message} "
                         f"({self.rule})")

    def to_dict(self) -> dict[str, object]:
        found = asdict(self)
        if not self.cell:
            del found["sheet"], found["cell"]
        return found


def display_path(path: Path | str) -> str:
    """The path as the user should see it: relative to the current directory if inside it;
    a bundled file as ``<bundled>/templates/…`` (wherever the package is installed);
    anything else absolute, never ``../…``."""
    return _display_path(os.fspath(path), os.getcwd())


@lru_cache(maxsize=4096)
def _display_path(path: str, cwd: str) -> str:
    """``display_path`` worked out once per file and folder: a deck can have a million
    problems in one file."""
    absolute = Path(os.path.normpath(os.path.join(cwd, path)))
    try:
        relative = os.path.relpath(absolute, cwd)
    except ValueError:  # another drive (Windows)
        relative = str(absolute)
    if not relative.startswith(os.pardir) and not os.path.isabs(relative):
        return relative
    for name, root in BUNDLED_ROOTS.items():
        if absolute.is_relative_to(root):
            return "/".join(("<bundled>", name, *absolute.relative_to(root).parts))
    return str(absolute)


def sort_problems(problems: Iterable[Problem]) -> list[Problem]:
    """Sorted, once each, and at most ``MAX_LISTED`` of them: the rest are counted in one
    more problem at the first of them, so a hostile deck cannot flood the output. The
    counts a check made of its own unlisted problems come last."""
    found = sorted(set(problems))
    counted = [p for p in found if p.rule == UNLISTED]
    found = [p for p in found if p.rule != UNLISTED]
    if len(found) <= MAX_LISTED:
        return found + counted
    rest = found[MAX_LISTED:]
    errors = sum(p.severity == ERROR for p in rest)
    return [*found[:MAX_LISTED], *counted,
            unlisted(rest[0], len(rest), errors, f"the first {MAX_LISTED} are listed")]


def counts(problems: Iterable[Problem]) -> tuple[int, int]:
    """Errors and warnings, those a check counted but did not list included."""
    errors = warnings = 0
    for p in problems:
        told = _COUNTED.search(p.message) if p.rule == UNLISTED else None
        if told:
            errors, warnings = errors + int(told[1]), warnings + int(told[2])
        else:
            errors, warnings = errors + (p.severity == ERROR), warnings + (p.severity != ERROR)
    return errors, warnings


_COUNTED = re.compile(r"not listed \((\d+) error\(s\), (\d+) warning\(s\)\)")


def unlisted(first: Problem, count: int, errors: int, why: str) -> Problem:
    """One problem that stands for ``count`` more (``errors`` of them errors), at the
    first of them."""
    return Problem(first.path, first.line, first.col, ERROR if errors else WARNING,
                   f"{count} more problem(s) not listed ({errors} error(s), "
                   f"{count - errors} warning(s)); {why}", UNLISTED)


def format_text(problems: Iterable[Problem]) -> str:
    return "\n".join(p.format() for p in sort_problems(problems))


def format_json(problems: Iterable[Problem]) -> str:
    return json.dumps([p.to_dict() for p in sort_problems(problems)], indent=2)


def has_errors(problems: Iterable[Problem]) -> bool:
    return any(p.severity == ERROR for p in problems)


def _github_escape(text: str, *, prop: bool = False) -> str:
    """GitHub's workflow-command escaping: a message may not break the line; a property
    value may not end its own ``key=value`` either."""
    text = printable(text, keep="\r\n").replace("%", "%25")
    text = text.replace("\r", "%0D").replace("\n", "%0A")
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
    test report shows that the check ran. Every text from the deck is made printable, so
    the report stays valid XML whatever a file name or message holds."""
    import xml.etree.ElementTree as ET  # noqa: N817 (only a junit report needs it)

    found = [replace(p, path=printable(p.path), message=printable(p.message),
                     rule=printable(p.rule), sheet=printable(p.sheet))
             for p in sort_problems(problems)]
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
