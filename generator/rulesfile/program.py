"""A whole rules file compiled: zones, variables (read by ``declared``), actions, phases,
end and scoring.

``compile_rules`` reads the YAML (already loaded with its positions) against the game's
pieces, for a player count, and returns a ``Program`` and the located problems; with any
problem the program is not to be played."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from generator.data.yamlsrc import Loc, Source
from generator.files.problems import Problem
from generator.rulesfile import fused
from generator.rulesfile.actionrule import ActionRule
from generator.rulesfile.cardpick import picker
from generator.rulesfile.cards import CardTable
from generator.rulesfile.choices import Listing, Offered, offer, phase_list
from generator.rulesfile.declared import (
    Layout,
    lay_out,
    mapping,
    misnamed_start,
    read_vars,
    read_zones,
)
from generator.rulesfile.effects import EffectCompiler
from generator.rulesfile.expr import Compiler, Ctx, Fn
from generator.rulesfile.following import After, Started, following, starting
from generator.rulesfile.ins import opening, waits
from generator.rulesfile.legality import loops, shared
from generator.rulesfile.options import read_options
from generator.rulesfile.placepick import place_picker
from generator.rulesfile.quick import Leaf, Runner, Tail, leaves, sets, tails
from generator.rulesfile.report import Reporter
from generator.rulesfile.written import read_on_change, reads, seated, split_test, steady
from generator.rulesfile.zones import Names, ZoneRule

TOP = ("zones", "vars", "events", "setup", "phases", "actions", "procedures", "end", "score",
       "tiebreak", "max_actions", "options")
ACTION_KEYS = ("choose", "if", "do", "again")
PHASE_KEYS = ("id", "actions", "first", "until", "skip", "start", "end", "next")
DEFAULT_MAX_ACTIONS = 5000


@dataclass
class PhaseRule:
    id: str
    loc: Loc
    actions: list[int]
    first: Fn | None
    until: Fn | None
    skip: Fn | None
    start: int
    end: int
    next: int
    # when none of its actions chooses anything: each action as the engine writes it and
    # its condition, in the order of the legal actions
    plain: list[tuple[tuple[str], Fn | None]] | None = None
    offers: list[Offered] = field(default_factory=list)  # by action name: legal order
    whole: Listing | None = None  # its legal actions kept whole (choices.phase_list)
    after: After | None = None  # what follows its actions, one step (following.py)
    started: Started | None = None  # what follows its start, one step (following.py)


@dataclass
class Program:
    source: Source
    table: CardTable
    zones: list[ZoneRule]
    vars: list[tuple[str, bool, int | str, int | None]]  # name, owned, start, min
    events: list[str]
    actions: list[ActionRule] = field(default_factory=list)
    phases: list[PhaseRule] = field(default_factory=list)
    blocks: list[list[Any]] = field(default_factory=list)
    pausing: list[bool] = field(default_factory=list)  # by block: may wait for chance
    leaves: list[Leaf | None] = field(default_factory=list)  # by block: see quick.leaves
    tails: list[Tail | None] = field(default_factory=list)  # by block: see quick.tails
    # by block: how it waits for chance at once when it may pause and begins doing so
    # (ins.opening; else None)
    opening: list[Callable[[Any, int], bool] | None] = field(default_factory=list)
    setup: int = -1
    end: Fn | None = None
    # when the end reads only the cards: the stamp of moves it was last read at and what
    # it gave (written.remembered), so play need not call it while no card moved
    end_seen: list[Any] | None = None
    # the end reads only the cards and variables, no seat: what it gave holds until one
    # of them changes (a phase that ends running no effect needs it read no more)
    end_fixed: bool = False
    score: Fn | None = None
    tiebreak: list[Fn] = field(default_factory=list)
    max_actions: int = DEFAULT_MAX_ACTIONS
    action_index: dict[str, int] = field(default_factory=dict)
    # by action name: its index, where its choices are (ActionRule.places), its block, and
    # the block as a leaf (quick.leaves; None: not one), and as one function when it is
    # two plain sets (quick.sets; else None) - what playing it needs at once
    named: dict[str, tuple[int, tuple[int, int, int], int, Leaf | None, Runner | None]] = (
        field(default_factory=dict))
    memos: bool = False  # some condition keeps what it read while the legal actions are listed
    blanks: dict[int, Any] = field(default_factory=dict)  # by players: state.Blank
    players: int = 0  # the player count its closures read slots for (see compile_rules)
    options: dict[str, Any] = field(default_factory=dict)  # name -> value (options.py)

    def layout(self, players: int) -> Layout:  # see lay_out
        return lay_out(self.zones, self.vars, players)

    def target_slot(self, c: Ctx) -> int:
        """The slot of the action's chosen zone, or of its chosen cell."""
        rule = self.actions[c.st.acting[0]]
        if rule.grid is not None:
            base = c.st.zone_slot[rule.grid.name]
            return base + (c.seat * rule.grid.cells if rule.grid.owned else 0) + c.target
        return rule.to[c.target](c)

    def line(self, loc: Loc) -> int:
        return self.source.position(loc)[0]


