"""What a template may do at most, and the sandbox's refusals (``sandbox`` enforces them):
``range`` of at most ``MAX_RANGE`` numbers; ``*``, ``**``, ``+`` and ``%`` refuse results
above ``MAX_TEXT`` characters or items (or ``MAX_POWER_BITS`` bits); a list or dict stops
growing at ``MAX_ITEMS``; no filter or method takes a number above ``MAX_TEXT``."""

from __future__ import annotations

import functools
import operator as op
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from markupsafe import Markup

MAX_RANGE = 10_000
MAX_TEXT = 1_000_000
MAX_ITEMS = 100_000
MAX_POWER_BITS = 4_096
SEQUENCES = frozenset({str, bytes, list, tuple, Markup})
OPERATORS: dict[str, Callable[[Any, Any], Any]] = {
    "*": op.mul, "**": op.pow, "+": op.add, "%": op.mod}
WIDTHS = re.compile(r"%[-#0 +]*(\d{7,})")  # printf widths of a million and more
GROWERS = frozenset({"append", "extend", "insert", "update", "setdefault", "add"})
SMALL = frozenset({"+", "%"})  # an int and an int: no result past the limits


class TemplateRefused(Exception):
    """A template did what the sandbox forbids, or ran past a limit: one located line."""

    def __init__(self, message: str, rule: str = "template-limit",
                 path: Path | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.path = path  # the file refused, when no template line is to blame


def refused(attribute: str) -> TemplateRefused:
    return TemplateRefused(f"'{attribute}' is not available to templates (templates run "
                           "in a sandbox)", "template-sandbox")


def bounded_range(*args: int) -> range:
    numbers = range(*args)
    if len(numbers) > MAX_RANGE:
        raise TemplateRefused(f"range() of {len(numbers)} numbers: the limit is {MAX_RANGE}")
    return numbers


def limited(function: Callable[..., Any]) -> Callable[..., Any]:
    """A filter that refuses huge numbers (``center(10**9)``) before it allocates."""

    @functools.wraps(function)  # keeps jinja's pass_context / pass_environment marks
    def checked(*args: Any, **kwargs: Any) -> Any:
        check_numbers(args, kwargs)
        return function(*args, **kwargs)

    return checked


def check_growth(function: Any) -> None:
    """A list's, dict's or set's method that adds to one already at ``MAX_ITEMS``."""
    owner = getattr(function, "__self__", None)
    if (isinstance(owner, list | dict | set) and getattr(function, "__name__", "") in GROWERS
            and len(owner) >= MAX_ITEMS):
        raise TemplateRefused(f"a list or dict grew past {MAX_ITEMS} entries")


def check_numbers(args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    for value in (*args, *kwargs.values()):
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_TEXT:
            raise TemplateRefused(f"a number above {MAX_TEXT} passed to a filter or method")


def _size(value: Any) -> int:
    return len(value) if type(value) in SEQUENCES else 0


def check_binop(operator: str, left: Any, right: Any) -> None:
    if operator == "*":
        if _size(left) * (right if type(right) is int else 0) > MAX_TEXT or (
                _size(right) * (left if type(left) is int else 0) > MAX_TEXT):
            raise TemplateRefused(f"repeating text or a list past {MAX_TEXT} entries")
        if type(left) is int and type(right) is int and (
                left.bit_length() + right.bit_length() > MAX_POWER_BITS):
            raise TemplateRefused(f"a number past {MAX_POWER_BITS} bits")
    elif operator == "**" and type(left) is int and type(right) is int:
        if right > 0 and abs(left) > 1 and right * left.bit_length() > MAX_POWER_BITS:
            raise TemplateRefused(f"a power past {MAX_POWER_BITS} bits")
    elif operator == "+" and _size(left) + _size(right) > MAX_TEXT:
        raise TemplateRefused(f"joining text or lists past {MAX_TEXT} entries")
    elif operator == "%" and type(left) is str and any(
            int(width) > MAX_TEXT for width in WIDTHS.findall(left)):
        raise TemplateRefused(f"a format width past {MAX_TEXT} characters")
