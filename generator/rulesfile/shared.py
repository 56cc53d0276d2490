"""Common sub-expressions: an aggregate written more than once in one expression (often
through a YAML alias, ``*token`` in a score's ``max: [{sub: [A, *token]}, {sub: [*token,
A]}]``) read once each time the expression is read.

An expression is read in frames: the words that pass their context on unchanged to what
they hold (arithmetic, comparisons, ``and``/``or``/``not``/``if``, ``item``: ``PASSING``)
make one frame with the expression they stand in; any other word (an aggregate's
``where``/``value``/``give``, ``each_player``, ``of``…) reads what it holds in another
context, a frame of its own. Within a frame, a sub-expression that reads the cards
(``AGGREGATES``) and appears twice or more gives the same value each time it is read:
nothing an expression reads changes while it is read, and a fault is raised at its first
reading either way. Its first closure is read at most once per reading of the frame's
root (``Scope.rooted`` forgets what was read); every copy is still compiled, at its own
place, so that the problems found are the same; one read in place (a variable added up
over the players: ``fused``) is read again, faster than kept.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from generator.rulesfile.position import Ctx, Fn

PASSING = frozenset(("add", "sub", "mul", "div", "mod", "min", "max", "eq", "ne", "lt",
                     "le", "gt", "ge", "and", "or", "not", "if", "item"))
AGGREGATES = frozenset(("count", "sum", "distinct", "best", "each_player", "best_player"))
UNREAD = object()  # a shared sub-expression not read yet in this reading


class Scope:
    """One frame's shared sub-expressions: of the nodes (YAML values) in the frame that
    appear twice or more, the index of their value by the node's id (the compiler knows
    which nodes it compiles in the frame: a node may be in two, through an alias)."""

    def __init__(self, root: Any, depth: int):
        self.index: dict[int, int] = {}
        self.fns: list[Fn | None] = []
        self.cache: list[Any] = []
        found: list[tuple[int, str]] = []
        if not _walk(root, depth, found, set()):
            return  # (a value that holds itself: left as it is)
        counts = Counter(key for _, key in found)
        keys: dict[str, int] = {}
        for node, key in found:
            if counts[key] > 1:
                self.index[node] = keys.setdefault(key, len(keys))
        self.fns = [None] * len(keys)
        self.cache = [UNREAD] * len(keys)

    def share(self, node: int, fn: Fn) -> Fn:
        """The closure read in place of the copy ``node`` compiled to ``fn``: the first
        copy's, read once per reading of the root."""
        at = self.index[node]
        first = self.fns[at]
        if first is not None:
            return first
        cache = self.cache

        def shared(c: Ctx) -> Any:
            value = cache[at]
            if value is UNREAD:
                value = cache[at] = fn(c)
            return value
        self.fns[at] = shared
        return shared

    def rooted(self, fn: Fn) -> Fn:
        """The root's closure, each reading starting with nothing read."""
        if not any(self.fns):  # nothing shared
            return fn
        cache, blank = self.cache, tuple(self.cache)

        def read(c: Ctx) -> Any:
            cache[:] = blank
            return fn(c)
        return read


def _walk(value: Any, depth: int, found: list[tuple[int, str]], path: set[int]) -> bool:
    """Record the nodes of ``value``'s frame that read the cards (``found``, with their
    key); False on a value that holds itself or runs too deep."""
    if isinstance(value, list):
        return all(_walk(v, depth, found, path) for v in value)
    if not isinstance(value, dict):
        return True
    if id(value) in path or depth > 24:
        return False
    word = next(iter(value), None)
    if len(value) != 1 or word not in PASSING:  # another frame within: the node alone
        if AGGREGATES & set(value) and not _plain(value) and not _mentions(value, "plugin"):
            try:
                found.append((id(value), json.dumps(value, sort_keys=True, default=str)))
            except (ValueError, RecursionError):  # it holds itself: not shared
                pass
        return True
    path.add(id(value))
    try:
        return _walk(value[word], depth + 1, found, path)
    finally:
        path.discard(id(value))


def _plain(value: dict[str, Any]) -> bool:
    """A pile's size, read faster than kept."""
    return len(value) == 1 and isinstance(value.get("count"), str)


def _mentions(value: Any, word: str, depth: int = 0) -> bool:
    if depth > 24:
        return True
    if isinstance(value, list):
        return any(_mentions(v, word, depth + 1) for v in value)
    return isinstance(value, dict) and (word in value or any(
        _mentions(v, word, depth + 1) for v in value.values()))

