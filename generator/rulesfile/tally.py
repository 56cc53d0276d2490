"""A pile's cards counted or added up in one closure, the commonest aggregates of a rules
file read without a closure per part: ``{count: PILE, where: {eq: [{field: F}, X]}}``
(how many snakes in the claim, cards of the suit led in hand) and ``{sum: PILE, where:
…, value: {field: G}}`` (an income), X a constant or a variable; and every seat's pile
counted or added up, combined (``{each_player: {count: hand}}``, ``{each_player: {sum:
camp, value: {field: points}}, combine: max}``). Each reads the pile's slot, the
variable's and the field's values in place, in loops (no list made), and may compare
what it gives with a constant in the same step (``{ge: [TALLY, 2]}``: ``Then``).

Each gives what the closures it stands for give, in the same order of reading: a field
compared for equality raises nothing, and values added up are whole numbers (a field
with any other value keeps the general reading, whose ``sum`` adds it its own way).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from generator.rulesfile.fused import Op
    from generator.rulesfile.position import Ctx, Fn, Place

# what a tally's closure is made by, given a comparison with a constant to end with
# (``op`` and the constant; None: the tally itself)
Then = Callable[["Op | None", Any], "Fn"]
SEATS = ("sum", "max", "min", "count")  # how every seat's tally may be combined


def whole(values: list[Any] | None) -> bool:
    """Whether a field's ``values`` (None: no field, a count) are all whole numbers."""
    return values is None or all(type(v) is int for v in values)


def pile_tally(values: list[Any] | None, pile: Place, column: list[Any] | None,
               equal: bool, want: Any, var: tuple[int, int] | None) -> Then:
    """``{count: PILE, where: {eq: [{field: F}, X]}}`` (``values`` None) or ``{sum: …,
    value: {field: G}}`` (G's whole-number ``values``): the pile's slot and 1 if one of
    each player (``pile``), F's ``column`` (None: who moved the card last), eq or not
    (``equal``), X the constant ``want`` or the variable ``var`` (its slot, 1 if one of
    each player)."""
    base, each = pile
    at, seated = var if var is not None else (-1, 0)

    def then(op: Op | None, const: Any) -> Fn:
        def tallied(c: Ctx) -> Any:
            st, seat = c.st, c.seat
            got = st.zones[base + seat * each]
            total = 0
            if got:
                wanted = want if at < 0 else st.vars[at + seat * seated]
                fields = st.by if column is None else column
                if values is None:
                    for k in got:
                        if (fields[k] == wanted) is equal:
                            total += 1
                else:
                    for k in got:
                        if (fields[k] == wanted) is equal:
                            total += values[k]
            return total if op is None else op(total, const)
        return tallied
    return then


def seats_tally(base: int, players: int, values: list[Any] | None, how: str) -> Then:
    """Every seat's ``{count: PILE}`` (``values`` None) or ``{sum: PILE, value: {field:
    G}}`` (G's whole-number ``values``), PILE one of each player from slot ``base``,
    combined ``how`` (``SEATS``, as ``aggregates.COMBINE``)."""
    end, kind = base + players, SEATS.index(how)

    def then(op: Op | None, const: Any) -> Fn:
        def combined(c: Ctx) -> Any:
            out = 0
            for seat, cards in enumerate(c.st.zones[base:end]):
                if values is None:
                    v = len(cards)
                else:
                    v = 0
                    for k in cards:
                        v += values[k]
                if kind == 0:
                    out += v
                elif kind == 3:
                    out += 1 if v else 0
                elif not seat or (v > out if kind == 1 else v < out):
                    out = v
            return out if op is None else op(out, const)
        return combined
    return then
