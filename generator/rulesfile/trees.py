"""An ``and``/``or`` of two comparisons of a variable, each read in place, fused into one
closure: ``{or: [{eq: [{var: out}, 1]}, {eq: [{var: high}, {game: seat}]}]}`` (the
auction's skip) reads both variables and compares them in one step, instead of three
closures (the ``or`` and its two comparisons). An ``and``/``or`` whose first part alone is
such a comparison, or one of a variable of each player added up over the players with a
constant (``{eq: [{each_player: {var: out}}, {game: players}]}``), reads that part in
place and calls the other; two such parts, or comparisons of a pile's size with a
constant, are read in place together (the auction's ``end``, one closure instead of
three). An ``and``/``or`` of such a sum and of two leaves so fused is one closure too, the
sum read once when both read it (the auction's ``until``: one closure instead of five).

A part fused (``Leaf``) is a comparison (or ``sub``, ``div``, ``mod``: what ``fused``
reads in place) of a variable, the seat in focus's for one of each player, with a
constant or with the seat in focus. The fused closure reads the same values in the same
order, combines them with the same operators, and stops where ``chain`` stops.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

if TYPE_CHECKING:
    from generator.rulesfile.fused import Op, Read
    from generator.rulesfile.position import Fn

# the variable's (or pile's) slot (its first seat's), 1 if one of each player (the seat
# in focus added) else 0, the operator, the constant, whether the seat is compared
# instead, and for a variable added up over the players the end of its slots (COUNT: the
# pile's size; 0: the variable)
Leaf = tuple[int, int, "Op", Any, bool, int]
COUNT = -1
# what a closure of ``mixed`` fuses (its and/or, its two leaves): read by ``nested`` when
# it is the second part of an and/or opening with a variable added up over the players
PAIRS: WeakKeyDictionary[Fn, tuple[bool, Leaf, Leaf]] = WeakKeyDictionary()


def leaf(op: Op, read: Read | None, other: Any, const: Any, players: int) -> Leaf | None:
    """The ``Leaf`` of ``{WORD: [EXPR, OTHER]}`` fused by ``fused.binary`` (``read``: what
    EXPR reads; ``const``: OTHER when a constant), or None for another shape."""
    if read is None or read[0] not in ("var", "every", "count"):
        return None
    if const is not None and not isinstance(const, bool):
        return read[1], int(read[2]), op, const, False, (
            read[1] + players if read[0] == "every" else COUNT if read[0] == "count" else 0)
    if other == {"game": "seat"} and read[0] == "var":
        return read[1], int(read[2]), op, None, True, 0
    return None


def fuse(conjunction: bool, parts: list[Fn], leaves: dict[Fn, Leaf | None]) -> Fn | None:
    """``and`` (``conjunction``) or ``or`` of two ``parts``, both leaves of one variable
    each or the first a leaf, in one closure; None for any other."""
    first, second = (leaves.get(parts[0]), leaves.get(parts[1])) if len(parts) == 2 else (
        None, None)
    if first is None or second is None and first[5] == COUNT:
        return None
    if second is None:
        pair = PAIRS.get(parts[1])
        if pair is not None and first[5] > 0:
            return nested(conjunction, first, pair)
        return opening(conjunction, first, parts[1])
    if first[5] or second[5]:
        PAIRS[fn := mixed(conjunction, first, second)] = (conjunction, first, second)
        return fn
    (b1, m1, op1, k1, s1, _), (b2, m2, op2, k2, s2, _) = first, second
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


def opening(conjunction: bool, first: Leaf, rest: Fn) -> Fn:
    """``and``/``or`` of the leaf ``first``, read in place, and ``rest``, called only when
    ``chain`` would call it."""
    base, seated, op, const, seat_too, end = first
    if end:  # a variable added up over the players, against a constant
        if conjunction:
            def all_and(c: Any) -> bool:
                return True if op(sum(c.st.vars[base:end]), const) and rest(c) else False
            return all_and

        def all_or(c: Any) -> bool:
            return True if op(sum(c.st.vars[base:end]), const) or rest(c) else False
        return all_or
    if conjunction:
        def one_and(c: Any) -> bool:
            seat = c.seat
            return True if op(c.st.vars[base + seat * seated], seat if seat_too else const
                              ) and rest(c) else False
        return one_and

    def one_or(c: Any) -> bool:
        seat = c.seat
        return True if op(c.st.vars[base + seat * seated], seat if seat_too else const
                          ) or rest(c) else False
    return one_or


def mixed(conjunction: bool, first: Leaf, second: Leaf) -> Fn:
    """``and``/``or`` of two leaves, one or both a variable added up over the players
    (``{eq: [{each_player: {var: out}}, 2]}``) or a pile's size (``{eq: [{count: deck},
    0]}``), each read in place; the second read only when the first does not settle it,
    as ``chain`` would."""
    (b1, m1, op1, k1, s1, e1), (b2, m2, op2, k2, s2, e2) = first, second
    settled = not conjunction  # what the first part's answer gives when it settles

    def mixed_pair(c: Any) -> bool:
        seat, st = c.seat, c.st
        values = st.vars
        # (not X) is conjunction: X settles it (no call of bool)
        if (not op1(values[b1 + seat * m1] if not e1 else sum(values[b1:e1]) if e1 > 0
                    else len(st.zones[b1 + seat * m1]), seat if s1 else k1)) is conjunction:
            return settled
        return True if op2(values[b2 + seat * m2] if not e2 else sum(values[b2:e2]) if e2 > 0
                           else len(st.zones[b2 + seat * m2]), seat if s2 else k2) else False
    return mixed_pair


def nested(conjunction: bool, first: Leaf, pair: tuple[bool, Leaf, Leaf]) -> Fn:
    """``and``/``or`` of a variable added up over the players against a constant
    (``first``) and of an and/or of two leaves fused by ``mixed`` (``pair``), in one
    closure (the auction's ``until``: all passed, or someone bid and all but one passed):
    each part read when ``chain`` would read it, a sum of the same slots as ``first``'s
    read once (nothing changes between the reads)."""
    base, _, op, const, _, end = first
    inner, (b2, m2, op2, k2, s2, e2), (b3, m3, op3, k3, s3, e3) = pair
    settled, inner_settled = not conjunction, not inner
    same2, same3 = (b2, e2) == (base, end), (b3, e3) == (base, end)

    def nested_pair(c: Any) -> bool:
        seat, st = c.seat, c.st
        values = st.vars
        total = sum(values[base:end])
        if (not op(total, const)) is conjunction:  # it settles (as in mixed_pair)
            return settled
        if (not op2(total if same2 else values[b2 + seat * m2] if not e2 else sum(
                values[b2:e2]) if e2 > 0 else len(st.zones[b2 + seat * m2]),
                seat if s2 else k2)) is inner:
            return inner_settled
        return True if op3(total if same3 else values[b3 + seat * m3] if not e3 else sum(
            values[b3:e3]) if e3 > 0 else len(st.zones[b3 + seat * m3]),
            seat if s3 else k3) else False
    return nested_pair
