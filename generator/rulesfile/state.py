"""A compiled rules file played through the engine's State API.

The state is plain data: cards in zone slots (a zone of each player has one slot per
seat), whole-number variables, the phase, the seat to act, and the paused program (a
stack of frames) while an effect waits for chance. Chance actions are the card drawn from
a shuffled pile (its number) or the face a die shows. How an action is played is
``playing.Playing``'s, how play goes on between choices ``flow.Flow``'s; a fault of play
ends the game, and ``invariants`` reports it at the rules file's line.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from generator.data.yamlsrc import Loc
from generator.engine.api import CHANCE, TERMINAL, Action
from generator.rulesfile.flow import FAULTS, SETUP
from generator.rulesfile.knowledge import determinize, in_words, information, view
from generator.rulesfile.playing import Playing
from generator.rulesfile.position import STAMPS, Ctx
from generator.rulesfile.program import Program
from generator.rulesfile.report import fault_text
from generator.rulesfile.rollplace import PLACES, outcomes


class RulesState(Playing):
    prog: Program  # the compiled rules (the position names them loosely)
    def __init__(self, prog: Program, players: int):
        if prog.players != players:  # its closures read slots laid out for another count
            raise ValueError(f"rules compiled for {prog.players} players, not {players}")
        self.prog, self.players = prog, players
        blank = prog.blanks.get(players) or _blank(prog, players)
        self.zone_slot, self.owner_zone, self.var_slot = blank.layout
        self.zones: list[list[int]] = list(blank.zones)  # the blank's piles, shared
        # whether a zone's list is this state's own (False: shared with a clone or the
        # blank, copied before it is changed)
        self.own = [False] * len(self.zones)
        self.random = blank.random  # by slot: a shuffled pile
        # something lies where some seat cannot see it (fair search redeals it)
        self.hidden_information = blank.hidden
        self.where = list(blank.where)
        self.by = [-1] * len(prog.table)
        self.vars: list[Any] = list(blank.vars)
        self.counts = [0] * len(prog.events)
        self.frames: list[list[int]] = []
        # [from slot, to slot, by seat, 0], [-1, var, sides, 1] or [-1, var, width, 2, *places]
        self.pending: list[int] = []
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
        """Run the set-up (the zones hold their starting pieces, the variables their
        starting values: see ``Blank``)."""
        self._push(self.prog.setup, 0)
        self.settle()
        return self

    # -- the State API ----------------------------------------------------------------

    def current_player(self) -> int:
        if self.over:
            return self.ended()
        return CHANCE if self.pending else self.player

    def ended(self) -> int:
        """The game is over: the contexts of play's flow let go (TERMINAL). Each refers to
        the state, which refers to them: a cycle that only the cycle collector frees, which
        would keep every finished game in memory until it runs; once over, ``ctx`` makes
        one for each reading (the score, the tie-breaks) that nothing keeps."""
        self.__dict__.pop("here", None)
        self.__dict__.pop("_here", None)
        return TERMINAL

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        if self.pending:
            src, var, sides, roll = self.pending[:4]
            if roll == PLACES:  # a roll over a grid's places (rollplace)
                return outcomes(self.pending)
            return list(range(1, sides + 1)) if roll else sorted(self.zones[src])
        return list(self._legal if self._legal is not None else self._legal_list())

    def is_terminal(self) -> bool:
        if self.over:
            self.ended()
        return self.over

    def returns(self) -> list[float]:
        assert self.prog.score is not None
        try:
            return [float(self.prog.score(self.ctx(s))) for s in range(self.players)]
        except FAULTS as exc:
            self.fail(("score",), f"cannot be worked out: {fault_text(exc)}")
            return [0.0] * self.players

    def winners(self) -> list[int]:
        """Highest score, then each tie-break in turn (higher wins)."""
        scores = self.returns()
        try:
            keys = [tuple([scores[s]] + [t(self.ctx(s)) for t in self.prog.tiebreak])
                    for s in range(self.players)]
            best = max(keys)
        except FAULTS as exc:  # a tie-break of words and numbers: a fault of the rules
            self.fail(("tiebreak",), f"cannot be worked out: {fault_text(exc)}")
            keys, best = [(score,) for score in scores], (max(scores),)
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


@dataclass(frozen=True)
class Blank:
    """A new game of a player count before its set-up: the zones and variables laid out,
    the zones that start with pieces filled, the variables at their starting values. Made
    once per player count and shared by every new state (a pile copied when it changes)."""

    layout: tuple[dict[str, int], list[int], dict[str, int]]  # see Program.layout
    zones: tuple[list[int], ...]
    where: list[int]
    vars: list[Any]
    random: list[bool]
    hidden: bool


def _blank(prog: Program, players: int) -> Blank:
    zone_slot, owner_zone, var_slot = layout = prog.layout(players)
    zones: list[list[int]] = [[] for _ in owner_zone]
    where = [0] * len(prog.table)
    for slot, index in enumerate(owner_zone):
        piece = prog.zones[index].start
        if piece is not None:
            zones[slot] = [i for i, p in enumerate(prog.table.pieces) if p == piece]
            for card in zones[slot]:
                where[card] = slot
    values: list[Any] = [0] * sum(players if owned else 1 for _, owned, *_ in prog.vars)
    for name, owned, value, _ in prog.vars:
        for s in range(players if owned else 1):
            values[var_slot[name] + s] = value
    prog.blanks[players] = blank = Blank(
        layout, tuple(zones), where, values, [prog.zones[i].random for i in owner_zone],
        any(zone.see != "all" for zone in prog.zones))
    return blank
