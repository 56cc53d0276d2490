"""An aggregate's ``where`` (``{count: town, where: …}``) worked out over its cards part by
part instead of read card by card through its closures: each part of an ``and`` keeps,
of the cards the parts before kept, those it holds for; each part of an ``or`` is read on
the cards no part before held for (as ``and``/``or`` read their parts left to right on
each card). A part:

- that reads only what is printed on the card (its fields but ``by``, constants and
  options, the number of players, arithmetic and comparisons of them): worked out once for every card
  of the game, the first time it is read, then looked up;
- ``{OP: [{row: GRID}, X]}`` (``column``; either side), X not read per card: each card's
  row compared with X, read once;
- an ``and``/``or``: the same, within it;
- any other: read on each card.

What may fail is read on every card the ``where`` would read it on, or more; when anything
fails, the ``where`` is read card by card instead, which fails as it would (the same fault
at the same rule) or keeps what it keeps. Otherwise the same cards, in the same order.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from weakref import WeakSet

from generator.rulesfile.cardsets import kept
from generator.rulesfile.running import FAULTS
from generator.rulesfile.written import reads

if TYPE_CHECKING:
    from generator.data.yamlsrc import Loc
    from generator.rulesfile.grids import Compiling
    from generator.rulesfile.position import Ctx, Fn
    from generator.rulesfile.zones import ZoneRule

# (a context, the cards so far) -> those a part keeps, in order
Step = Callable[["Ctx", list[int]], list[int]]
Cards = Callable[["Ctx"], list[int]]
COMPARE: dict[str, Callable[[Any, Any], Any]] = {
    "eq": operator.eq, "ne": operator.ne, "lt": operator.lt, "le": operator.le,
    "gt": operator.gt, "ge": operator.ge}
SWAPPED = {"eq": "eq", "ne": "ne", "lt": "gt", "le": "ge", "gt": "lt", "ge": "le"}
PRINTED = frozenset(COMPARE) | {"add", "sub", "mul", "div", "mod", "min", "max", "and",
                                "or", "not", "if", "item"}


def printed(value: Any) -> bool:
    """Whether an expression (as written) reads only what is printed on the card in scope
    and constants: the same value for a card wherever it lies, whoever holds it."""
    if isinstance(value, bool | int | str):
        return True
    if isinstance(value, list):
        return all(printed(v) for v in value)
    if not isinstance(value, dict) or len(value) != 1:
        return False
    word, arg = next(iter(value.items()))
    if word == "field":
        return isinstance(arg, str) and arg != "by"
    if word == "game":
        return arg == "players"
    if word == "option":  # a constant of the file
        return True
    return word in PRINTED and printed(arg)


def where_kept(value: Any, loc: Loc, x: Compiling, cards: Cards, test: Fn) -> Cards | None:
    """The cards of ``cards`` the ``where`` ``value`` (compiled: ``test``) keeps, part by
    part; None when it is read card by card anyway, or the rules have problems (nothing
    is compiled twice), or it is compiled within another ``where`` so kept (each is
    compiled at most twice, not twice per ``where`` around it)."""
    if x.report.problems or x in _BUSY or _kind(value, x) == "each":
        return None
    _BUSY.add(x)
    try:
        step = _step(value, loc, x)
    finally:
        _BUSY.discard(x)

    def where(c: Ctx) -> list[int]:
        got = cards(c)
        if not got:
            return got
        try:
            return step(c, got)
        except FAULTS:
            return kept(c, cards, test)  # fails as it would, or keeps what it keeps
    return where


_BUSY: WeakSet[Compiling] = WeakSet()  # compilers making a where_kept's steps


def _kind(value: Any, x: Compiling) -> str:
    """How a part keeps cards (as written): "printed", "and"/"or" (of parts, some not
    read card by card), "line", or "each" (read card by card)."""
    if printed(value):
        return "printed"
    word, arg = next(iter(value.items())) if isinstance(value, dict) and len(
        value) == 1 else ("", None)
    if word in ("and", "or") and isinstance(arg, list) and arg and any(
            _kind(part, x) != "each" for part in arg):
        return word
    if word in COMPARE and isinstance(arg, list) and len(arg) == 2 and any(
            _line(arg[i], x)[0] is not None and "card" not in reads(arg[1 - i])
            for i in (0, 1)):
        return "line"
    return "each"


def _step(value: Any, loc: Loc, x: Compiling) -> Step:
    """The step of a part (``_kind``), each expression in it compiled once."""
    kind = _kind(value, x)
    if kind == "printed":
        size = max((len(column) for column in x.names.columns.values()), default=0)
        return _printed(x.expr(value, loc), size)
    if kind in ("and", "or"):
        steps = [_step(part, loc + (kind, i), x) for i, part in enumerate(value[kind])]
        return (_all if kind == "and" else _any)(steps)
    if kind == "line":
        word, sides = next(iter(value.items()))
        i = next(i for i in (0, 1) if _line(sides[i], x)[0] is not None
                 and "card" not in reads(sides[1 - i]))
        grid, column = _line(sides[i], x)
        assert grid is not None
        return by_line(COMPARE[word if i == 0 else SWAPPED[word]], grid, x, column,
                       x.expr(sides[1 - i], loc + (word, 1 - i)))
    return _each(x.expr(value, loc))


def _line(value: Any, x: Compiling) -> tuple[ZoneRule | None, bool]:
    """The grid of ``{row: GRID}`` or ``{column: GRID}`` and whether a column."""
    if isinstance(value, dict) and len(value) == 1:
        word, name = next(iter(value.items()))
        zone = x.names.zones.get(name) if isinstance(name, str) else None
        if word in ("row", "column") and zone is not None and zone.width:
            return zone, word == "column"
    return None, False


def _all(steps: list[Step]) -> Step:
    def every(c: Ctx, cards: list[int]) -> list[int]:
        for step in steps:
            if not cards:
                break
            cards = step(c, cards)
        return cards
    return every


def _any(steps: list[Step]) -> Step:
    def some(c: Ctx, cards: list[int]) -> list[int]:
        held: set[int] = set()
        left = cards
        for step in steps:
            if not left:
                break
            held.update(step(c, left))
            left = [k for k in left if k not in held]
        return [k for k in cards if k in held]
    return some


def _each(fn: Fn) -> Step:
    return lambda c, cards: kept(c, lambda _: cards, fn)


def _printed(fn: Fn, size: int) -> Step:
    """Worked out for every card of the game at its first reading, then looked up; read
    card by card (as ``_each``) when it fails on some card."""
    verdicts: list[list[bool] | None] = []

    def looked_up(c: Ctx, cards: list[int]) -> list[int]:
        if not verdicts:
            here = c.on(-1)
            try:
                verdicts.append([bool(fn(here.on(k))) for k in range(size)])
            except FAULTS:
                verdicts.append(None)
        table = verdicts[0]
        if table is None:
            return kept(c, lambda _: cards, fn)
        return [k for k in cards if table[k]]
    return looked_up


def by_line(op: Callable[[Any, Any], Any], grid: ZoneRule, x: Compiling, column: bool,
            other: Fn) -> Step:
    """The cards whose place's row (column) on ``grid`` compares with ``other``, read once:
    a card off the grid is read at the place in question, as ``{row: GRID}`` reads it."""
    name, cells, width = grid.name, grid.cells, grid.width
    index = list(x.names.zones).index(name)

    def line(c: Ctx, cards: list[int]) -> list[int]:
        st, want, out = c.st, other(c), []
        base, where, owner = st.zone_slot[name], st.where, st.owner_zone
        for k in cards:
            slot = where[k]
            cell = (slot - base) % cells if owner[slot] == index else c.target
            n = -1 if not 0 <= cell < cells else cell % width if column else cell // width
            if op(n, want):
                out.append(k)
        return out
    return line
