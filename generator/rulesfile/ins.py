"""The instructions the effects compile to (``Ins``, see ``effects``), each with how it
runs: a block pushed (``if``, ``repeat``, ``each_player``, ``call``), the chosen card
played, a pile moved whole, a variable changed, a die rolled, an event counted, a plug-in
called; and the draw, which both a pile and a grid's place given by number (``placing``)
receive cards by. ``waits`` and ``opening`` say which of them wait for chance."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from generator.data.yamlsrc import Loc
from generator.rulesfile import plugins
from generator.rulesfile.position import MAX_VALUE, STAMPS, Ctx, Fn, Place

if TYPE_CHECKING:
    from generator.rulesfile.position import Position

MAX_REPEAT = 1000  # a repeat or a draw of more is a mistake (reported as a fault)


@dataclass
class Ins:
    """One instruction; ``of`` moves the focus to another seat for it."""

    loc: Loc
    of: Fn | None

    def run(self, st: Position, c: Ctx) -> bool:
        raise NotImplementedError


@dataclass
class DrawOne(Ins):
    source: Place
    dest: Place
    may_pause: bool = True  # it draws from a shuffled pile (a chance action)

    def run(self, st: Position, c: Ctx) -> bool:
        (pile, each), (dest, dest_each), seat = self.source, self.dest, c.seat
        return draw_top(self, st, c, pile + seat * each, dest + seat * dest_each)

    def wait(self, st: Position, seat: int) -> bool:
        """Wait for chance as ``run`` would with ``seat`` in focus and acting, when that is
        what it does (a shuffled pile with cards: True); else nothing done (False)."""
        (pile, each), (dest, dest_each) = self.source, self.dest
        src = pile + seat * each
        if not st.random[src] or not st.zones[src]:
            return False
        st.pending = [src, dest + seat * dest_each, seat, 0]
        return True


def draw_top(ins: Ins, st: Position, c: Ctx, src: int, to: int) -> bool:
    """Move the top card of slot ``src`` to slot ``to``; from a shuffled pile wait for
    chance to say which (False). From an empty pile nothing, a mistake during set-up."""
    if not st.zones[src]:
        if st.stage == 0:  # dealing the set-up from a pile too small: a mistake
            st.fail(ins.loc, "deals more cards than the pile holds at set-up")
        return True
    by = c.actor if c.actor >= 0 else c.seat
    if st.random[src]:
        st.pending = [src, to, by, 0]
        return False
    st.move(st.zones[src][-1], to, by)
    return True


@dataclass
class Push(Ins):
    """Run a block: once (``if``, ``call``), ``count`` times (``repeat``, ``draw``), or
    once per seat from the focus seat on (``each_player``)."""

    block: int
    count: Fn | None = None
    per_seat: bool = False
    test: Fn | None = None
    other: int = -1  # an ``if``'s else block
    direct: bool = False  # its blocks cannot pause: run at once, without a frame

    def run(self, st: Position, c: Ctx) -> bool:
        block, times = self.block, 1
        if self.test is not None and not self.test(c):
            block = self.other
        if self.per_seat:
            times = st.players
        elif self.count is not None:
            times = self.count(c)
            if times > MAX_REPEAT:
                st.fail(self.loc, f"asks to repeat {times} times, over the limit of "
                        f"{MAX_REPEAT}")
                return True
        if block >= 0 and times > 0:
            if self.direct:
                st.run_now(block, times, c, int(self.per_seat))
            else:
                st.frames.append([block, 0, times, c.seat, c.card, c.number, c.target,
                                  c.actor, int(self.per_seat)])
        return True


@dataclass
class Play(Ins):
    dest: Place | None  # None: the action's chosen destination

    def run(self, st: Position, c: Ctx) -> bool:
        if c.card < 0:
            st.fail(self.loc, "'play' moves the chosen card, but no card was chosen")
            return True
        dest = self.dest
        slot = st.prog.target_slot(c) if dest is None else dest[0] + c.seat * dest[1]
        st.move(c.card, slot, c.actor if c.actor >= 0 else c.seat)
        return True


@dataclass
class MoveAll(Ins):
    source: Place
    dest: Place

    def run(self, st: Position, c: Ctx) -> bool:
        (pile, each), (dest, dest_each) = self.source, self.dest
        st.move_all(pile + c.seat * each, dest + c.seat * dest_each)
        return True


@dataclass
class Change(Ins):
    """``gain``, ``pay`` or ``set`` of one variable (its slot read in place)."""

    slot: int  # the variable's (its first seat's, for one of each player)
    owned: bool  # one per player: the seat in focus's
    amount: Fn
    how: str
    fixed: int | str | None = None  # the amount when it is a constant (not read each time)
    given: str = ""  # "number" or "seat" when the amount is the chosen number or the seat
    sign: int = field(init=False)  # what the amount is multiplied by: 0 (set), 1 or -1

    def __post_init__(self) -> None:
        self.sign = {"set": 0, "gain": 1, "pay": -1}[self.how]

    def run(self, st: Position, c: Ctx) -> bool:
        slot = self.slot + c.seat if self.owned else self.slot
        amount = self.fixed
        if amount is None:  # read: in place when it is the chosen number or the seat
            given = self.given
            amount = self.amount(c) if not given else c.number if given == "number" else c.seat
        st.written = next(STAMPS)
        if type(amount) is int:  # the common case, in few steps
            sign = self.sign
            value = st.vars[slot] + sign * amount if sign else amount
            if -MAX_VALUE <= value <= MAX_VALUE:
                st.vars[slot] = value
                return True
        if isinstance(amount, bool) or not isinstance(amount, int) and (
                self.how != "set" or not isinstance(amount, str)):
            kind = "a whole number or a word" if self.how == "set" else "a whole number"
            st.fail(self.loc, f"'{self.how}' needs {kind}, not {amount!r}")
            return True
        if self.how == "set":
            st.vars[slot] = amount
        elif isinstance(amount, int):
            st.vars[slot] += amount if self.how == "gain" else -amount
        if isinstance(st.vars[slot], int) and abs(st.vars[slot]) > MAX_VALUE:
            st.fail(self.loc, f"makes a variable larger than {MAX_VALUE:,} (runaway "
                    "arithmetic?)")
        return True


@dataclass
class Roll(Ins):
    slot: int  # the variable's (its first seat's, for one of each player)
    owned: bool
    sides: int

    def run(self, st: Position, c: Ctx) -> bool:
        return not self.wait(st, c.seat)

    def wait(self, st: Position, seat: int) -> bool:
        """Wait for the die as ``run`` does with ``seat`` in focus (always: True)."""
        st.pending = [-1, self.slot + seat if self.owned else self.slot, self.sides, 1]
        return True


def opening(block: list[Ins]) -> Callable[[Position, int], bool] | None:
    """How a block that begins by waiting for chance (a draw or a roll, no ``of``) waits
    at once (``DrawOne.wait``, ``Roll.wait``); None for any other."""
    first = block[0] if block else None
    if first is None or first.of is not None or type(first) not in (DrawOne, Roll):
        return None
    assert isinstance(first, DrawOne | Roll)
    return first.wait


@dataclass
class Event(Ins):
    index: int

    def run(self, st: Position, c: Ctx) -> bool:
        st.counts[self.index] += 1
        return True


@dataclass
class Plugin(Ins):
    """An effect an installed plug-in package provides (see ``plugins``)."""

    fn: Callable[..., Any]
    args: list[Fn]

    def run(self, st: Position, c: Ctx) -> bool:
        plugins.call(self.fn, self.args, c, write=True)
        return True


def waits(ins: Ins) -> bool:
    """Whether ``ins`` may wait for chance or pushes a frame (once ``finish`` has marked
    the pushes run at once)."""
    return (isinstance(ins, Push) and not ins.direct or isinstance(ins, Roll)
            or isinstance(ins, DrawOne) and ins.may_pause)