def compile_rules(source: Source, pieces: dict[str, list[dict[str, Any]]], players: int,
                  options: dict[str, Any] | None = None
                  ) -> tuple[Program | None, list[Problem]]:
    """The program of a loaded rules file for games of ``players``: its closures find the
    slots of zones and variables laid out for that many (``lay_out``); ``pieces`` maps
    each piece id of the game to its faces (every field, ``count`` included); ``options``
    sets options the file declares to other values (``probe`` plays each way)."""
    report = Reporter(source)
    data = source.data
    if not isinstance(data, dict):
        report.error((), "a rules file is a mapping (zones, actions, phases, end, score…)",
                     "rules-schema")
        return None, report.problems
    report.unknown_keys(data, (), TOP, "a rules file")
    zone_specs = mapping(report, data.get("zones"), ("zones",), "zones")
    zones = read_zones(report, zone_specs, pieces)
    vars_ = read_vars(report, mapping(report, data.get("vars"), ("vars",), "vars"))
    table = CardTable.of([(z.start, pieces.get(z.start or "", [])) for z in zones if z.start])
    zone_slot, _, var_slot = lay_out(zones, vars_, players)
    names = Names({z.name: z for z in zones}, {v[0]: v[1] for v in vars_}, table.columns,
                  (zone_slot, var_slot), players)
    if misnamed_start(zone_specs, pieces):  # reported at the zone; its piece's fields
        names.fields |= {k for faces in pieces.values() for face in faces for k in face}
    names.options = read_options(report, data.get("options"))
    names.options.update((k, v) for k, v in (options or {}).items() if k in names.options)
    declared_actions = data.get("actions")
    names.actions = [str(a) for a in declared_actions] if isinstance(declared_actions,
                                                                   dict) else []
    events = data.get("events") or []
    if not isinstance(events, list) or not all(isinstance(e, str) for e in events):
        report.error(("events",), "events is a list of names", "rules-schema")
        events = []
    prog = Program(source, table, zones, vars_, list(events), players=players,
                   options=names.options)
    x = Compiler(names, report)
    procs = mapping(report, data.get("procedures"), ("procedures",), "procedures")
    fx = EffectCompiler(x, procs, prog.events)
    prog.setup = fx.block(data.get("setup") or [], ("setup",))
    _actions(prog, x, fx, mapping(report, data.get("actions"), ("actions",), "actions"))
    _phases(prog, x, fx, data.get("phases"))
    for name in procs:
        fx.procedure(name)
    fx.finish()
    prog.blocks, prog.pausing = fx.blocks, fx.pausing
    prog.leaves = leaves(fx.blocks)
    prog.tails = tails(fx.blocks, waits, prog.leaves)
    prog.opening = [opening(block) if pauses else None
                    for block, pauses in zip(fx.blocks, fx.pausing, strict=True)]
    x.offers.update((a.name, offer(a)) for a in prog.actions)  # read by {legal: ACTION}
    for where, problem in loops(x.legals):
        report.error(where, problem, "rules-recursion")
    prog.action_index = {a.name: i for i, a in enumerate(prog.actions)}
    prog.named = {a.name: (i, a.places, a.block, prog.leaves[a.block],
                           sets(prog.leaves[a.block])) for i, a in enumerate(prog.actions)}
    prog.memos = x.memos
    for key in ("end", "score"):
        if key not in data:
            report.error((), f"a rules file needs '{key}'", "rules-schema")
    end = data.get("end", True)  # read after every action: remembered until a change
    owned = frozenset([z.name for z in zones if z.owned] + [v[0] for v in vars_ if v[1]])
    prog.end, prog.end_seen = read_on_change(x.expr(end, ("end",)), end, owned)
    prog.end_fixed = steady(end) is not None and not seated(end, owned)
    assert prog.end is not None
    for phase in prog.phases:
        if not any(prog.actions[i].again is not None for i in phase.actions):
            phase.after = following(prog.end, prog.end_seen, prog.players, phase.until,
                                    phase.skip, phase.whole)
        phase.started = starting(prog.end, prog.players, phase.first, phase.skip)
    prog.score = x.expr(data.get("score", 0), ("score",))
    ties = data.get("tiebreak") or []
    prog.tiebreak = [x.expr(t, ("tiebreak", i)) for i, t in enumerate(
        ties if isinstance(ties, list) else [])]
    prog.max_actions = _max_actions(report, data.get("max_actions", DEFAULT_MAX_ACTIONS))
    return (None if report.problems else prog), report.problems


