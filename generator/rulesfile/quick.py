"""Blocks of effects run at once, made for speed when the rules are compiled: a block
whose instructions run no other block (a leaf block: an action's ``do``, an
``each_player``'s body), or the last instructions of a block that cannot pause (a tail: a
phase's start after its draw), is run as a list of plain functions, each instruction's
own (the focus moved for one with ``of``, put back after); a ``set``, ``gain`` or ``pay``
gets one written for its shape (the amount a constant, the chosen number or the seat in
focus), reading its slot in place; an action's ``do`` of two such ``set``s runs as one
function (``sets``), and an ``each_player`` that sets a variable to a constant writes every
seat's at once (``each_set``).

Each such function does exactly what its instruction's ``run`` does (the same variable
written, the same stamp of change taken); an amount it does not expect (a word, a value
out of bounds) is handed to the instruction's ``run``, which reports it as before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from generator.rulesfile.ins import Change, Ins, Push
from generator.rulesfile.position import MAX_VALUE, STAMPS
from generator.rulesfile.running import MAX_STEPS

if TYPE_CHECKING:
    from generator.rulesfile.position import Ctx, Position

Runner = Callable[["Position", "Ctx"], Any]
# a leaf block's instructions, each with the function that runs it (None: not a leaf)
Leaf = tuple[tuple[Ins, Runner], ...]
# a block's last instructions that cannot pause: the index of the first, and as a Leaf
Tail = tuple[int, Leaf]


def leaves(blocks: list[list[Ins]]) -> list[Leaf | None]:
    """Each block as ``Leaf`` when it is one, else None."""
    return [None if any(isinstance(ins, Push) for ins in block)
            else tuple((ins, runner(ins)) for ins in block) for block in blocks]


def tails(blocks: list[list[Ins]], pauses: Callable[[Ins], bool],
          found: list[Leaf | None]) -> list[Tail | None]:
    """Each block's last instructions that cannot pause (``pauses``: an instruction that
    may wait for chance or push a frame) as one flat step: where they begin and each with
    its function (a phase's start after its draw, an ``if`` that runs its blocks at
    once; ``found``: the blocks' leaves, run in place by such a push); None when the last
    instruction may pause."""
    out: list[Tail | None] = []
    for block in blocks:
        begin = len(block)
        while begin and not pauses(block[begin - 1]):
            begin -= 1
        out.append((begin, tuple((ins, runner(ins, found)) for ins in block[begin:]))
                   if begin < len(block) else None)
    return out


def runner(ins: Ins, found: list[Leaf | None] | None = None) -> Runner:
    """The function that runs ``ins`` (its ``run`` unless a shape is written out), the
    focus moved for it and put back after when it has ``of`` (``found``: as ``tails``)."""
    run = change(ins) if isinstance(ins, Change) else pushed(ins, found) if isinstance(
        ins, Push) and ins.direct and ins.count is None and found else ins.run
    of = ins.of
    if of is None:
        return run

    def focused(st: Position, c: Ctx) -> Any:
        seat = c.seat
        c.seat = of(c) % st.players
        try:
            return run(st, c)
        finally:
            c.seat = seat
    return focused


def pushed(ins: Push, found: list[Leaf | None]) -> Runner:
    """An ``if`` or ``each_player`` whose blocks cannot pause, run at once (``run_now``;
    a leaf block of ``found`` in place, ``run_flat``) without ``Push.run``'s steps."""
    block, other, test = ins.block, ins.other, ins.test
    if ins.per_seat:  # every seat from the focus on (test: None, an each_player)
        flat = found[block] if block >= 0 else None
        if test is not None or flat is None:
            return ins.run
        if len(flat) == 1:
            plain = _plain_set(flat[0][0])
            if plain is not None and plain[2] == FIXED:
                return each_set(flat, plain[0], plain[1], plain[3])

        def each_seat(st: Position, c: Ctx) -> Any:
            st.run_flat(flat, st.players, c, 1)
        return each_seat
    if test is None:
        return ins.run

    def branch(st: Position, c: Ctx) -> Any:
        chosen = block if test(c) else other
        if chosen >= 0:
            flat = found[chosen]
            if flat is None:
                st.run_now(chosen, 1, c, 0)
            else:
                st.run_flat(flat, 1, c, 0)
    return branch


def each_set(flat: Leaf, slot: int, seated: int, fixed: int) -> Runner:
    """``each_player: [set: {V: CONSTANT}]`` (a new auction's ``set: {out: 0}``): every
    seat's V written at once under one stamp of change, the steps counted as ``run_flat``
    counts them (which runs it near the limit of steps)."""
    def each_set(st: Position, c: Ctx) -> Any:
        players = st.players
        if st.steps + players > MAX_STEPS:
            st.run_flat(flat, players, c, 1)
            return
        st.steps += players
        st.written = next(STAMPS)
        if seated:
            st.vars[slot:slot + players] = [fixed] * players
        else:
            st.vars[slot] = fixed
    return each_set


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


def sets(leaf: Leaf | None) -> Runner | None:
    """A leaf of one ``set`` (its own function) or of two ``set``s of a constant, of the chosen number or of the seat in focus
    (an auction's bid: ``set: {bid: {game: number}}``, ``set: {high: {game: seat}}``),
    run as one function: both written in order under one stamp of change, as their own
    functions (``change``) would write them; a number out of bounds runs them one by one
    (the instruction's ``run`` reports it). None for a leaf of another shape."""
    if leaf is None or len(leaf) not in (1, 2):
        return None
    plan = [_plain_set(ins) for ins, _ in leaf]
    if None in plan:
        return None
    if len(leaf) == 1:  # one set (a pass: set: {out: 1}): its own function, as it is
        return leaf[0][1]
    (at1, seated1, kind1, k1), (at2, seated2, kind2, k2) = plan  # type: ignore[misc]
    number = NUMBER in (kind1, kind2)

    def set_two(st: Position, c: Ctx) -> Any:
        seat, value = c.seat, c.number
        if number and not -MAX_VALUE <= value <= MAX_VALUE:
            for _, run in leaf:
                run(st, c)
                if st.over:
                    return
            return
        values = st.vars
        st.written = next(STAMPS)
        values[at1 + seat * seated1] = value if kind1 == NUMBER else seat if kind1 == SEAT \
            else k1
        values[at2 + seat * seated2] = value if kind2 == NUMBER else seat if kind2 == SEAT \
            else k2
    return set_two


FIXED, NUMBER, SEAT = range(3)


def _plain_set(ins: Ins) -> tuple[int, int, int, Any] | None:
    """A ``set`` that ``change`` writes out in place (its slot, 1 if one of each player,
    what it writes: FIXED, NUMBER or SEAT, and the constant), else None."""
    if not isinstance(ins, Change) or ins.of is not None or ins.sign:
        return None
    if ins.fixed is not None:
        fixed = ins.fixed
        return ((ins.slot, int(ins.owned), FIXED, fixed) if type(fixed) is int
                and -MAX_VALUE <= fixed <= MAX_VALUE else None)
    if ins.given:
        return ins.slot, int(ins.owned), NUMBER if ins.given == "number" else SEAT, None
    return None
