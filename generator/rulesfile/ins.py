"""The instruction every effect compiles to (``Ins``), and the draw, which both a pile
and a grid's place given by number (``placing``) receive cards by."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.data.yamlsrc import Loc
from generator.rulesfile.position import Ctx, Fn, Place

if TYPE_CHECKING:
    from generator.rulesfile.position import Position


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
