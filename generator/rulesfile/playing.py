"""A move played (``apply_action``, of the State API): one of the seat to act's legal
actions, or the chance outcome awaited (a face of the die, a place of a grid rolled, a
card of the shuffled pile drawn from), then play going on as ``flow.Flow.settle`` would
take it on, by the shortcuts that give the same: an action's ``do`` that cannot wait for
chance run at once, what follows it read at once, after a chance outcome the next card
of a deal awaited at once (``_redraw``) or the rest of the one frame left run at once
(``_resume``). ``state.RulesState`` adds the rest of the State API.
"""

from __future__ import annotations

from typing import Any

from generator.engine.api import Action
from generator.rulesfile.flow import ACTING, STARTING, Flow
from generator.rulesfile.position import STAMPS
from generator.rulesfile.rollplace import PLACES
from generator.rulesfile.running import FAULTS, MAX_STEPS


class Playing(Flow):
    """A move played over the flow of play (see the module's words)."""

    def apply_action(self, action: Action) -> None:
        """Play ``action`` (the State API's), one of the legal actions (a tuple: its name,
        its choices) or the chance outcome awaited, and go on as ``settle`` would: a
        ``do`` that cannot wait for chance run at once as ``run_now`` runs it (a leaf
        block, the commonest, by ``run_flat``), then what follows an action (``_acted``) read at
        once."""
        if self.pending:
            self._chance(action)
            return
        if self.over or action not in (
                self._legal if self._legal is not None else self._legal_list()):
            raise ValueError(f"illegal action {action!r}")
        self._legal, self.steps = None, 0
        chosen: Any = action  # listed: a tuple, its name first
        player, prog = self.player, self.prog
        index, (at_card, at_target, at_number), block, leaf, both = prog.named[chosen[0]]
        card = chosen[at_card] if at_card else -1
        target = chosen[at_target] if at_target else -1
        number = chosen[at_number] if at_number else 0
        acting = self.acting  # (the state's own: a clone copies it)
        acting[0] = index
        acting[1] = card
        acting[2] = number
        acting[3] = target
        self.stage = ACTING
        if prog.pausing[block]:
            wait = prog.opening[block]
            if wait is not None and wait(self, player):  # its first step waits for chance:
                # as run_frames would leave it (the frame, one step run)
                self.frames.append([block, 1, 1, player, card, number, target, player, 0])
                self.steps = 1
                return
            self._push(block, player, card, number, target, player)
            self.settle()
            return
        c = self.here
        c.seat = c.actor = player
        c.card, c.number, c.target = card, number, target
        if leaf is None:  # it runs other blocks: all of it one tail (it cannot pause)
            tail = prog.tails[block]
            assert tail is not None and not tail[0]
            self.run_counted(tail[1], c)
        elif both is not None and len(leaf) <= MAX_STEPS:  # one or two plain sets, as
            self.steps = len(leaf)  # one (quick.sets: no fault); no step run before
            both(self, c)
        else:  # as run_now runs a leaf (the commonest block)
            self.run_flat(leaf, 1, c, 0)
        if self.over:
            return
        try:
            after = prog.phases[self.phase].after  # (_acted's, called at once)
            if after(self, c) if after is not None else self._acted(c):
                return
        except FAULTS as exc:
            self._flow_fault(exc)
            return
        self.settle()  # the phase's end effects, and on

    def _chance(self, action: Action) -> None:
        """Play the outcome of the chance awaited: a face of the die, a place of a grid
        rolled (``rollplace``), or a card of the shuffled pile drawn from."""
        src, dest, by, roll = self.pending[:4]  # a roll over places: its places after
        if self.over or not isinstance(action, int) or isinstance(action, bool) or not (
                action in self.pending[4:] if roll == PLACES else 1 <= action <= by if roll
                else 0 <= action < len(self.where) and self.where[action] == src):
            raise ValueError(f"illegal action {action!r}")
        self._legal, self.steps, self.pending = None, 0, []
        if roll:
            self.vars[dest] = action
            self.written = next(STAMPS)
        else:
            self.move(action, dest, by)
        if not self._redraw() and not self._resume():
            self.settle()

    def _redraw(self) -> bool:
        """After a chance outcome, when the frame on top has run its block and repeats
        it, the block beginning by waiting for chance (a draw of several cards from a
        shuffled pile, one by one: a deal): wait for the next at once, leaving the frame,
        the steps and the context of the frame run last as ``run_frames`` would leave them;
        False when play must go on through ``settle`` (nothing changed)."""
        frames = self.frames
        if not frames:
            return False
        f = frames[-1]
        if f[2] < 2:  # (the commonest answer first: the block runs once)
            return False
        wait = self.prog.opening[f[0]]
        if wait is None or f[1] < len(self.prog.blocks[f[0]]) or self.steps >= MAX_STEPS:
            return False
        seat = (f[3] + f[8]) % self.players
        if 0 <= f[7] != seat or not wait(self, seat):  # (it waits drawn by the seat)
            return False
        f[1], f[2], f[3] = 1, f[2] - 1, seat
        self.steps += 1
        last, here = self._here
        if f is not last:
            here.card, here.number, here.target, here.actor = f[4], f[5], f[6], f[7]
            self._here = (f, here)
        here.seat = seat
        return True

    def _resume(self) -> bool:
        """After a chance outcome: when the one frame left (an action's, a phase's start)
        has nothing left that may pause, run its rest at once as ``run_frames`` would (a
        flat step), then what follows an action as ``settle`` would; False when play must
        go on through ``settle``."""
        frames = self.frames
        if len(frames) != 1 or frames[0][2] != 1:
            return False
        f = frames[0]
        tail = self.prog.tails[f[0]]
        done = f[1] >= len(self.prog.blocks[f[0]])
        if not done and (tail is None or f[1] < tail[0]):
            return False
        frames.pop()
        if tail is not None and not done:
            here = self._here[1]
            here.card, here.number, here.target, here.actor = f[4], f[5], f[6], f[7]
            here.seat, self._here = f[3], (None, here)
            self.run_flat(tail[1][f[1] - tail[0]:], 1, here, 0)
        if self.over or self.stage not in (ACTING, STARTING):
            return self.over
        try:
            if self.stage == STARTING:
                self._started()
            elif not self._acted():
                self.settle()  # the phase's end effects, and on
        except FAULTS as exc:  # an end, until, skip or first that reads a wrong value
            self._flow_fault(exc)
        return True
