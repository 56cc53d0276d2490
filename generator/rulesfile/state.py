"""A compiled rules file played through the engine's State API.

The state is plain data: cards in zone slots (a zone of each player has one slot per
seat), whole-number variables, the phase, the seat to act, and the paused program (a
stack of frames) while an effect waits for chance. Chance actions are the card drawn from
a shuffled pile (its number) or the face a die shows. A broken rule of play (an effect
repeated too often, a set-up that deals more than the pile holds, a seat with no legal
action) ends the game as a fault, which ``invariants`` reports at the rules file's line.
"""

from __future__ import annotations

import json
import random
from typing import Any

from generator.data.yamlsrc import Loc
from generator.engine.api import CHANCE, TERMINAL, Action
from generator.rulesfile.choices import legal_choices
from generator.rulesfile.knowledge import determinize, in_words, information, view
from generator.rulesfile.position import STAMPS, Ctx, Position
from generator.rulesfile.program import Program

SETUP, ACTING, ENDING, STARTING, READY = range(5)
# what an expression may raise on values of the wrong kind (a word added to a number)
FAULTS = (TypeError, ValueError, ZeroDivisionError, IndexError, KeyError)
MAX_STEPS = 100_000  # instructions one action may run (effects cannot loop, this is a guard)


class RulesState(Position):
    prog: Program  # the compiled rules (the position names them loosely)
    def __init__(self, prog: Program, players: int):
        self.prog, self.players = prog, players
        self.zone_slot, self.owner_zone, self.var_slot = prog.layout(players)
        self.zones: list[list[int]] = [[] for _ in self.owner_zone]
        # whether a zone's list is this state's own (False: shared with a clone, copied
        # before it is changed)
        self.own = [True] * len(self.zones)
        self.random = [prog.zones[index].random for index in self.owner_zone]  # shuffled
        # something lies where some seat cannot see it (fair search redeals it)
        self.hidden_information = any(zone.see != "all" for zone in prog.zones)
        self.where = [0] * len(prog.table)
        self.by = [-1] * len(prog.table)
        self.vars: list[Any] = [0] * sum(players if owned else 1 for _, owned, *_ in prog.vars)
        self.counts = [0] * len(prog.events)
        self.frames: list[list[int]] = []
        self.pending: list[int] = []  # [from slot, to slot, by seat, 0] or [-1, var, sides, 1]
        self.acting = [-1, -1, 0, -1]  # action, card, number, target
        self.steps = 0  # instructions run in this action (see MAX_STEPS)
        self.moved = self.written = next(STAMPS)  # stamps of change: written.remembered
        self.stage, self.phase, self.player, self.turns, self.over = SETUP, 0, 0, 0, False
        self.fault: tuple[Loc, str] | None = None
        self._legal: list[Action] | None = None
        self.memo: dict[Any, Any] | None = None  # while the legal actions are worked out
        self._here: tuple[list[int] | None, Ctx] = (None, Ctx(self, 0))  # see run_frames
        self.here = Ctx(self, 0)  # the context of the action and of play's flow (``ctx``)

    # -- set-up and the flow of play --------------------------------------------------

    def start(self) -> RulesState:
        """Fill the zones that start with pieces, set the variables, run the set-up."""
        for slot, index in enumerate(self.owner_zone):
            piece = self.prog.zones[index].start
            if piece is not None:
                cards = [i for i, p in enumerate(self.prog.table.pieces) if p == piece]
                self.zones[slot] = cards
                for card in cards:
                    self.where[card] = slot
        for name, owned, value, _ in self.prog.vars:
            base = self.var_slot[name]
            for s in range(self.players if owned else 1):
                self.vars[base + s] = value
        self._push(self.prog.setup, 0)
        self.settle()
        return self

    def ctx(self, seat: int) -> Ctx:
        """The context of play's flow at ``seat``: the action's choices, the seat to act
        (one object, refilled: an expression holds no context beyond its reading)."""
        c = self.here
        _, c.card, c.number, c.target = self.acting
        c.seat, c.actor = seat, self.player
        return c

    def settle(self) -> None:
        """Run effects until play needs a choice, a chance outcome, or the game is over."""
        try:
            while not self.over:
                if self.frames and not self.run_frames():
                    return
                if self.frames:
                    continue
                stage = self.stage
                if stage == ACTING:
                    if self._acted():
                        return
                elif stage == SETUP:
                    self.stage = STARTING
                    self._enter(0)
                elif stage == ENDING:  # a phase ends only after an action: no loop here
                    if self._ended():
                        return
                    self.stage = STARTING
                    if not self._enter(self.prog.phases[self.phase].next):
                        self._first_player(self.ctx(self.player))  # the end as just read
                        return
                elif stage == STARTING:
                    c = self.ctx(self.player)  # read by end and first alike
                    if not self._ended(c):
                        self._first_player(c)
                    return
        except FAULTS as exc:  # an end, until, skip or first that reads a wrong value
            phase = self.prog.phases[self.phase]
            self.fail(phase.loc, f"cannot be worked out: {exc}")

    def _enter(self, phase: int) -> bool:
        """Start a phase; False when its start has no effects (nothing changed)."""
        self.phase = phase
        start = self.prog.phases[phase].start
        self._push(start, self.player, actor=self.player)
        return bool(self.prog.blocks[start])

    def _ended(self, c: Ctx | None = None) -> bool:
        assert self.prog.end is not None
        if self.prog.end(c or self.ctx(self.player)):
            self.over = True
        return self.over

    def _acted(self) -> bool:
        """After an action's effects: the game ends, the phase ends (False: its ``end``
        effects run next), or the next seat (or the same one, with ``again``) acts."""
        prog, player = self.prog, self.player
        rule = prog.actions[self.acting[0]]
        c = self.ctx(player)  # read by again, end, until and skip alike
        again = rule.again is not None and bool(rule.again(c))
        self.turns += not again
        if prog.end(c):  # type: ignore[misc]
            self.over = True
            return True
        phase = prog.phases[self.phase]
        if phase.until is not None and phase.until(c):
            self.stage = ENDING
            if not again:
                self.player = (player + 1) % self.players
            self._push(phase.end, self.player, actor=self.player)
            return False
        if not again:
            self._next_seat((player + 1) % self.players, c)
        self._ready()
        return True

    def _first_player(self, c: Ctx) -> None:
        phase = self.prog.phases[self.phase]
        seat = self.player if phase.first is None else phase.first(c)
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            self.fail(phase.loc + ("first",), f"names seat {seat!r}, not one of 0 to "
                      f"{self.players - 1}")
            return
        self._next_seat(seat)
        self._ready()

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
        """The seat to act chooses: its legal actions worked out (and kept), a fault of
        play if it has none."""
        if self.over:
            return []
        self.stage = READY
        try:
            self.memo = {} if self.prog.memos else None
            self._legal = legal = legal_choices(self)
        except FAULTS as exc:
            self.fail(self.prog.phases[self.phase].loc + ("actions",),
                      f"the legal actions cannot be worked out: {exc}")
            return []
        finally:
            self.memo = None
        if not legal and not self.over:
            phase = self.prog.phases[self.phase]
            self.fail(phase.loc + ("actions",), f"P{self.player + 1} has no legal action in "
                      f"phase '{phase.id}' (add one, e.g. a pass, that is always legal)")
        return legal

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
            ins = block[f[1]]
            f[1] += 1
            if f is not last:  # a frame's context, made once (its seat moved on in place)
                last, here = self._here = f, Ctx(self, f[3], f[4], f[5], f[6], f[7])
            here.seat = f[3]
            self.steps += 1
            if self.steps > MAX_STEPS:
                self.fail(ins.loc, f"ran more than {MAX_STEPS} steps in one action")
            try:
                c = here if ins.of is None else here.at(ins.of(here) % self.players)
                if self.over or not ins.run(self, c):
                    return self.over
            except FAULTS as exc:
                self.fail(ins.loc, f"cannot be worked out here: {exc}")
        return True

    def run_now(self, block: int, times: int, c: Ctx, step: int) -> None:
        """Run a block that cannot pause ``times`` times, at once and without a frame (the
        seat in focus, in a copy of ``c``, moving on by ``step``), as ``run_frames`` would."""
        code, players, c = self.prog.blocks[block], self.players, c.at(c.seat) if step else c
        for _ in range(times):
            for ins in code:
                self.steps += 1
                if self.steps > MAX_STEPS:
                    self.fail(ins.loc, f"ran more than {MAX_STEPS} steps in one action")
                    return
                try:
                    ins.run(self, c if ins.of is None else c.at(ins.of(c) % players))
                except FAULTS as exc:
                    self.fail(ins.loc, f"cannot be worked out here: {exc}")
                if self.over:
                    return
            if step:
                c.seat = (c.seat + step) % players

    def _push(self, block: int, seat: int, card: int = -1, number: int = 0,
              target: int = -1, actor: int = -1) -> None:
        """Run a block once: at once if it cannot pause, else as a frame of the program
        (an empty block, a phase's start or end without effects: nothing to run)."""
        if self.prog.pausing[block]:
            self.frames.append([block, 0, 1, seat, card, number, target, actor, 0])
        elif self.prog.blocks[block]:
            c = self.here
            c.seat, c.card, c.number, c.target, c.actor = seat, card, number, target, actor
            self.run_now(block, 1, c, 0)

    def fail(self, loc: Loc, message: str) -> None:
        if self.fault is None:
            self.fault = (loc, message)
        self.over, self.pending = True, []
        self.frames.clear()

    def move(self, card: int, slot: int, seat: int) -> None:
        zones, own, old = self.zones, self.own, self.where[card]
        if not own[old]:
            zones[old], own[old] = list(zones[old]), True
        if not own[slot]:
            zones[slot], own[slot] = list(zones[slot]), True
        zones[old].remove(card)
        zones[slot].append(card)
        self.where[card], self.by[card] = slot, seat
        self.moved = next(STAMPS)

    # -- the State API ----------------------------------------------------------------

    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        return CHANCE if self.pending else self.player

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        if self.pending:
            src, var, sides, roll = self.pending
            return list(range(1, sides + 1)) if roll else sorted(self.zones[src])
        return list(self._legal if self._legal is not None else self._legal_list())

    def _legal_list(self) -> list[Action]:
        """The legal actions of the seat to act, worked out once per position."""
        return self._legal if self._legal is not None else self._ready()

    def apply_action(self, action: Action) -> None:
        legal = self._legal  # a seat to act, its legal actions worked out: no chance
        if legal is not None and not self.over:
            if action not in legal:
                raise ValueError(f"illegal action {action!r}")
            self._legal, self.steps = None, 0
            self._act(action)
        elif not self._is_legal(action):
            raise ValueError(f"illegal action {action!r}")
        elif self.pending:
            self._legal, self.steps = None, 0
            src, dest, by, roll = self.pending
            self.pending = []
            if roll:
                self.vars[dest] = int(action)  # type: ignore[arg-type]
                self.written = next(STAMPS)
            else:
                self.move(int(action), dest, by)  # type: ignore[arg-type]
        else:
            self._legal, self.steps = None, 0
            self._act(action)
        self.settle()

    def _is_legal(self, action: Action) -> bool:
        if self.over:
            return False
        if not self.pending:
            return action in (self._legal if self._legal is not None else self._legal_list())
        src, _, sides, roll = self.pending
        if not isinstance(action, int) or isinstance(action, bool):
            return False
        return 1 <= action <= sides if roll else (
            0 <= action < len(self.where) and self.where[action] == src)

    def _act(self, action: Any) -> None:
        """Play ``action``, one of the legal actions (a tuple: its name, its choices)."""
        prog, player = self.prog, self.player
        index = prog.action_index[action[0]]
        rule = prog.actions[index]
        card, target, number = rule.decoder(action)
        self.acting = [index, card, number, target]
        self.stage = ACTING
        self._push(rule.block, player, card, number, target, player)

    def is_terminal(self) -> bool:
        return self.over

    def returns(self) -> list[float]:
        assert self.prog.score is not None
        try:
            return [float(self.prog.score(self.ctx(s))) for s in range(self.players)]
        except FAULTS as exc:
            self.fail(("score",), f"cannot be worked out: {exc}")
            return [0.0] * self.players

    def winners(self) -> list[int]:
        """Highest score, then each tie-break in turn (higher wins)."""
        keys = [tuple([self.returns()[s]] + [t(self.ctx(s)) for t in self.prog.tiebreak])
                for s in range(self.players)]
        best = max(keys)
        return [s for s, key in enumerate(keys) if key == best]

    def turn_count(self) -> int:
        return self.turns

    def clone(self) -> RulesState:
        other = RulesState.__new__(RulesState)
        other.__dict__.update(self.__dict__)
        other.zones = list(self.zones)  # each zone copied when either state changes it
        self.own = [False] * len(self.zones)
        other.own = list(self.own)
        other.where, other.by, other.vars = list(self.where), list(self.by), list(self.vars)
        other.counts, other.pending = list(self.counts), list(self.pending)
        other.frames = [list(f) for f in self.frames]
        other.acting = list(self.acting)
        other._legal = None
        other._here, other.here = (None, Ctx(other, 0)), Ctx(other, 0)
        return other

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "zones": [list(z) for z in self.zones],
                "by": list(self.by), "vars": list(self.vars), "counts": list(self.counts),
                "frames": [list(f) for f in self.frames], "pending": list(self.pending),
                "acting": list(self.acting), "stage": self.stage, "phase": self.phase,
                "player": self.player, "turns": self.turns, "over": self.over,
                "fault": [list(self.fault[0]), self.fault[1]] if self.fault else None}

    def invariants(self) -> list[str]:
        broken = []
        if self.fault is not None:
            loc, message = self.fault
            broken.append(f"{self.prog.source.problem(loc, message, 'rules-play').format()}")
        if sum(map(len, self.zones)) != len(self.prog.table):
            broken.append("cards were lost or doubled between zones")
        for name, owned, _, low in self.prog.vars:
            base = self.var_slot[name]
            for s in range(self.players if owned else 1):
                value = self.vars[base + s]
                if low is not None and isinstance(value, int) and value < low:
                    broken.append(f"variable '{name}' fell to {self.vars[base + s]}, under "
                                  f"its minimum {low}")
        return broken

    def events(self) -> dict[str, int]:
        return dict(zip(self.prog.events, self.counts, strict=True))

    def view(self) -> dict[str, Any]:
        """Zones and variables by name (see ``knowledge.view``)."""
        return view(self)

    def describe(self) -> str:
        return f"phase {self.prog.phases[self.phase].id}, P{self.player + 1} to act"

    def action_to_string(self, action: Action) -> str:
        return in_words(self, action)

    # -- what a seat knows (for fair search) ------------------------------------------

    def information(self, seat: int) -> str:
        """What ``seat`` has seen, as canonical JSON (``State.information``)."""
        return json.dumps(self.seen_by(seat), sort_keys=True, separators=(",", ":"))

    def seen_by(self, seat: int) -> dict[str, Any]:
        """The state with the zones ``seat`` cannot see shown as card counts."""
        return information(self, seat)

    def determinize(self, seat: int, rng: random.Random) -> RulesState:
        """A state ``seat`` cannot tell from this one (see ``knowledge.determinize``)."""
        return determinize(self, seat, rng)
