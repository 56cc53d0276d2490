"""What follows an action, and what follows a phase's start, each compiled once for its
phase's shape. After an action: the game's end read (in place while no card moved, when
it reads only the cards), the phase's ``until``, the next seat its ``skip`` does not pass
over, and that seat's legal actions (a phase's list kept whole, ``choices.phase_list``,
read in place) — one step instead of ``Flow._acted``'s general reading of each part (an
action's ``again``, which phase, whether it has an ``until`` or a ``skip``, how its
actions are listed) and ``Flow._ready``'s; made for a phase none of whose actions has
``again`` (the seat to act always moves on). After a phase's start: the end read, the
first seat named, the first from it not skipped, its legal actions — one step instead of
``Flow._started``, ``_ended``, ``_first_player`` and ``_next_seat``.

Each part is read exactly when ``Flow`` reads it, on the same context, in the same order
(the seats tried in turn from a list made once per seat); the rare turns (the ``until``
holds, every seat skipped, no seat named, a value of the wrong kind) go on by ``Flow``'s
own methods, as it goes on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from generator.rulesfile.flow import READY
from generator.rulesfile.running import FAULTS

if TYPE_CHECKING:
    from generator.rulesfile.choices import Listing
    from generator.rulesfile.flow import Flow
    from generator.rulesfile.position import Ctx, Fn

# (the state, the action's context as its effects left it) -> ``Flow._acted``'s answer:
# True when play waits for a choice or chance or is over, False when the phase's end
# effects are left for ``settle`` to run
After = Callable[["Flow", "Ctx"], bool]
Started = Callable[["Flow"], None]  # (the state, its phase's start run)


def orders(players: int) -> list[tuple[int, ...]]:
    """For each seat, every seat in turn after it (itself last)."""
    return [tuple((seat + step) % players for step in range(1, players + 1))
            for seat in range(players)]


def following(end: Fn, seen: list[Any] | None, players: int, until: Fn | None,
              skip: Fn | None, whole: Listing | None) -> After:
    """The step that follows an action of a phase none of whose actions may be played
    ``again`` (``_acted`` reads that): the game's ``end`` (``seen``: as last read, while
    no card moved), the phase's ``until`` and ``skip``, its legal actions kept ``whole``."""
    after = orders(players)

    def follow(st: Flow, c: Ctx) -> bool:
        player = st.player
        st.turns += 1
        if seen[1] if seen is not None and seen[0] == st.moved else end(c):
            st.over = True
            return True
        if until is not None and until(c):
            return st._until_held(player, False)
        if skip is None:  # the next seat, none skipped
            st.player = (player + 1) % players
        else:
            for seat in after[player]:
                c.seat = seat
                if not skip(c):
                    st.player = seat
                    break
            else:  # every seat skipped: reported (a fault of play)
                st._next_seat((player + 1) % players, c)
                if st.over:
                    return True
        if whole is None:
            st._ready()
            return True
        st.stage = READY
        here = st.here  # the seat to act, nothing chosen
        here.seat = here.actor = st.player
        here.card, here.number, here.target = -1, 0, -1
        try:
            legal = whole(st, here)  # kept, shared: read, never changed
        except FAULTS as exc:
            st.unlisted(exc)
            return True
        st._legal = legal
        if not legal:
            st.none_legal()
        return True
    return follow


def starting(end: Fn, players: int, first: Fn | None, skip: Fn | None) -> Started:
    """The step that follows a phase's start (``Flow._started``'s): the game's ``end``,
    the phase's ``first`` seat and ``skip``."""
    after = orders(players)

    def start(st: Flow) -> None:
        c = st.here  # read by end and first alike (Flow.ctx, in place: play is not over)
        _, c.card, c.number, c.target = st.acting
        c.seat = c.actor = player = st.player
        if end(c):
            st.over = True
            return
        if first is not None or skip is not None:
            seat = player if first is None else first(c)
            if not isinstance(seat, int) or not 0 <= seat < players:
                st.no_seat(seat)
                return
            if skip is None:
                st.player = seat
            else:
                for candidate in after[seat - 1]:  # from the seat named on
                    c.seat = candidate
                    if not skip(c):
                        st.player = candidate
                        break
                else:  # every seat skipped: reported (a fault of play)
                    st._next_seat(seat, c)
                    return
        st._ready()
    return start
