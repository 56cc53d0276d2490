"""The word ``{legal: ACTION}``: whether the action has at least one legal move for the
seat to act, its choices tried as the legal actions list them (``choices.offer``: its
condition, its cards, places and numbers), whatever phase play is in.

It is read afresh at each reading, never folded into a constant nor remembered past one
(``written.steady`` keeps an end that reads it from being remembered). While the legal
actions are listed nothing changes: the moves it works out are kept for the listing
(``memo``), so an action asked after by several others is tried once, and the phase's own
listing of it reads them (``shared``); read at any other time (an effect, the end), what
it works out is kept for that reading alone.
An action whose condition (or chosen ``number``) asks after itself, directly or through
others, would never be worked out: ``loops`` finds it when the rules are compiled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from generator.rulesfile.position import Ctx

if TYPE_CHECKING:
    from generator.data.yamlsrc import Loc
    from generator.engine.api import Action
    from generator.rulesfile.position import Fn

# where a legal word is read while the action's own legal moves are listed
ASKING = ("if", "choose")


def legal_word(name: str, offers: dict[str, Any]) -> Fn:
    """``{legal: name}``, its way of offering its choices found in ``offers`` (by name,
    ``choices.Offered``; filled once every action is compiled) when it is read."""
    def legal(c: Ctx) -> bool:
        st = c.st
        offered = offers[name]
        if type(offered) is tuple:  # no choice, no condition: always legal
            return True
        player = st.player
        here = Ctx(st, player, -1, 0, -1, player)  # as the legal actions are listed
        out: list[Action] = []
        seen = st.memo
        if seen is not None:  # listing the legal actions: nothing changes meanwhile
            key = ("legal", name, player)  # (the word's, wherever it is written)
            got = seen.get(key)
            if got is None:
                offered(st, here, out)
                seen[key] = got = out  # (the phase's own listing of it reads it: shared)
            return bool(got)
        st.memo = {}  # kept for this reading alone
        try:
            offered(st, here, out)
        finally:
            st.memo = None
        return bool(out)
    return legal


def shared(name: str, made: Any) -> Any:
    """How the phase lists the legal moves of an action some ``{legal: name}`` names
    (``made``, ``choices.Offer``): what the word worked out in this listing, read (the
    same moves, on the same context: the seat to act, nothing chosen), else worked out
    and kept for the word."""
    def offer(st: Any, here: Ctx, out: list[Action]) -> None:
        seen = st.memo
        if seen is None:  # (not listing)
            made(st, here, out)
            return
        key = ("legal", name, st.player)
        got = seen.get(key)
        if got is None:
            got = []
            made(st, here, got)
            seen[key] = got
        out += got
    return offer


def loops(used: list[tuple[str, Loc]]) -> list[tuple[Loc, str]]:
    """Each legal word read while an action's legal moves are listed (at ``actions: A:
    if`` or ``choose``) that leads back to that action: its place and the problem."""
    asks: dict[str, list[tuple[str, Loc]]] = {}
    for target, loc in used:
        if len(loc) > 2 and loc[0] == "actions" and loc[2] in ASKING:
            if (target, loc) not in asks.setdefault(str(loc[1]), []):
                asks[str(loc[1])].append((target, loc))
    found = []
    for action, asked in asks.items():
        for target, loc in asked:
            path = _path(asks, target, action, [target])
            if path is None:
                continue
            if target == action:
                said = f"action '{action}' asks whether it is legal itself"
            else:
                said = f"a loop: {' -> '.join([action] + path)}"
            found.append((loc + ("legal",), f"{said}: whether it is legal would depend "
                          "on itself (ask after another action, or read what its "
                          "condition reads)"))
    return found


def _path(asks: dict[str, list[tuple[str, Loc]]], start: str, goal: str,
          path: list[str]) -> list[str] | None:
    """The actions from ``start`` to ``goal`` through the actions each asks after, the
    fewest (None: none), after ``path``."""
    came: dict[str, str | None] = {start: None}
    queue = [start]
    for at in queue:  # (grows as it is read: breadth first)
        if at == goal:
            steps = []
            while came[at] is not None:
                steps.append(at)
                at = str(came[at])
            return path + steps[::-1]
        for target, _ in asks.get(at, []):
            if target not in came:
                came[target] = at
                queue.append(target)
    return None
