"""Running a block of effects that cannot pause at once, without a frame: by the
functions of its instructions (a leaf block, a tail: ``quick``), or instruction by
instruction near the limit of steps or when it runs other blocks. ``flow.Flow`` adds the
flow of play (frames that wait for chance among it)."""

from __future__ import annotations

from typing import Any

from generator.rulesfile.position import Ctx, Position
from generator.rulesfile.report import fault_text

# what an expression may raise on values of the wrong kind (a word added to a number)
FAULTS = (TypeError, ValueError, ZeroDivisionError, IndexError, KeyError)
MAX_STEPS = 100_000  # instructions one action may run (effects cannot loop, this is a guard)


class Running(Position):
    """Blocks run at once over a position (see the module's words)."""

    def run_now(self, block: int, times: int, c: Ctx, step: int) -> None:
        """Run a block that cannot pause ``times`` times, at once and without a frame (the
        seat in focus moving on by ``step``, put back after), as ``run_frames`` would."""
        leaf = self.prog.leaves[block]
        if leaf is None:  # it runs other blocks: all of it one tail (it cannot pause)
            tail = self.prog.tails[block]
            assert tail is not None and not tail[0]
            self._run_code(tail[1], times, c, step)
        else:
            self.run_flat(leaf, times, c, step)

    def run_flat(self, flat: tuple[Any, ...], times: int, c: Ctx, step: int) -> None:
        """Run instructions that cannot pause (a leaf block, quick.leaves; a tail,
        quick.tails) ``times`` times as ``run_now`` would, each by its own function, their
        steps counted at once (one by one, by ``_run_code``, near the limit)."""
        size = len(flat)
        if self.steps + size * times > MAX_STEPS:
            self._run_code(flat, times, c, step)
            return
        self.steps += size * times
        seat = c.seat
        try:
            for _ in range(times):  # the instructions, times over
                for ins, run in flat:
                    try:
                        run(self, c)
                    except FAULTS as exc:
                        self.fail(ins.loc, f"cannot be worked out here: {fault_text(exc)}")
                    if self.over:
                        return
                if step:  # the next seat's turn
                    c.seat = (c.seat + step) % self.players
        finally:
            c.seat = seat

    def run_counted(self, flat: tuple[Any, ...], c: Ctx) -> None:
        """Run once, each by its own function, the instructions of a block that cannot
        pause but runs other blocks (quick.tails: an action's ``do`` with an ``if``), each
        step counted as it comes (``_run_code``)."""
        self._run_code(flat, 1, c, 0)

    def _run_code(self, flat: tuple[Any, ...], times: int, c: Ctx, step: int) -> None:
        """``run_now`` for a block that is not a leaf (its tail, quick.tails: it cannot
        pause), and ``run_flat`` near the limit of steps: each instruction by its own
        function, each step counted as it comes (the seat in focus moving on by ``step``,
        put back after)."""
        start = seat = c.seat
        players = self.players
        try:
            for _ in range(times):
                for ins, run in flat:
                    self.steps += 1
                    if self.steps > MAX_STEPS:
                        self.fail(ins.loc, f"ran more than {MAX_STEPS} steps in one action")
                        return
                    try:
                        run(self, c)
                    except FAULTS as exc:
                        self.fail(ins.loc, f"cannot be worked out here: {fault_text(exc)}")
                    if self.over:
                        return
                    c.seat = seat
                if step:
                    c.seat = seat = (seat + step) % players
        finally:
            c.seat = start