def _max_actions(report: Reporter, value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 1_000_000:
        report.error(("max_actions",), "max_actions is a whole number from 1 to 1000000",
                     "rules-schema")
        return DEFAULT_MAX_ACTIONS
    return value


def _actions(prog: Program, x: Compiler, fx: EffectCompiler, actions: dict[str, Any]) -> None:
    for name, spec in actions.items():
        loc: Loc = ("actions", name)
        spec = mapping(x.report, spec, loc, f"action '{name}'")
        x.report.unknown_keys(spec, loc, ACTION_KEYS, "an action")
        choose = mapping(x.report, spec.get("choose"), loc + ("choose",), "choose")
        x.report.unknown_keys(choose, loc + ("choose",), ("card", "to", "cell", "number"),
                              "choose")
        card = x.zone(choose["card"], loc + ("choose", "card")) if "card" in choose else None
        to = choose.get("to", [])
        if not isinstance(to, list):
            x.report.error(loc + ("choose", "to"), "'to' is a list of zones", "rules-schema")
            to = []
        number = None
        if "number" in choose:
            bounds = choose["number"]
            if isinstance(bounds, list) and len(bounds) == 2:
                number = (x.expr(bounds[0], loc + ("choose", "number", 0)),
                          x.expr(bounds[1], loc + ("choose", "number", 1)))
                low, high = (x.consts.get(f) for f in number)
                if isinstance(low, int) and isinstance(high, int) and low > high:
                    x.report.error(loc + ("choose", "number"), f"'number' [{low}, {high}] "
                                   "offers nothing: its lowest is above its highest",
                                   "rules-schema")
            else:
                x.report.error(loc + ("choose", "number"), "'number' is [lowest, highest]",
                               "rules-schema")
        grid = x.grid(choose["cell"], loc + ("choose", "cell")) if "cell" in choose else None
        if grid is not None and to:
            x.report.error(loc + ("choose",), "choose a zone ('to') or a cell, not both",
                           "rules-schema")
        x.hoist = bool(choose)  # tried for every choice: what does not vary, read once
        test, split = (None, None) if "if" not in spec else split_test(
            spec["if"], loc + ("if",), x.expr, x.kept)
        x.hoist = False
        alone = set(choose) == {"card"} and "if" in spec  # a card alone: its cards picked?
        prog.actions.append(ActionRule(
            str(name), loc, card, [x.zone(z, loc + ("choose", "to", i)) for i, z in
                                   enumerate(to)], number, test,
            fx.block(spec.get("do") or [], loc + ("do",)),
            x.expr(spec["again"], loc + ("again",)) if "again" in spec else None,
            [str(z) for z in to], grid,
            # the chosen card lies in a pile: a place in question is the chosen cell
            "card" not in reads(spec.get("if"), card_on_grid=False), split,
            picker(spec["if"], loc + ("if",), x) if alone else None, _bounds(x, number),
            place_picker(spec["if"], loc + ("if",), x, grid, split is not None)
            if grid is not None and number is None and "if" in spec else None))


def _bounds(x: Compiler, number: tuple[Fn, Fn] | None
            ) -> tuple[tuple[int, int, int], tuple[int, int, int]] | None:
    """A chosen number's bounds read in place (``ActionRule.bounds``), when they can be."""
    low, high = (None, None) if number is None else (
        fused.slot_plus(*(x.added.get(fn) or (x.reads.get(fn), 0))) for fn in number)
    return None if low is None or high is None else (low, high)


def _offered(rule: ActionRule, asked: set[str]) -> Offered:
    """How a phase lists ``rule``'s legal moves; shared with ``{legal: ACTION}`` when a
    condition asks whether it is legal (``legality.shared``)."""
    made = offer(rule)
    return made if rule.name not in asked or isinstance(made, tuple) else shared(rule.name,
                                                                                   made)


def _phases(prog: Program, x: Compiler, fx: EffectCompiler, phases: Any) -> None:
    report = x.report
    if not isinstance(phases, list) or not phases:
        report.error(("phases",), "a rules file needs 'phases', a list of at least one "
                     "phase (id and actions)", "rules-schema")
        return
    ids = [p.get("id") if isinstance(p, dict) else None for p in phases]
    for i, phase_id in enumerate(ids):
        if not isinstance(phase_id, str) or phase_id in ids[:i]:
            report.error(("phases", i), "a phase needs an 'id' of its own (a name no other "
                         "phase has)", "rules-schema")
    action_ids = [a.name for a in prog.actions]
    used: set[str] = set()
    for i, spec in enumerate(phases):
        loc: Loc = ("phases", i)
        spec = mapping(report, spec, loc, "a phase")
        report.unknown_keys(spec, loc, PHASE_KEYS, "a phase")
        names = spec.get("actions")
        if not isinstance(names, list) or not names:
            report.error(loc + ("actions",), "a phase lists the actions its players may "
                         "take (at least one)", "rules-schema")
            names = []
        for j, a in enumerate(names):
            if a not in action_ids:
                report.error(loc + ("actions", j), f"no action '{a}' (actions: "
                             f"{', '.join(action_ids) or 'none'})", "rules-name")
        used.update(str(a) for a in names)
        following = spec.get("next", ids[(i + 1) % len(ids)])
        if following not in ids:
            report.error(loc + ("next",), f"no phase '{following}' (phases: "
                         f"{', '.join(map(str, ids))})", "rules-name")
            following = ids[0]

        def opt(key: str, where: Loc = loc, spec: dict[str, Any] = spec) -> Fn | None:
            return x.expr(spec[key], where + (key,)) if key in spec else None

        prog.phases.append(PhaseRule(
            str(spec.get("id", i)), loc, [action_ids.index(a) for a in names if a in action_ids],
            opt("first"), opt("until"), opt("skip"),
            fx.block(spec.get("start") or [], loc + ("start",)),
            fx.block(spec.get("end") or [], loc + ("end",)), ids.index(following)))
    asked = {name for name, _ in x.legals}  # by some action's condition (legality)
    for phase in prog.phases:
        rules = [prog.actions[i] for i in phase.actions]
        phase.offers = [_offered(rule, asked) for rule in sorted(rules, key=lambda rule:
                                                                   rule.name)]
        phase.whole = phase_list(rules)
        if not any(rule.shape for rule in rules):
            phase.plain = sorted((((rule.name,), rule.test) for rule in rules),
                                 key=lambda pair: pair[0])
    for action in prog.actions:
        if action.name not in used:
            report.error(action.loc, f"action '{action.name}' is in no phase's actions: it "
                         "can never be taken", "rules-unused", key=True)
