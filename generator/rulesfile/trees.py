"""An ``and``/``or`` of two comparisons of a variable, each read in place, fused into one
closure: ``{or: [{eq: [{var: out}, 1]}, {eq: [{var: high}, {game: seat}]}]}`` (the
auction's skip) reads both variables and compares them in one step, instead of three
closures (the ``or`` and its two comparisons).

A part fused (``Leaf``) is a comparison (or ``sub``, ``div``, ``mod``: what ``fused``
reads in place) of a variable, the seat in focus's for one of each player, with a
constant or with the seat in focus. The fused closure reads the same values in the same
order, combines them with the same operators, and stops where ``chain`` stops.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from generator.rulesfile.fused import Op, Read
    from generator.rulesfile.position import Fn

# the variable's slot (its first seat's), 1 if one of each player (the seat in focus
# added) else 0, the operator, the constant, whether the seat is compared instead
Leaf = tuple[int, int, "Op", Any, bool]


def leaf(op: Op, read: Read | None, other: Any, const: Any) -> Leaf | None:
    """The ``Leaf`` of ``{WORD: [EXPR, OTHER]}`` fused by ``fused.binary`` (``read``: what
    EXPR reads; ``const``: OTHER when a constant), or None for another shape."""
    if read is None or read[0] != "var":
        return None
    if const is not None and not isinstance(const, bool):
        return read[1], int(read[2]), op, const, False
    if other == {"game": "seat"}:
        return read[1], int(read[2]), op, None, True
    return None


def fuse(conjunction: bool, parts: list[Fn], leaves: dict[Fn, Leaf | None]) -> Fn | None:
    """``and`` (``conjunction``) or ``or`` of two ``parts`` that are both leaves, in one
    closure; None for any other."""
    first, second = (leaves.get(parts[0]), leaves.get(parts[1])) if len(parts) == 2 else (
        None, None)
    if first is None or second is None:
        return None
    (b1, m1, op1, k1, s1), (b2, m2, op2, k2, s2) = first, second
    if conjunction:
        def both(c: Any) -> bool:
            seat, values = c.seat, c.st.vars
            return True if op1(values[b1 + seat * m1], seat if s1 else k1) and op2(
                values[b2 + seat * m2], seat if s2 else k2) else False
        return both

    def either(c: Any) -> bool:
        seat, values = c.seat, c.st.vars
        return True if op1(values[b1 + seat * m1], seat if s1 else k1) or op2(
            values[b2 + seat * m2], seat if s2 else k2) else False
    return either
