"""Blocks of effects run at once, made for speed when the rules are compiled: a block
whose instructions neither move the focus (``of``) nor run another block (a leaf block:
an action's ``do``, an ``each_player``'s body) is run as a list of plain functions, each
instruction's own; a ``set``, ``gain`` or ``pay`` gets one written for its shape (the
amount a constant, the chosen number or the seat in focus), reading its slot in place.

Each such function does exactly what its instruction's ``run`` does (the same variable
written, the same stamp of change taken); an amount it does not expect (a word, a value
out of bounds) is handed to the instruction's ``run``, which reports it as before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from generator.rulesfile.effects import Change, Ins, Push
from generator.rulesfile.position import MAX_VALUE, STAMPS

if TYPE_CHECKING:
    from generator.rulesfile.position import Ctx, Position

Runner = Callable[["Position", "Ctx"], Any]
# a leaf block's instructions, each with the function that runs it (None: not a leaf)
Leaf = tuple[tuple[Ins, Runner], ...]


def leaves(blocks: list[list[Ins]]) -> list[Leaf | None]:
    """Each block as ``Leaf`` when it is one, else None."""
    return [None if any(ins.of is not None or isinstance(ins, Push) for ins in block)
            else tuple((ins, runner(ins)) for ins in block) for block in blocks]


def runner(ins: Ins) -> Runner:
    """The function that runs ``ins`` (its ``run`` unless a shape is written out)."""
    if isinstance(ins, Change):
        return change(ins)
    return ins.run


def change(ins: Change) -> Runner:
    """A ``set``, ``gain`` or ``pay`` written out for its shape."""
    slot, seated, sign, fixed, slow = ins.slot, int(ins.owned), ins.sign, ins.fixed, ins.run
    if fixed is not None:
        if type(fixed) is not int or not -MAX_VALUE <= fixed <= MAX_VALUE:
            return slow
        if not sign:
            def set_fixed(st: Position, c: Ctx) -> Any:
                st.written = next(STAMPS)
                st.vars[slot + c.seat * seated] = fixed
            return set_fixed
        step = sign * fixed

        def add_fixed(st: Position, c: Ctx) -> Any:
            at = slot + c.seat * seated
            value = st.vars[at] + step
            if type(value) is not int or not -MAX_VALUE <= value <= MAX_VALUE:
                return slow(st, c)
            st.written = next(STAMPS)
            st.vars[at] = value
        return add_fixed
    if ins.given and not sign:  # set to the chosen number or the seat in focus
        return chosen(slot, seated, ins.given == "number", slow)
    given = ins.given  # gain or pay of the chosen number or of the seat: as run reads it
    amount = ins.amount if not given else (lambda c: c.number) if given == "number" else (
        lambda c: c.seat)

    def read(st: Position, c: Ctx) -> Any:
        value = amount(c)
        if type(value) is not int:
            return slow(st, c)
        at = slot + c.seat * seated
        if sign:
            value = st.vars[at] + sign * value
            if type(value) is not int:
                return slow(st, c)
        if not -MAX_VALUE <= value <= MAX_VALUE:
            return slow(st, c)
        st.written = next(STAMPS)
        st.vars[at] = value
    return read


def chosen(slot: int, seated: int, number: bool, slow: Runner) -> Runner:
    """``set`` to the chosen number (``number``) or to the seat in focus, read in place."""
    if number:
        def set_number(st: Position, c: Ctx) -> Any:
            value = c.number
            if not -MAX_VALUE <= value <= MAX_VALUE:
                return slow(st, c)
            st.written = next(STAMPS)
            st.vars[slot + c.seat * seated] = value
        return set_number

    def set_seat(st: Position, c: Ctx) -> Any:
        st.written = next(STAMPS)
        st.vars[slot + c.seat * seated] = c.seat
    return set_seat
