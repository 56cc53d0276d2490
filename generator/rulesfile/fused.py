"""Expressions fused for speed: a comparison, a subtraction or an ``add`` of a constant
whose left side is one thing read in place, instead of through a closure of its own.

The things (``Read``): a variable, a pile's size, a variable of each player added up over
the players (``{each_player: {var: V}}``) and the number of players. The right side is a
constant, the seat in focus, the number of players, or any expression (read by its own
closure). Each fused closure reads exactly what the two closures it replaces would have
read, in the same order, and combines them with the same operator.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from generator.rulesfile.position import Fn

# what a closure reads in place: its kind ("var", "count", "every" or "players"), the
# variable's or pile's slot (the first of its seats' for one of each player, laid out for
# the player count compiled for), and whether it is one of each player (the seat in
# focus's slot: the first plus the seat)
Read = tuple[str, int, bool]
Op = Callable[[Any, Any], Any]
PLAYERS: Read = ("players", 0, False)
# the words fused: the comparisons, the subtraction, the division and the remainder
FUSED = frozenset(("eq", "ne", "lt", "le", "gt", "ge", "sub", "div", "mod"))


def binary(word: str, op: Op, left: tuple[Read | None, list[Any] | None],
           right: tuple[Fn, Read | None, list[Any] | None], other: Any) -> Fn | None:
    """``{WORD: [EXPR, OTHER]}`` fused, or None when it is not of a fused shape: EXPR
    what it reads (``Read``) and, if a card's field, its column; OTHER compiled, what it
    reads and its column; OTHER as written."""
    (read, column), (b, other_read, other_column) = left, right
    if read is not None and word in FUSED:
        if isinstance(other, int | str) and not isinstance(other, bool):
            return against_const(op, read, other)
        if read[0] == "var" and other_column is not None:  # {ge: [{var: V}, {field: F}]}
            return var_against_field(op, read, other_column)
        return against_fn(op, read, b, other)
    if column is not None and other_read is not None and word in ("eq", "ne"):
        return field_against_var(op, column, other_read)
    return None


def against_const(op: Op, read: Read, const: Any) -> Fn:
    """``{WORD: [READ, CONSTANT]}``."""
    kind, base, owned = read
    if kind == "var":
        if owned:
            return lambda c: op(c.st.vars[base + c.seat], const)
        return lambda c: op(c.st.vars[base], const)
    if kind == "count":
        if owned:
            return lambda c: op(len(c.st.zones[base + c.seat]), const)
        return lambda c: op(len(c.st.zones[base]), const)
    if kind == "every":
        return lambda c: op(sum(c.st.vars[base:base
                                       + c.st.players]), const)
    return lambda c: op(c.st.players, const)


def against_fn(op: Op, read: Read, b: Fn, other: Any) -> Fn:
    """``{WORD: [READ, OTHER]}``, OTHER compiled to ``b`` (read in place when it is the
    seat in focus or the number of players)."""
    kind, base, owned = read
    if kind == "var" and other == {"game": "seat"}:
        if owned:
            return lambda c: op(c.st.vars[base + c.seat], c.seat)
        return lambda c: op(c.st.vars[base], c.seat)
    if other == {"game": "players"}:
        if kind == "every":
            return lambda c: op(sum(c.st.vars[base:base
                                           + c.st.players]), c.st.players)
        if kind == "var" and not owned:  # a shared counter against the players
            return lambda c: op(c.st.vars[base], c.st.players)
        if kind == "count" and not owned:
            return lambda c: op(len(c.st.zones[base]), c.st.players)
    if kind == "var":
        if owned:
            return lambda c: op(c.st.vars[base + c.seat], b(c))
        return lambda c: op(c.st.vars[base], b(c))
    if kind == "count":
        if owned:
            return lambda c: op(len(c.st.zones[base + c.seat]), b(c))
        return lambda c: op(len(c.st.zones[base]), b(c))
    if kind == "every":
        return lambda c: op(sum(c.st.vars[base:base
                                       + c.st.players]), b(c))
    return lambda c: op(c.st.players, b(c))


def plus(a: Fn, read: Read | None, const: int) -> Fn:
    """``{add: [EXPR, CONSTANT]}``, EXPR read in place when it is a variable (``read``)."""
    if read is not None and read[0] == "var":
        base = read[1]
        if read[2]:
            return lambda c: c.st.vars[base + c.seat] + const
        return lambda c: c.st.vars[base] + const
    return lambda c: a(c) + const



def reader(read: Read) -> Fn:
    """The closure of a variable (``{var: V}``) or of a pile's size (``{count: PILE}``)."""
    kind, base, owned = read
    if kind == "var":
        if owned:
            return lambda c: c.st.vars[base + c.seat]
        return lambda c: c.st.vars[base]
    if owned:
        return lambda c: len(c.st.zones[base + c.seat])
    return lambda c: len(c.st.zones[base])


def field_against_var(op: Op, column: list[Any], read: Read) -> Fn | None:
    """``{eq: [{field: F}, {var: V}]}`` (or ``ne``): the card in scope's F (its
    ``column``; 0 with no card) and V, both read in place; None for another READ."""
    kind, base, owned = read
    if kind != "var":
        return None
    if owned:
        return lambda c: op(column[c.card] if c.card >= 0 else 0,
                            c.st.vars[base + c.seat])
    return lambda c: op(column[c.card] if c.card >= 0 else 0, c.st.vars[base])


def var_against_field(op: Op, read: Read, column: list[Any]) -> Fn:
    """``{WORD: [{var: V}, {field: F}]}`` (can I pay its cost?): V and the card in
    scope's F (its ``column``; 0 with no card), both read in place."""
    _, base, owned = read
    if owned:
        return lambda c: op(c.st.vars[base + c.seat],
                            column[c.card] if c.card >= 0 else 0)
    return lambda c: op(c.st.vars[base], column[c.card] if c.card >= 0 else 0)


def fold(op: Op, left: Any, right: Any) -> int | str | None:
    """``op`` on two constants (None: not a constant), worked out once when the rules are
    compiled; None for a comparison, or for values of the wrong kind (left to fail in
    play, where they did)."""
    if left is None or right is None:
        return None
    try:
        value = op(left, right)
    except (TypeError, ValueError):
        return None
    return value if type(value) is int or type(value) is str else None


def slot_plus(read: Read | None, const: int) -> tuple[int, int, int] | None:
    """A variable's slot, 1 if one of each player (else 0) and ``const`` added to it, when
    ``read`` is of a variable; else None (what ``choices`` reads a bid's bounds by)."""
    return None if read is None or read[0] != "var" else (read[1], int(read[2]), const)
