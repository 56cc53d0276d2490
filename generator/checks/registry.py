"""Named checks (yamllint style): a stable kebab-case id, the rule it proves, a function.

A check reads the validated model and reports problems by *location path*, a tuple
starting with the file stem (``("buildings", "pieces", 0, "faces", 3)``); the runner turns
paths into ``PATH:LINE:COL`` using the positions the YAML loader kept.

    CHECKS = Registry("copper-creek")

    @CHECKS.check("gray-cards", cite="Copper Creek rules, Building Cards")
    def gray_cards(data: CopperCreekData, report: Reporter) -> None:
        '''Exactly six gray buildings, one per gray card.'''
        if ...:
            report.error(("buildings", "pieces", 0), "expected 6 gray buildings, found 5")
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from generator.data.yamlsrc import Loc, Source
from generator.files.problems import ERROR, MAX_LISTED, WARNING, Problem, unlisted

CHECK_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


class Reporter:
    """What a check calls to complain; it knows the sources and the check's id. Past
    ``MAX_LISTED`` problems it only counts them (a deck's own composition rules can be
    broken millions of times); ``listed`` adds one problem that says how many."""

    def __init__(self, sources: Mapping[str, Source], rule: str):
        self.sources = sources
        self.rule = rule
        self.problems: list[Problem] = []
        self.first_unlisted: Problem | None = None  # and after it, only counts
        self.unlisted = self.unlisted_errors = 0

    def listed(self) -> list[Problem]:
        """The problems kept, and one more counting those that were not."""
        if self.first_unlisted is None:
            return self.problems
        return [*self.problems, unlisted(self.first_unlisted, self.unlisted,
                                         self.unlisted_errors,
                                         f"check '{self.rule}' lists its first {MAX_LISTED}")]

    def _add(self, loc: Loc, message: str, severity: str, key: bool, rule: str | None) -> None:
        if len(self.problems) < MAX_LISTED:
            self.problems.append(self._problem(loc, message, severity, key, rule))
            return
        self.unlisted += 1
        self.unlisted_errors += severity == ERROR
        if self.first_unlisted is None:
            self.first_unlisted = self._problem(loc, message, severity, key, rule)

    def _problem(self, loc: Loc, message: str, severity: str, key: bool,
                 rule: str | None) -> Problem:
        stem = str(loc[0]) if loc else "game"
        source = self.sources.get(stem) or self.sources["game"]
        rest = tuple(loc[1:]) if stem in self.sources else ()
        return source.problem(rest, message, rule or self.rule, key=key, severity=severity)

    def error(self, loc: Loc, message: str, *, key: bool = False,
              rule: str | None = None) -> None:
        """``rule`` names the broken rule when it is data, not this check (a composition
        rule's own id)."""
        self._add(loc, message, ERROR, key, rule)

    def warning(self, loc: Loc, message: str, *, key: bool = False,
                rule: str | None = None) -> None:
        self._add(loc, message, WARNING, key, rule)


CheckFn = Callable[[Any, Reporter], None]


@dataclass(frozen=True)
class Check:
    id: str
    cite: str
    func: CheckFn

    @property
    def doc(self) -> str:
        return (self.func.__doc__ or "").strip()


@dataclass
class Registry:
    """An explicit, duplicate-checked list of checks for one game (or the core)."""

    name: str
    checks: dict[str, Check] = field(default_factory=dict)

    def check(self, check_id: str, *, cite: str) -> Callable[[CheckFn], CheckFn]:
        if not CHECK_ID.match(check_id):
            raise ValueError(f"check id '{check_id}' is not kebab-case")
        if check_id in self.checks:
            raise ValueError(f"check id '{check_id}' is registered twice in {self.name}")

        def register(func: CheckFn) -> CheckFn:
            self.checks[check_id] = Check(check_id, cite, func)
            return func

        return register

    def __iter__(self) -> Iterator[Check]:
        return iter(self.checks.values())

    @classmethod
    def joined(cls, name: str, *parts: Registry) -> Registry:
        """One game's checks assembled in one place from its modules' parts (each module of
        a game's ``checks`` package keeps its own ``Registry``); an id used by two parts is
        an error here, at import, as it is within one part."""
        whole = cls(name)
        for part in parts:
            for check in part:
                if check.id in whole.checks:
                    raise ValueError(f"check id '{check.id}' is registered twice in {name} "
                                     f"({part.name} reuses it)")
                whole.checks[check.id] = check
        return whole


def run_checks(registries: Iterable[Registry], data: Any,
               sources: Mapping[str, Source]) -> list[Problem]:
    """Run every check; a check that crashes is reported as a problem, not a traceback."""
    problems: list[Problem] = []
    for registry in registries:
        for check in registry:
            reporter = Reporter(sources, check.id)
            try:
                check.func(data, reporter)
            except Exception as exc:  # a bug in a check must not hide the other checks
                import traceback  # only a check that crashed is traced

                last = traceback.extract_tb(exc.__traceback__)[-1]
                reporter.error((), f"check crashed: {type(exc).__name__}: {exc} "
                               f"({last.filename}:{last.lineno})")
            problems.extend(reporter.listed())
    return problems
