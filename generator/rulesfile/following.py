"""What follows an action, compiled once for its phase's shape: the game's end read (in
place while no card moved, when it reads only the cards), the phase's ``until``, the next
seat its ``skip`` does not pass over, and that seat's legal actions (a phase's list kept
whole, ``choices.phase_list``, read in place) — one step instead of ``Flow._acted``'s
general reading of each part (an action's ``again``, which phase, whether it has an
``until`` or a ``skip``, how its actions are listed) and ``Flow._ready``'s.

Made for a phase none of whose actions has ``again`` (the seat to act always moves on).
Each part is read exactly when ``_acted`` reads it, on the same context, in the same
order; the rare turns (the ``until`` holds, every seat skipped, a value of the wrong kind)
go on by ``Flow``'s own methods, as ``_acted`` goes on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from generator.rulesfile.flow import READY
from generator.rulesfile.running import FAULTS

if TYPE_CHECKING:
    from generator.rulesfile.flow import Flow
    from generator.rulesfile.position import Ctx
    from generator.rulesfile.program import PhaseRule, Program

# (the state, the action's context as its effects left it) -> ``Flow._acted``'s answer:
# True when play waits for a choice or chance or is over, False when the phase's end
# effects are left for ``settle`` to run
After = Callable[["Flow", "Ctx"], bool]


def following(prog: Program, phase: PhaseRule) -> After | None:
    """The step that follows an action of ``phase``, or None when an action of it may be
    played ``again`` (``_acted`` reads it)."""
    if prog.end is None or any(prog.actions[i].again is not None for i in phase.actions):
        return None
    end, seen, until, skip, whole = prog.end, prog.end_seen, phase.until, phase.skip, (
        phase.whole)
    players = prog.players

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
            for step in range(1, players + 1):
                c.seat = seat = (player + step) % players
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
