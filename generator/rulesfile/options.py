"""A rules file's options: choices the table makes before play (the advanced game, a
house rule), each a name and its value, read anywhere by ``{option: NAME}``.

An option is a constant of the file, never changed by play (no effect may set it): a
variant deck that turns one on is the same rules file with that one value changed, so
``compare`` measures the option on the same seeds."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from generator.data.yamlsrc import Loc

if TYPE_CHECKING:
    from generator.rulesfile.position import Fn, Value
    from generator.rulesfile.report import Reporter

NAME = re.compile(r"[a-z][a-z0-9_-]{0,39}")
MAX_OPTION = 10**9


def read_options(report: Reporter, value: Any) -> dict[str, Value]:
    """``options: {NAME: VALUE}``: each value a whole number, a word, or true/false
    (read as 1/0); problems reported at the option."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        report.error(("options",), "options is a mapping of names to values, e.g. "
                     "options: {terrain: false}", "rules-schema")
        return {}
    out: dict[str, Value] = {}
    for name, given in value.items():
        loc: Loc = ("options", name)
        if not isinstance(name, str) or not NAME.fullmatch(name):
            report.error(loc, f"an option's name is a plain word (a-z, digits, -, _), not "
                         f"{name!r}", "rules-schema", key=True)
            continue
        if isinstance(given, bool):
            out[name] = int(given)
        elif isinstance(given, int) and abs(given) <= MAX_OPTION or isinstance(given, str):
            out[name] = given
        else:
            report.error(loc, f"option '{name}' is a whole number (at most {MAX_OPTION:,} "
                         f"either way), a word, or true/false, not {given!r}",
                         "rules-schema")
    return out


def option_value(report: Reporter, options: dict[str, Value], name: Any, loc: Loc
                 ) -> Value:
    """The value of ``{option: NAME}`` (0, reported, for an option not declared)."""
    if isinstance(name, str) and name in options:
        return options[name]
    report.error(loc, f"no option '{name}' (options: {', '.join(options) or 'none'}; "
                 "declare it under options:)", "rules-name")
    return 0


def settled(conjunction: bool, parts: list[Fn], consts: dict[Fn, Value]
            ) -> tuple[list[Fn], bool | None]:
    """An ``and`` (``conjunction``) or ``or`` with its constant parts read once, when it
    is compiled (an option turned off costs nothing in play): the parts still to read,
    or (no parts, the value) when a constant decides it (false in an ``and``, true in an
    ``or``) or every part is a constant."""
    left = []
    for part in parts:
        if part not in consts:
            left.append(part)
        elif bool(consts[part]) != conjunction:
            return [], not conjunction
    return (left, None) if left else ([], conjunction)
