"""The cards an action that chooses a card alone may play, worked out in one step per
position instead of its condition read once per card in hand: a condition whose only
part that reads the chosen card compares that card's field with what no card changes
(``{eq: [{field: suit}, {var: led}]}``, follow suit; ``{le: [{field: rows}, …]}``, a
chit the rows ahead allow; ``{ge: [{var: coins}, {field: cost}]}``, a card one can pay
for), the other parts read once.

For ``or``: a part that does not read the card and holds makes every card legal, else
the cards whose field matches; for ``and``: one that fails makes none legal, else the
cards whose field matches. The same cards, in the same order, as the condition read on
each card would keep.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from generator.rulesfile.cardwhere import COMPARE
from generator.rulesfile.written import field_test, matching, uses_choice

if TYPE_CHECKING:
    from generator.data.yamlsrc import Loc
    from generator.rulesfile.expr import Compiler
    from generator.rulesfile.position import Ctx

# (the context, the cards to choose from, sorted) -> the legal ones, in that order
Pick = Callable[["Ctx", list[int]], list[int]]
ORDER = ("lt", "le", "gt", "ge")


def picker(value: Any, loc: Loc, x: Compiler) -> Pick | None:
    """The ``Pick`` of an action's condition ``value``, or None when it is of another
    shape (or the rules have problems: nothing is compiled twice)."""
    if x.report.problems or not isinstance(value, dict) or len(value) != 1:
        return None
    word = next(iter(value))
    parts = value[word] if word in ("and", "or") else [value]
    if not isinstance(parts, list) or not parts:
        return None
    places = [loc + (word, i) for i in range(len(parts))] if word in ("and", "or") else [loc]
    choosing = [i for i, part in enumerate(parts) if uses_choice(part)]
    if len(choosing) != 1:
        return None
    keep = by_field(parts[choosing[0]], places[choosing[0]], x)
    if keep is None:
        return None
    frees = [x.expr(part, at) for i, (part, at) in enumerate(zip(parts, places, strict=True))
             if i != choosing[0]]
    return pick(word == "or", frees, keep)


def by_field(part: Any, loc: Loc, x: Compiler) -> Pick | None:
    """The cards whose field compares with what no card changes: ``{eq: [{field: F},
    X]}`` or ``ne`` (F may be ``by``), ``lt``, ``le``, ``gt`` or ``ge``, or ``{WORD: [X,
    {field: F}]}`` (X read once, when there are cards, and compared on the side it is
    written); None for another shape."""
    test = field_test(part, x.names.columns, x.expr, loc)
    if test is not None:
        column, equal, other = test
        return lambda c, cards: matching(cards, c.st.by if column is None else column,
                                         other(c), equal)
    word, sides = next(iter(part.items())) if isinstance(part, dict) and len(part) == 1 \
        else ("", [])
    if word not in COMPARE or not isinstance(sides, list) or len(sides) != 2:
        return None
    mine = [i for i, side in enumerate(sides) if isinstance(side, dict) and set(side) == {
        "field"} and side["field"] in x.names.columns]
    if not mine or mine[0] == 0 and word not in ORDER:  # (eq, ne: field_test's, or none)
        return None
    at = mine[0]  # the side read on each card; the other read once, as it is written
    if uses_choice(sides[1 - at]):
        return None
    op, values = COMPARE[word], x.names.columns[sides[at]["field"]]
    other = x.expr(sides[1 - at], loc + (word, 1 - at))

    def ordered(c: Ctx, cards: list[int]) -> list[int]:
        if not cards:
            return cards
        want = other(c)
        if at:  # {ge: [{var: coins}, {field: cost}]}: can I pay it?
            return [k for k in cards if op(want, values[k])]
        return [k for k in cards if op(values[k], want)]
    return ordered


def pick(disjunction: bool, frees: list[Callable[[Ctx], Any]], keep: Pick) -> Pick:
    """See the module's words (``keep``: the cards the part that reads them keeps)."""
    def legal(c: Ctx, cards: list[int]) -> list[int]:
        for free in frees:  # (a loop: no generator made per position)
            if bool(free(c)) is disjunction:  # settled for every card
                return cards if disjunction else []
        return keep(c, cards)
    return legal
