"""The rules language's effects, compiled into blocks of small instructions (``ins``).

Every block is a list of instructions, numbered in one table, so a paused program (a draw
from a shuffled pile waits for chance) is plain data: a stack of frames naming a block and
a position. An instruction either runs at once (``True``) or pauses for a chance action
(``False``); composite effects (``if``, ``repeat``, ``each_player``, ``call``, a ``draw``
of several cards) push a frame of their block.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from generator.data.yamlsrc import Loc
from generator.rulesfile import placing, plugins, seatmove
from generator.rulesfile.expr import Compiler, Ctx, Fn
from generator.rulesfile.ins import (
    Change,
    DrawOne,
    Event,
    Ins,
    MoveAll,
    Play,
    Plugin,
    Push,
    Roll,
)
from generator.rulesfile.placing import DrawTo, MoveEach, PlayTo
from generator.rulesfile.rollplace import roll_places

SlotFn = Callable[[Ctx], int]

# What each effect takes beside its own word ("of" is taken by every effect).
EFFECT_KEYS: dict[str, tuple[str, ...]] = {
    "draw": ("to", "count"), "play": (), "move_all": ("to",), "gain": (), "pay": (),
    "set": (), "roll": ("sides", "places", "where"), "if": ("then", "else"), "repeat": ("do",),
    "each_player": (), "call": (), "event": (), "plugin": plugins.PLUGIN_KEYS,
}


class EffectCompiler:
    """Effects -> instruction blocks, with every name checked (problems located)."""

    def __init__(self, exprs: Compiler, procedures: dict[str, Any], events: list[str]):
        self.x = exprs
        self.report = exprs.report
        self.blocks: list[list[Ins]] = []
        self.procedures = procedures  # name -> its YAML effects (compiled on first call)
        self.proc_block: dict[str, int] = {}
        self.calls: dict[str, list[tuple[str, Loc]]] = {}  # procedure -> procedures it calls
        self.events = events
        self._in: str | None = None
        self.pending_calls: list[tuple[Push, str]] = []
        self.pausing: list[bool] = []  # by block, once finished

    def block(self, effects: Any, loc: Loc) -> int:
        index = len(self.blocks)
        self.blocks.append([])
        if not isinstance(effects, list):
            self.report.error(loc, "expected a list of effects", "rules-schema")
            return index
        out = [ins for i, e in enumerate(effects) if (ins := self.effect(e, loc + (i,)))]
        self.blocks[index] = out
        return index

    def procedure(self, name: str) -> int:
        if name not in self.proc_block:
            self.proc_block[name] = -1  # placeholder while compiling (cycles are found apart)
            outer, self._in = self._in, name
            self.proc_block[name] = self.block(self.procedures[name], ("procedures", name))
            self._in = outer
        return self.proc_block[name]

    def effect(self, value: Any, loc: Loc) -> Ins | None:
        if not isinstance(value, dict) or not value:
            self.report.error(loc, f"expected an effect such as {{gain: {{coins: 1}}}}, "
                              f"not {value!r}", "rules-schema")
            return None
        word = next((k for k in value if k != "of"), None)
        if word not in EFFECT_KEYS:
            self.report.error(loc + ((word,) if word else ()), f"unknown effect '{word}' "
                              f"(effects: {', '.join(EFFECT_KEYS)})", "rules-schema", key=True)
            return None
        self.report.unknown_keys(value, loc, (word, "of", *EFFECT_KEYS[word]), f"'{word}'")
        of = self.x.expr(value["of"], loc + ("of",)) if "of" in value else None
        made: Ins | None = getattr(self, "_" + word)(value, loc, of)
        return made

    def _need(self, value: dict[str, Any], key: str, loc: Loc) -> Any:
        if key not in value:
            self.report.error(loc, f"this effect needs '{key}'", "rules-schema")
        return value.get(key)

    def _draw(self, value: dict[str, Any], loc: Loc, of: Fn | None) -> Ins:
        pile = self.x.names.zones.get(value["draw"]) if isinstance(value["draw"], str) \
            else None
        source, to = self.x.place(value["draw"], loc + ("draw",)), self._need(value, "to", loc)
        shuffled = pile is None or pile.random
        one = DrawTo(loc, None, source, (0, 0), shuffled,
                     placing.destination(self.x, to, loc + ("to",))) if placing.is_place(
            to) else DrawOne(loc, None, source, self.x.place(to, loc + ("to",)), shuffled)
        if value.get("count", 1) == 1 and type(value.get("count", 1)) is int:
            one.of = of  # one card: the draw itself, without a block of its own
            return one
        self.blocks.append([one])
        count = self.x.expr(value.get("count", 1), loc + ("count",))
        return Push(loc, of, len(self.blocks) - 1, count=count)

    def _play(self, value: dict[str, Any], loc: Loc, of: Fn | None) -> Ins:
        target = value["play"]
        if placing.is_place(target):
            return PlayTo(loc, of, placing.destination(self.x, target, loc + ("play",)))
        chosen = target in ("target", "cell")  # the action's chosen zone or cell
        return Play(loc, of, None if chosen else self.x.place(target, loc + ("play",)))

    def _move_all(self, value: dict[str, Any], loc: Loc, of: Fn | None) -> Ins:
        if placing.from_grid(self.x, value["move_all"]) and "to" in value:
            return placing.move_off(self.x, value, loc, of)
        if seatmove.is_seat_zone(value.get("to")):
            return seatmove.move_to_seat(self.x, value, loc, of)
        source, to = self.x.place(value["move_all"], loc + ("move_all",)), \
            self._need(value, "to", loc)
        if placing.is_place(to):
            return MoveEach(loc, of, source, placing.destination(self.x, to, loc + ("to",)))
        return MoveAll(loc, of, source, self.x.place(to, loc + ("to",)))

    def _changes(self, word: str, value: dict[str, Any], loc: Loc, of: Fn | None) -> Ins | None:
        body = value[word]
        if not isinstance(body, dict) or len(body) != 1:
            self.report.error(loc + (word,), f"'{word}' takes one variable and an amount, "
                              f"e.g. {word}: {{coins: 2}}", "rules-schema")
            return None
        name, amount = next(iter(body.items()))
        slot, owned = self.var_at(name, loc + (word, name))
        fn = self.x.expr(amount, loc + (word, name))
        return Change(loc, of, slot, owned, fn, word, self.x.consts.get(fn),
                      self.x.words.get(fn, ""))

    def _gain(self, value: dict[str, Any], loc: Loc, of: Fn | None) -> Ins | None:
        return self._changes("gain", value, loc, of)

    def _pay(self, value: dict[str, Any], loc: Loc, of: Fn | None) -> Ins | None:
        return self._changes("pay", value, loc, of)

    def _set(self, value: dict[str, Any], loc: Loc, of: Fn | None) -> Ins | None:
        return self._changes("set", value, loc, of)

    def var_at(self, name: Any, loc: Loc) -> tuple[int, bool]:
        """A variable's slot (its first seat's) and whether it is one of each player."""
        names = self.x.names.vars
        if isinstance(name, str) and name in names:
            return self.x.names.var_slot[name], names[name]
        self.report.error(loc, f"no variable '{name}' (variables: "
                          f"{', '.join(names) or 'none'})", "rules-name", key=True)
        return 0, False  # reported: the rules are not played

    def _roll(self, value: dict[str, Any], loc: Loc, of: Fn | None) -> Ins:
        if "places" in value or "where" in value:  # chance over a grid's places
            return roll_places(self.x, value, loc, of, self.var_at(value["roll"],
                                                                   loc + ("roll",)))
        sides = value.get("sides", 6)
        if not isinstance(sides, int) or isinstance(sides, bool) or not 2 <= sides <= 100:
            self.report.error(loc + ("sides",), "a die has 2 to 100 sides", "rules-schema")
            sides = 6
        return Roll(loc, of, *self.var_at(value["roll"], loc + ("roll",)), sides)

    def _if(self, value: dict[str, Any], loc: Loc, of: Fn | None) -> Ins:
        test = self.x.expr(value["if"], loc + ("if",))
        yes = self.block(self._need(value, "then", loc) or [], loc + ("then",))
        no = self.block(value["else"], loc + ("else",)) if "else" in value else -1
        return Push(loc, of, yes, test=test, other=no)

    def _repeat(self, value: dict[str, Any], loc: Loc, of: Fn | None) -> Ins:
        count = self.x.expr(value["repeat"], loc + ("repeat",))
        return Push(loc, of, self.block(self._need(value, "do", loc) or [], loc + ("do",)),
                    count=count)

    def _each_player(self, value: dict[str, Any], loc: Loc, of: Fn | None) -> Ins:
        return Push(loc, of, self.block(value["each_player"], loc + ("each_player",)),
                    per_seat=True)

    def _call(self, value: dict[str, Any], loc: Loc, of: Fn | None) -> Ins | None:
        name = value["call"]
        if not isinstance(name, str) or name not in self.procedures:
            self.report.error(loc + ("call",), f"no procedure '{name}' (procedures: "
                              f"{', '.join(self.procedures) or 'none'})", "rules-name")
            return None
        if self._in is not None:
            self.calls.setdefault(self._in, []).append((name, loc + ("call",)))
        self.procedure(name)
        ins = Push(loc, of, -1)  # its block is known once every procedure is compiled
        self.pending_calls.append((ins, name))
        return ins

    def finish(self) -> None:
        """Point every ``call`` at its procedure's block; mark the blocks that may pause
        (``pausing``) and the pushes run at once; report calls that recur."""
        for ins, name in self.pending_calls:
            ins.block = self.proc_block[name]
        self.pausing = self._pausing()
        for block in self.blocks:
            for push in block:
                if isinstance(push, Push):
                    push.direct = not any(self.pausing[b] for b in (push.block, push.other)
                                          if b >= 0)
        for name in self.calls:
            cycle = self._cycle(name, [name])
            if cycle:
                _, where = next(c for c in self.calls[cycle[-2]] if c[0] == cycle[-1])
                self.report.error(where, "effects call themselves: "
                                  f"{' -> '.join(cycle)} (a call may not recur)",
                                  "rules-recursion")
                return

    def _pausing(self) -> list[bool]:
        """Whether each block may wait for a chance action (a draw from a shuffled pile, a
        roll), itself or in a block it runs."""
        known: dict[int, bool] = {}

        def pauses(block: int) -> bool:
            if block < 0:
                return False
            if block not in known:
                known[block] = True  # a call that recurs (reported) counts as pausing
                known[block] = any(may_pause(ins) for ins in self.blocks[block])
            return known[block]

        def may_pause(ins: Ins) -> bool:
            if isinstance(ins, Push):
                return pauses(ins.block) or pauses(ins.other)
            return isinstance(ins, Roll) or isinstance(ins, DrawOne) and ins.may_pause
        return [pauses(b) for b in range(len(self.blocks))]

    def _cycle(self, name: str, path: list[str]) -> list[str] | None:
        for callee, _ in self.calls.get(name, []):
            if callee == path[0]:
                return [*path, callee]
            if callee not in path:
                found = self._cycle(callee, [*path, callee])
                if found:
                    return found
        return None

    def _plugin(self, value: dict[str, Any], loc: Loc, of: Fn | None) -> Ins | None:
        fn = plugins.find(self.report, plugins.EFFECTS, value["plugin"], loc + ("plugin",))
        args = plugins.arguments(value, loc, self.x.expr, self.report)
        return None if fn is None else Plugin(loc, of, fn, args)

    def _event(self, value: dict[str, Any], loc: Loc, of: Fn | None) -> Ins | None:
        if not isinstance(value["event"], str) or value["event"] not in self.events:
            self.report.error(loc + ("event",), f"no event '{value['event']}' declared "
                              f"(events: {', '.join(self.events) or 'none'})", "rules-name")
            return None
        return Event(loc, of, self.events.index(value["event"]))
