"""How a rules-file game goes on between the choices of its players: an action's effects
run, the end condition read, the phase ends or the next seat acts, whose legal actions
are then worked out; a paused program (a draw from a shuffled pile, a roll) waits for its
chance action. How a move is played is ``playing.Playing``'s, over this;
``state.RulesState`` adds the rest of the State API.

A broken rule of play (an effect repeated too often, a set-up that deals more than the
pile holds, a seat with no legal action) ends the game as a fault, which ``invariants``
reports at the rules file's line.
"""

from __future__ import annotations

from typing import Any

from generator.data.yamlsrc import Loc
from generator.engine.api import Action
from generator.rulesfile.position import Ctx
from generator.rulesfile.report import fault_text
from generator.rulesfile.running import FAULTS, MAX_STEPS, Running

SETUP, ACTING, ENDING, STARTING, READY = range(5)


class Flow(Running):
    """The flow of play over a position (see the module's words)."""

    _legal: list[Action] | None  # the seat to act's legal actions, once worked out
    _here: tuple[list[int] | None, Ctx]  # the frame run last and its context

    def ctx(self, seat: int) -> Ctx:
        """The context of play's flow at ``seat``: the action's choices, the seat to act
        (one object, refilled: an expression holds no context beyond its reading)."""
        c = Ctx(self, seat) if self.over else self.here  # (over: see RulesState.ended)
        _, c.card, c.number, c.target = self.acting
        c.seat, c.actor = seat, self.player
        return c

    def settle(self) -> None:
        """Run effects until play needs a choice, a chance outcome, or the game is over."""
        try:
            while not self.over:
                if self.frames and not self.run_frames():
                    return
                if self.frames or self.over:  # (a fault: nothing follows)
                    continue
                stage = self.stage
                if stage == ACTING:
                    if self._acted():
                        return
                elif stage == SETUP:
                    self.stage = STARTING
                    if self._enter(0) and self.pending:  # (its draw waits for chance)
                        return
                elif stage == ENDING:  # a phase ends only after an action: no loop here
                    if self._phase_over(True):
                        return
                elif stage == STARTING:
                    self._started()
                    return
        except FAULTS as exc:  # an end, until, skip or first that reads a wrong value
            self._flow_fault(exc)

    def _started(self) -> None:
        """A phase's start has run: the game ends, or its first seat acts (by the phase's
        own step when ``following`` made one, ``PhaseRule.started``)."""
        started = self.prog.phases[self.phase].started
        if started is not None:
            started(self)
            return
        c = self.ctx(self.player)  # read by end and first alike
        if not self._ended(c):
            self._first_player(c)

    def _phase_over(self, read_end: bool) -> bool:
        """A phase's end has run (nothing of it left to run): the game ends (the end read
        again when ``read_end``, else as just read), or the next phase starts; False when
        its start left frames for ``settle`` to run, True when play waits (for a choice,
        for chance) or is over."""
        if read_end and self._ended():
            return True
        self.stage = STARTING
        if not self._enter(self.prog.phases[self.phase].next):
            self._first_player()  # the end as just read
            return True
        if self.pending or self.over:  # (its start's draw waits for chance)
            return True
        if self.frames:
            return False
        self._started()  # its start ran at once
        return True

    _end_at_once = _phase_over  # after an action, at once (False: through settle instead)

    def _enter(self, phase: int) -> bool:
        """Start a phase; False when its start has no effects (nothing changed). A start
        that begins by waiting for chance (a draw from a shuffled pile, a roll) waits at
        once, leaving the frame and the steps as ``run_frames`` would."""
        self.phase = phase
        prog = self.prog
        start = prog.phases[phase].start
        wait = prog.opening[start]
        if wait is not None and self.steps < MAX_STEPS and wait(self, self.player):
            self.steps += 1
            self.frames.append([start, 1, 1, self.player, -1, 0, -1, self.player, 0])
            return True
        if not prog.blocks[start]:  # nothing to run
            return False
        self._push(start, self.player, actor=self.player)
        return True

    def _ended(self, c: Ctx | None = None) -> bool:
        assert self.prog.end is not None
        if self.prog.end(c or self.ctx(self.player)):
            self.over = True
        return self.over

    def _acted(self, c: Ctx | None = None) -> bool:
        """After an action's effects: the game ends, the phase ends (False: its ``end``
        effects run next), or the next seat (or the same one, with ``again``) acts.
        ``c``: the action's context as its effects left it (else filled here). A phase
        whose shape ``following`` fuses goes on by its own step (``PhaseRule.after``)."""
        prog, player = self.prog, self.player
        if c is None:
            c = self.here  # read by again, end, until and skip alike (ctx, in place)
            _, c.card, c.number, c.target = self.acting
            c.seat = c.actor = player
        phase = prog.phases[self.phase]
        if phase.after is not None:
            return phase.after(self, c)
        rule = prog.actions[self.acting[0]]
        again = rule.again is not None and bool(rule.again(c))
        self.turns += not again
        seen = prog.end_seen  # the end as last read, while no card moved since
        if seen[1] if seen is not None and seen[0] == self.moved else prog.end(c):
            self.over = True
            return True
        if phase.until is not None and phase.until(c):
            return self._until_held(player, again)
        if again:
            pass
        elif phase.skip is None:  # the next seat, none skipped
            self.player = (player + 1) % self.players
        else:  # _next_seat's loop, written out (it reports a phase that skips every seat)
            skip, players = phase.skip, self.players
            for step in range(1, players + 1):
                c.seat = seat = (player + step) % players
                if not skip(c):
                    self.player = seat
                    break
            else:
                self._next_seat((player + 1) % players, c)
        self._ready()
        return True

    def _until_held(self, player: int, again: bool) -> bool:
        """The phase's ``until`` held after ``player``'s action: its end's effects run
        and the next phase starts (``_acted``'s answer)."""
        phase, prog = self.prog.phases[self.phase], self.prog
        self.stage = ENDING
        if not again:
            self.player = (player + 1) % self.players
        # a phase that ends running nothing, when the end reads no seat: the end as
        # just read holds (settle's ENDING without reading it again)
        if prog.blocks[phase.end]:
            self._push(phase.end, self.player, actor=self.player)
            if self.frames or self.over:
                return False  # settle runs them (or stops at the fault)
            return self._end_at_once(True)
        return self._end_at_once(not prog.end_fixed)

    def _first_player(self, c: Ctx | None = None) -> None:
        """The phase's first seat not skipped acts (``c``: the context of play's flow at
        the seat to act, filled here when the phase names a first seat or skips some;
        else the seat to act goes on)."""
        phase = self.prog.phases[self.phase]
        if phase.first is None and phase.skip is None:
            self._ready()
            return
        c = self.ctx(self.player) if c is None else c
        seat = self.player if phase.first is None else phase.first(c)
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            self.no_seat(seat)
            return
        self._next_seat(seat, c)
        self._ready()

    def no_seat(self, seat: Any) -> None:
        """A fault of play: the phase's ``first`` names no seat."""
        self.fail(self.prog.phases[self.phase].loc + ("first",),
                  f"names seat {seat!r}, not one of 0 to {self.players - 1}")

    def _next_seat(self, seat: int, c: Ctx | None = None) -> None:
        """The first seat from ``seat`` on not skipped acts (``c`` moved seat to seat)."""
        skip = self.prog.phases[self.phase].skip
        if skip is None:
            self.player = seat
            return
        c = self.ctx(seat) if c is None else c
        for step in range(self.players):
            c.seat = candidate = (seat + step) % self.players
            if not skip(c):
                self.player = candidate
                return
        phase = self.prog.phases[self.phase]
        self.fail(phase.loc + ("skip",), f"phase '{phase.id}' skips every seat")

    def _ready(self) -> list[Action]:
        """The seat to act's legal actions worked out and kept (a fault of play if none)."""
        if self.over:
            return []
        self.stage = READY
        try:
            self.memo = {} if self.prog.memos else None
            here = self.here  # the seat to act, nothing chosen (offers put back what moves)
            here.seat = here.actor = self.player
            here.card, here.number, here.target = -1, 0, -1
            phase = self.prog.phases[self.phase]
            if phase.plain is not None:  # nothing to choose: each action whose test holds
                legal = []
                for action, test in phase.plain:  # (a loop: no comprehension's call)
                    if test is None or test(here):
                        legal.append(action)
            elif phase.whole is not None:  # kept, shared: read, never changed
                legal = phase.whole(self, here)
            else:
                legal = []
                for offer in phase.offers:
                    if type(offer) is tuple:  # always legal, nothing chosen
                        legal.append(offer)
                    else:
                        offer(self, here, legal)
                if self.over:
                    legal = []
            self._legal = legal
        except FAULTS as exc:
            self.unlisted(exc)
            return []
        finally:
            self.memo = None
        if not legal and not self.over:
            self.none_legal()
        return legal

    def unlisted(self, exc: Exception) -> None:
        """A fault of play: the legal actions read a wrong value."""
        self.fail(self.prog.phases[self.phase].loc + ("actions",),
                  f"the legal actions cannot be worked out: {exc}")

    def none_legal(self) -> None:
        """A fault of play: the seat to act has no legal action."""
        phase = self.prog.phases[self.phase]
        self.fail(phase.loc + ("actions",), f"P{self.player + 1} has no legal action in "
                  f"phase '{phase.id}' (add one, e.g. a pass, that is always legal)")

    def run_frames(self) -> bool:
        """Run the paused program; False when it waits for chance."""
        blocks, frames = self.prog.blocks, self.frames
        last, here = self._here  # the context of the frame run last, kept while paused
        while frames:
            f = frames[-1]
            block = blocks[f[0]]
            if f[1] >= len(block):
                if f[2] > 1:
                    f[1], f[2], f[3] = 0, f[2] - 1, (f[3] + f[8]) % self.players
                else:
                    frames.pop()
                continue
            if f is not last:  # the one context, refilled (none keeps it once run)
                here.card, here.number, here.target, here.actor = f[4], f[5], f[6], f[7]
                last, self._here = f, (f, here)
            here.seat = f[3]
            tail = self.prog.tails[f[0]]
            if tail is not None and f[1] >= tail[0] and f[2] == 1:  # the rest cannot
                # pause: run at once, as one step (a phase's start after its draw)
                frames.pop()
                self.run_flat(tail[1][f[1] - tail[0]:], 1, here, 0)
                if self.over:
                    return True
                continue
            ins = block[f[1]]
            f[1] += 1
            self.steps += 1
            if self.steps > MAX_STEPS:
                self.fail(ins.loc, f"ran more than {MAX_STEPS} steps in one action")
            try:
                if ins.of is not None:  # the seat in focus moved for this one (put back
                    # before the next: here.seat = f[3])
                    here.seat = ins.of(here) % self.players
                if self.over or not ins.run(self, here):
                    return self.over
            except FAULTS as exc:
                self.fail(ins.loc, f"cannot be worked out here: {fault_text(exc)}")
        return True

    def _push(self, block: int, seat: int, card: int = -1, number: int = 0,
              target: int = -1, actor: int = -1) -> None:
        """Run a block once: at once if it cannot pause, else as a frame of the program
        (an empty block, a phase's start or end without effects: nothing to run)."""
        if self.prog.pausing[block]:
            self.frames.append([block, 0, 1, seat, card, number, target, actor, 0])
        elif self.prog.blocks[block]:
            c = self.here
            c.seat, c.card, c.number, c.target, c.actor = seat, card, number, target, actor
            tail = self.prog.tails[block]  # a block that cannot pause is one tail
            assert tail is not None
            self.run_flat(tail[1], 1, c, 0)

    def fail(self, loc: Loc, message: str) -> None:
        if self.fault is None:
            self.fault = (loc, message)
        self.over, self.pending = True, []
        self.frames.clear()

    def _legal_list(self) -> list[Action]:
        """The legal actions of the seat to act, worked out once per position."""
        return self._legal if self._legal is not None else self._ready()

    def _flow_fault(self, exc: Exception) -> None:
        """An end, until, skip or first that reads a wrong value: a fault at the phase."""
        self.fail(self.prog.phases[self.phase].loc, f"cannot be worked out: {exc}")
