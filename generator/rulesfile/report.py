"""Problems of a rules file, located at the value (or key) they are about."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

from generator.data.yamlsrc import Loc, Source
from generator.files.problems import ERROR, Problem


class Reporter:
    """Collects a rules file's problems, each at the line of the value it is about."""

    def __init__(self, source: Source):
        self.source = source
        self.problems: list[Problem] = []

    def error(self, loc: Loc, message: str, rule: str, *, key: bool = False) -> None:
        self.problems.append(self.source.problem(loc, message, rule, key=key, severity=ERROR))

    def unknown_keys(self, value: dict[str, object], loc: Loc, allowed: Iterable[str],
                     what: str) -> None:
        """Every key of ``value`` that ``what`` does not take, with the nearest it does."""
        known = list(allowed)
        for key in value:
            if key not in known:
                near = difflib.get_close_matches(str(key), known, n=1)
                hint = f"; did you mean '{near[0]}'?" if near else (
                    f" ({what} takes {', '.join(known)})")
                self.error(loc + (key,), f"{what} takes no '{key}'{hint}", "rules-schema",
                           key=True)


_KINDS = {"int": "a number", "float": "a number", "bool": "true/false", "str": "a word",
          "NoneType": "nothing", "list": "a list"}
_OPS = {"+": "adds", "-": "subtracts", "*": "multiplies", "//": "divides", "%": "divides",
        "<": "compares", "<=": "compares", ">": "compares", ">=": "compares"}


def fault_text(exc: Exception) -> str:
    """Why a rule could not be worked out, in the rules file's words: a value of the wrong
    kind is said as what it did (``compares a number with a word``), not as Python's
    ``TypeError``; any other fault as its own message."""
    text = str(exc)
    found = (re.fullmatch(r"unsupported operand type\(s\) for (\S+): '(\w+)' and '(\w+)'",
                          text)
             or re.fullmatch(r"'(\S+)' not supported between instances of '(\w+)' and "
                             r"'(\w+)'", text))
    if found is None:
        return text
    op, left, right = found.groups()
    verb = _OPS.get(op, f"applies {op} to")
    return (f"{verb} {_KINDS.get(left, left)} and {_KINDS.get(right, right)} (a word is no "
            "number: compare words with eq or ne only)")
