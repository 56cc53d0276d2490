"""Running a block of effects that cannot pause at once, without a frame: by the
functions of its instructions (a leaf block, a tail: ``quick``), or instruction by
instruction near the limit of steps or when it runs other blocks. ``flow.Flow`` adds the
flow of play (frames that wait for chance among it)."""

from __future__ import annotations

from typing import Any

from generator.rulesfile.position import Ctx, Position

# what an expression may raise on values of the wrong kind (a word added to a number)
FAULTS = (TypeError, ValueError, ZeroDivisionError, IndexError, KeyError)
MAX_STEPS = 100_000  # instructions one action may run (effects cannot loop, this is a guard)


class Running(Position):
    """Blocks run at once over a position (see the module's words)."""

    def run_now(self, block: int, times: int, c: Ctx, step: int) -> None:
        """Run a block that cannot pause ``times`` times, at once and without a frame (the
        seat in focus moving on by ``step``, put back after), as ``run_frames`` would."""
        leaf = self.prog.leaves[block]
        if leaf is None:
            self._run_code(self.prog.blocks[block], times, c, step)
        else:
            self.run_flat(leaf, times, c, step)

    def run_flat(self, flat: tuple[Any, ...], times: int, c: Ctx, step: int) -> None:
        """Run instructions that cannot pause (a leaf block, quick.leaves; a tail,
        quick.tails) ``times`` times as ``run_now`` would, each by its own function, their
        steps counted at once (one by one, by ``_run_code``, near the limit)."""
        size = len(flat)
        if self.steps + size * times > MAX_STEPS:
            self._run_code([ins for ins, _ in flat], times, c, step)
            return
        self.steps += size * times
        seat, last = c.seat, size - 1
        if times == 1 and not step:  # once, the focus kept (a tail, a then): no counting
            try:
                for ins, run in flat:
                    try:
                        run(self, c)
                    except FAULTS as exc:
                        self.fail(ins.loc, f"cannot be worked out here: {exc}")
                    if self.over:
                        return
            finally:
                c.seat = seat
            return
        try:
            for i in range(size * times):  # the instructions, times over
                ins, run = flat[i % size]
                try:
                    run(self, c)
                except FAULTS as exc:
                    self.fail(ins.loc, f"cannot be worked out here: {exc}")
                if self.over:
                    return
                if step and i % size == last:  # the next seat's turn
                    c.seat = (c.seat + step) % self.players
        finally:
            c.seat = seat

    def _run_code(self, code: list[Any], times: int, c: Ctx, step: int) -> None:
        """``run_now`` for a block that is not a leaf, instruction by instruction (the seat
        in focus moved for an instruction with ``of`` alone, put back after)."""
        start = seat = c.seat
        players = self.players
        try:
            for _ in range(times):
                for ins in code:
                    self.steps += 1
                    if self.steps > MAX_STEPS:
                        self.fail(ins.loc, f"ran more than {MAX_STEPS} steps in one action")
                        return
                    try:
                        if ins.of is not None:
                            c.seat = ins.of(c) % players
                        ins.run(self, c)
                    except FAULTS as exc:
                        self.fail(ins.loc, f"cannot be worked out here: {exc}")
                    if self.over:
                        return
                    c.seat = seat
                if step:
                    c.seat = seat = (seat + step) % players
        finally:
            c.seat = start
