"""Problems of a rules file, located at the value (or key) they are about."""

from __future__ import annotations

import difflib
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
