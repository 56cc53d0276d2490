"""The places an action that chooses a grid's cell may use (or a roll over a grid's places
may give, ``rollplace``), worked out over the whole grid at once instead of its condition
read once per place (a build on any empty place of the open rows: one pass over the
places, not a closure per part per place).

Each part of the condition's ``and`` (or the condition alone) narrows the places left, in
order, as ``and`` reads its parts left to right on each place:

- a part that does not read the choice: read once, it keeps every place or none;
- ``{OP: [{row: GRID}, X]}`` (``column``; either side), X not read per choice: the places
  whose row (column) compares so with X, X read once;
- ``{OP: [{count: {cell: GRID}}, X]}``, with or without ``where: {eq: [{field: F}, Y]}``
  (or ``ne``): the places holding so many cards (kept by the field), X and Y read once;
- any other part: read on each place left.

GRID is the grid chosen on. What may fail (a word compared with a number) is read on every
place the condition would read it on, or more; when anything fails the places are not
given (None) and the caller reads the condition place by place, which fails as it would
(the same fault at the same rule) or keeps what it keeps. Otherwise the same places, in
the same order, as the condition read on each place keeps.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from generator.rulesfile.cardwhere import COMPARE, SWAPPED
from generator.rulesfile.running import FAULTS
from generator.rulesfile.written import field_test, uses_choice

if TYPE_CHECKING:
    from generator.data.yamlsrc import Loc
    from generator.rulesfile.grids import Compiling
    from generator.rulesfile.position import Ctx, Fn
    from generator.rulesfile.zones import ZoneRule

# (the context, the card chosen, the places so far) -> the places a part keeps, in order
Step = Callable[["Ctx", Sequence[int]], Sequence[int]]
# (the context, the card chosen, every place) -> the legal places; None: read place by place
Places = Callable[["Ctx", range], "list[int] | None"]


def place_picker(value: Any, loc: Loc, x: Compiling, grid: ZoneRule, split: bool
                 ) -> Places | None:
    """The ``Places`` of an action's condition ``value`` choosing on ``grid`` (its leading
    parts that do not read the choice left out when ``split``: read before, once), or None
    when it is of another shape or the rules have problems (nothing is compiled twice)."""
    if x.report.problems or not isinstance(value, dict) or len(value) != 1:
        return None
    word = next(iter(value))
    parts = value[word] if word == "and" else [value]
    if not isinstance(parts, list) or not parts or word == "or":
        return None
    places = [loc + ("and", i) for i in range(len(parts))] if word == "and" else [loc]
    if split:
        free = next((i for i, part in enumerate(parts) if uses_choice(part)), len(parts))
        parts, places = parts[free:], places[free:]
    steps = [_step(part, at, x, grid) for part, at in zip(parts, places, strict=True)]
    if all(kind == "each" for kind, _ in steps):
        return None  # read place by place anyway
    return narrowed([step for _, step in steps])


def narrowed(steps: list[Step]) -> Places:
    """The places every step keeps, each step reading the places the ones before kept."""
    def legal(c: Ctx, places: range) -> list[int] | None:
        left: Sequence[int] = places
        try:
            for step in steps:
                if not left:
                    break
                left = step(c, left)
        except FAULTS:
            return None
        return list(left)
    return legal


def _step(part: Any, loc: Loc, x: Compiling, grid: ZoneRule) -> tuple[str, Step]:
    """How one part narrows the places: its kind and its step."""
    if not uses_choice(part):
        return "once", _once(x.expr(part, loc))
    word = next(iter(part)) if isinstance(part, dict) and len(part) == 1 else ""
    sides = part[word] if isinstance(word, str) and word in COMPARE else None
    if isinstance(sides, list) and len(sides) == 2:
        for i in (0, 1):
            placed, other = sides[i], sides[1 - i]
            if uses_choice(other):
                continue
            op = COMPARE[word if i == 0 else SWAPPED[word]]
            at = loc + (word, 1 - i)
            line = _line(placed, grid)
            if line is not None:
                return "line", by_line(op, grid, line, x.expr(other, at))
            counted = _counted(placed, grid, x, loc + (word, i))
            if counted is not None:
                return "count", by_count(op, grid, counted, x.expr(other, at))
    return "each", _each(x.expr(part, loc))


def _line(value: Any, grid: ZoneRule) -> bool | None:
    """``{row: GRID}`` (False) or ``{column: GRID}`` (True) of the chosen grid, else None."""
    if isinstance(value, dict) and len(value) == 1:
        word, name = next(iter(value.items()))
        if word in ("row", "column") and name == grid.name:
            return word == "column"
    return None


# the field a counted place's cards are kept by: its column (None: who moved it last),
# equal or not, what it is compared with (None: every card counts)
Kept = tuple["list[Any] | None", bool, "Fn | None"]


def _counted(value: Any, grid: ZoneRule, x: Compiling, loc: Loc) -> Kept | None:
    """``{count: {cell: GRID}}`` of the chosen grid, with a field test as ``where`` or
    none: how its cards are kept; None for any other expression."""
    if not isinstance(value, dict) or value.get("count") != {"cell": grid.name}:
        return None
    if set(value) == {"count"}:
        return None, True, None
    if set(value) != {"count", "where"}:
        return None
    return field_test(value["where"], x.names.columns, x.expr, loc + ("where",))


def _once(fn: Fn) -> Step:
    return lambda c, places: places if fn(c) else ()


def _each(fn: Fn) -> Step:
    def each(c: Ctx, places: Sequence[int]) -> list[int]:
        kept = []
        for place in places:
            c.target = place
            if fn(c):
                kept.append(place)
        return kept
    return each


def by_line(op: Callable[[Any, Any], Any], grid: ZoneRule, column: bool, other: Fn
            ) -> Step:
    """The places whose row (or column) compares with ``other``, read once: each row
    (column) compared once, the places then kept by their row's (column's) verdict."""
    width, lines = grid.width, range(grid.width if column else grid.height)

    def line(c: Ctx, places: Sequence[int]) -> list[int]:
        want = other(c)
        verdict = [bool(op(n, want)) for n in lines]
        if column:
            return [p for p in places if verdict[p % width]]
        return [p for p in places if verdict[p // width]]
    return line


def by_count(op: Callable[[Any, Any], Any], grid: ZoneRule, kept: Kept, other: Fn
             ) -> Step:
    """The places whose cards (those ``kept``) are as many as ``other`` says, read once
    (an empty place's verdict once, the field's value compared with once)."""
    name, cells, owned = grid.name, grid.cells, grid.owned
    column, equal, test = kept

    def count(c: Ctx, places: Sequence[int]) -> list[int]:
        st = c.st
        base, zones = st.zone_slot[name] + (c.seat * cells if owned else 0), st.zones
        want = other(c)
        if test is None:
            return [p for p in places if op(len(zones[base + p]), want)]
        field, value, empty = st.by if column is None else column, test(c), op(0, want)
        # a place of one card: its verdict as that card is kept or not (read once)
        hit, miss = op(1 if equal else 0, want), op(0 if equal else 1, want)

        def verdict(cards: list[int]) -> Any:
            n = len([k for k in cards if field[k] == value])
            return op(n if equal else len(cards) - n, want)
        return [p for p in places if (
            (hit if field[cards[0]] == value else miss) if len(cards := zones[base + p]) == 1
            else verdict(cards) if cards else empty)]
    return count
