"""The rules language's expressions: YAML values compiled into plain Python closures.

An expression is a number, ``true``/``false``, a word (compared with card fields), or a
one-word mapping such as ``{add: [1, {var: coins}]}``. The compiler checks every word
and every name against the rules file (problems located at the value) and returns a
closure over a ``Ctx``; nothing is ever passed to ``eval``. An expression's work is
bounded by its size times the cards and seats it ranges over: it has no loops of its own.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from generator.data.yamlsrc import Loc
from generator.rulesfile import fused, grids, plugins, pushing, trees
from generator.rulesfile.aggregates import Aggregates
from generator.rulesfile.grids import GRID_WORDS, all_cells
from generator.rulesfile.legality import legal_word
from generator.rulesfile.lists import item, pick
from generator.rulesfile.options import option_value, settled
from generator.rulesfile.position import Ctx, Fn, Place, Value
from generator.rulesfile.report import Reporter
from generator.rulesfile.shared import Scope
from generator.rulesfile.tally import Then
from generator.rulesfile.written import (
    against,
    against_read,
    chain,
    compare,
    memo,
    uses_choice,
)

if TYPE_CHECKING:
    from generator.rulesfile.zones import Names, ZoneRule

MAX_DEPTH = 24  # nested expressions; deeper is a mistake


def _args(items: Any, n: int | None) -> bool:
    return isinstance(items, list) and (n is None and len(items) >= 1 or len(items) == n)


_BINARY: dict[str, Callable[[Any, Any], Any]] = {
    "sub": operator.sub, "div": lambda a, b: a // b if b else 0,
    "mod": lambda a, b: a % b if b else 0, "eq": operator.eq, "ne": operator.ne,
    "lt": operator.lt, "le": operator.le, "gt": operator.gt, "ge": operator.ge,
}
_MANY: dict[str, Callable[[list[Any]], Any]] = {
    "add": sum, "min": min, "max": max, "and": all, "or": any,
    "mul": math.prod,
}
GAME_WORDS = ("players", "seat", "actor", "turn", "number", "target", "first")


class Compiler(Aggregates):
    """Compiles expressions, reporting problems through ``report`` (the aggregate words:
    ``aggregates.Aggregates``)."""

    def __init__(self, names: Names, report: Reporter):
        self.names, self.report = names, report
        # closures (themselves as keys: an id could be reused once one is dropped) of
        # {field: F} -> F's column, of one thing read in place -> what, of a constant -> it
        self.plain: dict[Fn, list[Any]] = {}
        self.reads: dict[Fn, fused.Read] = {}
        self.consts: dict[Fn, Value] = {}
        self.words: dict[Fn, str] = {}  # {game: number} and {game: seat} -> that word
        self.picked = {}  # cards a field test keeps -> how (field_filter)
        self.leaves: dict[Fn, trees.Leaf | None] = {}  # comparisons trees.fuse may fuse
        self.added: dict[Fn, tuple[fused.Read | None, int]] = {}  # {add: [EXPR, CONST]}
        self.piles: dict[Fn, Place] = {}  # the cards of a pile -> its slot, 1 if each's
        self.thens: dict[Fn, Then] = {}  # a tally -> it compared with a constant at once
        self.scope: Scope | None = None  # the frame being compiled (shared)
        self.passing = False  # the next expression is in that frame
        # compiling an action's condition; some closure is read once per listing (memo)
        self.hoist = self.memos = False
        # each action's way of offering its choices, by name (filled once all are
        # compiled: ``{legal: ACTION}`` finds it there when read), and each legal word
        # compiled: the action it names and its place (``legality.loops``)
        self.offers: dict[str, Any] = {}
        self.legals: list[tuple[str, Loc]] = []

    def expr(self, value: Any, loc: Loc, depth: int = 0) -> Fn:
        """The closure of ``value``: a sub-expression written twice or more in one frame
        read once per reading (``shared``)."""
        scope, within = self.scope, self.passing
        self.passing = False
        if within and scope is not None:  # in the frame being compiled
            fn = self._expr(value, loc, depth)
            if id(value) not in scope.index or fn in self.reads:  # (read in place: faster)
                return fn
            return scope.share(id(value), fn)
        self.scope = Scope(value, depth) if isinstance(value, dict) else None
        try:
            fn = self._expr(value, loc, depth)
            return fn if self.scope is None else self.scope.rooted(fn)
        finally:
            self.scope = scope

    def _inner(self, value: Any, loc: Loc, depth: int) -> Fn:
        """What a word that passes its context on holds (``shared.PASSING``), compiled in
        its frame."""
        self.passing = True
        return self.expr(value, loc, depth)

    def _expr(self, value: Any, loc: Loc, depth: int = 0) -> Fn:
        if depth > MAX_DEPTH:
            return self._bad(loc, f"expression nested deeper than {MAX_DEPTH} levels")
        if isinstance(value, bool):
            return (lambda c: True) if value else (lambda c: False)
        if isinstance(value, int | str):
            return self._constant(value)
        if not isinstance(value, dict) or not value:
            return self._bad(loc, f"expected a number, a word or an expression such as "
                             f"{{add: [1, 2]}}, not {value!r}")
        if "of" in value and len(value) > 1:
            return self._of(value, loc, depth)
        return self._word(str(next(iter(value))), value, loc, depth)

    def _bad(self, loc: Loc, message: str) -> Fn:
        self.report.error(loc, message, "rules-expression")
        return lambda c: 0

    def _of(self, value: dict[str, Any], loc: Loc, depth: int) -> Fn:
        """``of: SEAT`` beside any expression: read it for that seat."""
        if "legal" in value:
            return self._bad(loc + ("of",), "'legal' reads the seat to act's actions: "
                             "it takes no 'of'")
        seat = self.expr(value["of"], loc + ("of",), depth + 1)
        inner = self.expr({k: v for k, v in value.items() if k != "of"}, loc, depth + 1)
        return lambda c: inner(c.at(seat(c) % c.st.players))

    def _word(self, word: str, value: dict[str, Any], loc: Loc, depth: int) -> Fn:
        arg, here = value[word], loc + (word,)
        allowed = _EXTRA.get(word, ())
        extra = [k for k in value if k != word and k not in allowed]
        if extra:
            return self._bad(loc + (extra[0],), f"'{word}' takes no '{extra[0]}'"
                             + (f" (it takes {', '.join(allowed)})" if allowed else ""))
        if word in _BINARY:
            return self._binary(word, arg, here, depth)
        if word in _MANY:
            return self._many(word, arg, here, depth)
        handler = getattr(self, "_w_" + word.replace("-", "_"), None)
        if handler is None or word not in _WORDS:
            return self._bad(loc, f"unknown expression '{word}' (words: "
                             f"{', '.join(sorted(_WORDS | set(_BINARY) | set(_MANY)))})")
        fn: Fn = handler(value, loc, depth + 1)
        if self.hoist and word in _AGGREGATES and value != {"count": arg} \
                and not uses_choice(value):  # (a pile's size is read faster than kept)
            return self.kept(fn)
        return fn

    def kept(self, fn: Fn) -> Fn:
        """``fn`` read once per seat while the legal actions are listed (``memo``)."""
        self.memos = True
        return memo(fn)

    def _constant(self, const: Value) -> Fn:
        self.consts[fn := lambda c: const] = const
        return fn

    def _binary(self, word: str, arg: Any, loc: Loc, depth: int) -> Fn:
        if not _args(arg, 2):
            return self._bad(loc, f"'{word}' takes a list of two expressions")
        a, b = (self._inner(x, loc + (i,), depth + 1) for i, x in enumerate(arg))
        op, column, right = _BINARY[word], self.plain.get(a), self.consts.get(b)
        value = fused.fold(op, self.consts.get(a), right)
        if value is not None:  # {sub: [{game: players}, 1]}: worked out once
            return self._constant(value)
        fn = fused.binary(word, op, (self.reads.get(a), column),
                          (b, self.reads.get(b), self.plain.get(b)),
                          arg[1] if right is None else right)
        if fn is not None:  # what EXPR (or OTHER) reads, read in place
            self.leaves[fn] = trees.leaf(op, self.reads.get(a), arg[1], right,
                                         self.names.players)
            return fn
        then = self.thens.get(a)
        if then is not None and right is not None:  # a tally compared (or less a
            return then(op, right)  # constant…) in the same step
        if right is not None:  # the common case, {eq: [EXPR, 0]}: the constant inlined
            return against(word, op, a, right)
        return against_read(word, a, b, arg[1], column) or compare(word, op, a, b)

    def _many(self, word: str, arg: Any, loc: Loc, depth: int) -> Fn:
        if not _args(arg, None):
            return self._bad(loc, f"'{word}' takes a list of expressions")
        parts = [self._inner(x, loc + (i,), depth + 1) for i, x in enumerate(arg)]
        op = _MANY[word]
        if word in ("and", "or"):
            parts, decided = settled(word == "and", parts, self.consts)
            if decided is not None:  # its constants decide it (an option, turned off)
                return self._constant(decided)
            return trees.fuse(word == "and", parts, self.leaves) or chain(word == "and", parts)
        value = _folded(op, [self.consts.get(p) for p in parts])
        if value is not None:  # {mul: [9, {game: players}]}: worked out once
            return self._constant(value)
        if word == "add" and len(parts) == 2:  # the common case, written out
            a, b = parts
            if type(arg[1]) is int:
                self.added[fn := fused.plus(a, self.reads.get(a), arg[1])] = (
                    self.reads.get(a), arg[1])
                return fn
            return lambda c: 0 + a(c) + b(c)  # (as sum: a word is no number)
        return lambda c: op([p(c) for p in parts])

    def _w_not(self, value: dict[str, Any], loc: Loc, depth: int) -> Fn:
        inner = self._inner(value["not"], loc + ("not",), depth)
        return lambda c: not inner(c)

    def _w_if(self, value: dict[str, Any], loc: Loc, depth: int) -> Fn:
        if not _args(value["if"], 3):
            return self._bad(loc + ("if",), "'if' takes [condition, then, else]")
        cond, yes, no = (self._inner(x, loc + ("if", i), depth)
                         for i, x in enumerate(value["if"]))
        if cond in self.consts:  # decided once (an option)
            return yes if self.consts[cond] else no
        return lambda c: yes(c) if cond(c) else no(c)

    def _w_var(self, value: dict[str, Any], loc: Loc, depth: int) -> Fn:
        name = value["var"]
        if not isinstance(name, str) or name not in self.names.vars:
            return self._bad(loc + ("var",), f"no variable '{name}' "
                             f"(variables: {', '.join(self.names.vars) or 'none'})")
        return self._read(("var", self.names.var_slot[name], self.names.vars[name]))

    def _read(self, read: fused.Read) -> Fn:
        """The closure that reads a variable or a pile's size, known as such."""
        fn = fused.reader(read)
        self.reads[fn] = read
        return fn

    def _w_game(self, value: dict[str, Any], loc: Loc, depth: int) -> Fn:
        word = value["game"]
        if not isinstance(word, str) or word not in GAME_WORDS:
            return self._bad(loc + ("game",), f"'game' reads one of {', '.join(GAME_WORDS)}, "
                             f"not {word!r}")
        fn: Fn = {"players": self._constant(self.names.players), "seat": lambda c: c.seat,
                  "actor": lambda c: c.actor, "turn": lambda c: c.st.turns,
                  "number": lambda c: c.number, "target": lambda c: c.target,
                  "first": lambda c: c.st.first_player}[word]
        if word == "players":
            self.reads[fn] = fused.PLAYERS
        elif word in ("number", "seat"):
            self.words[fn] = word
        return fn

    def _w_field(self, value: dict[str, Any], loc: Loc, depth: int) -> Fn:
        name = value["field"]
        if not isinstance(name, str) or name not in self.names.fields:
            return self._bad(loc + ("field",), f"no card has a field '{name}' "
                             f"(fields: {', '.join(sorted(self.names.fields))})")
        if name == "by":
            return lambda c: c.st.by[c.card] if c.card >= 0 else -1
        column = self.names.columns.get(name, [])

        def read(c: Ctx) -> Any:
            return column[c.card] if c.card >= 0 else 0
        self.plain[read] = column
        return read

    def _named(self, value: Any, loc: Loc) -> ZoneRule | None:
        if not isinstance(value, str) or value not in self.names.zones:
            what = f"no zone '{value}'" if isinstance(value, str) else "a zone's name here"
            self.report.error(loc, f"{what} (zones: "
                              f"{', '.join(self.names.zones) or 'none'})", "rules-name")
            return None
        return self.names.zones[value]

    def zone(self, value: Any, loc: Loc) -> Callable[[Ctx], int]:
        """A zone's slot for the seat in focus (a shared zone has one slot)."""
        slot, each = self.place(value, loc)
        if each:
            return lambda c: slot + c.seat
        return lambda c: slot

    def place(self, value: Any, loc: Loc) -> Place:
        """A pile as an effect finds its slot: its (first) slot, 1 if it is one of each
        player (the slot of the seat in focus: ``slot + seat * each``), else 0."""
        zone = self._named(value, loc)
        if zone is None:
            return 0, 0  # reported: the rules are not played
        if zone.width:
            self.report.error(loc, f"'{value}' is a grid, not a pile: cards go to one "
                              f"of its places ({{cell: {value}, at: PLACE}}, or play: cell), "
                              "move_all takes them off; count, sum… read it", "rules-name")
        return self.names.zone_slot[zone.name], int(zone.owned)

    def grid(self, value: Any, loc: Loc) -> ZoneRule | None:
        zone = self._named(value, loc)
        if zone is not None and not zone.width:
            self.report.error(loc, f"'{value}' is not a grid (give the zone grid: [columns, "
                              "rows])", "rules-name")
            return None
        return zone

    def cards(self, value: Any, loc: Loc) -> Callable[[Ctx], list[int]]:
        """The cards an aggregate reads: a zone (a grid: all its cards), or of a grid
        ``{cell: GRID}`` (the cell in question) or ``{next_to: GRID}`` (the cards in the
        cells beside it, not across corners)."""
        if isinstance(value, dict) and next(iter(value), None) in GRID_WORDS:
            return grids.selector(self, value, loc)
        zone = self._named(value, loc)
        if zone is not None and zone.width:
            return all_cells(zone)
        if zone is not None:  # a pile: its slot read in the same step
            base = self.names.zone_slot[zone.name]
            if zone.owned:
                self.piles[fn := lambda c: c.st.zones[base + c.seat]] = (base, 1)
            else:
                self.piles[fn := lambda c: c.st.zones[base]] = (base, 0)
            return fn
        slot = self.zone(value, loc)
        return lambda c: c.st.zones[slot(c)]

    def _w_row(self, value: dict[str, Any], loc: Loc, depth: int) -> Fn:
        return grids.place_of(self, value["row"], loc + ("row",), column=False)

    def _w_column(self, value: dict[str, Any], loc: Loc, depth: int) -> Fn:
        return grids.place_of(self, value["column"], loc + ("column",), column=True)

    def _w_item(self, value: dict[str, Any], loc: Loc, depth: int) -> Fn:
        if not _args(value["item"], 2):
            return self._bad(loc + ("item",), "'item' takes [list, index], e.g. "
                             "{item: [{field: points}, 2]}")
        listed, at = value["item"]
        if isinstance(listed, list):  # a list written out: each entry an expression
            entries = [self._inner(x, loc + ("item", 0, i), depth + 1)
                       for i, x in enumerate(listed)]
            return pick(entries, self._inner(at, loc + ("item", 1), depth))
        values = self._inner(listed, loc + ("item", 0), depth)
        return item(values, self._inner(at, loc + ("item", 1), depth))

    def _w_legal(self, value: dict[str, Any], loc: Loc, depth: int) -> Fn:
        name = value["legal"]
        if not isinstance(name, str) or name not in self.names.actions:
            self.report.error(loc + ("legal",), f"no action '{name}' (actions: "
                              f"{', '.join(self.names.actions) or 'none'})", "rules-name")
            return lambda c: False
        self.legals.append((name, loc))
        self.memos = True  # what it works out kept while the legal actions are listed
        return legal_word(name, self.offers)

    def _w_push(self, value: dict[str, Any], loc: Loc, depth: int) -> Fn:
        return pushing.push(self, value, loc, depth, self.consts)

    def _w_option(self, value: dict[str, Any], loc: Loc, depth: int) -> Fn:
        return self._constant(option_value(self.report, self.names.options, value["option"],
                                           loc + ("option",)))

    def _w_plugin(self, value: dict[str, Any], loc: Loc, depth: int) -> Fn:
        return plugins.expression(self.report, lambda v, at: self.expr(v, at, depth + 1),
                                  value, loc)


def _folded(op: Callable[[list[Any]], Any], values: list[Value | None]) -> Value | None:
    """``op`` (``add``, ``mul``, ``min``, ``max``) on constants (None: not a constant),
    worked out once; None when any is not one, or for values of the wrong kind (left to
    fail in play, where they did)."""
    if None in values:
        return None
    try:
        value = op(values)
    except (TypeError, ValueError):
        return None
    return value if type(value) is int or type(value) is str else None


_WORDS = {"not", "if", "var", "game", "field", "count", "sum", "distinct", "best",
          "each_player", "best_player", "plugin", "row", "column", "item", "option",
          "push", "legal"}
_AGGREGATES = ("count", "sum", "distinct", "best", "each_player", "best_player")
WORDS = _WORDS | set(_BINARY) | set(_MANY)  # every word an expression may start with
_EXTRA: dict[str, tuple[str, ...]] = {
    "count": ("where", "same"), "sum": ("where", "value", "same"),
    "distinct": ("where", "value", "same"), "best": ("where", "value", "give", "same"),
    "each_player": ("combine",), "plugin": ("with",), "push": pushing.KEYS,
}
