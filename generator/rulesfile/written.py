"""Expressions written out for speed: a comparison or an ``and``/``or`` as one closure
instead of an operator called on values, and an aggregate that does not depend on the
action's choice read once per legal-action enumeration (``memo``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from generator.data.yamlsrc import Loc
    from generator.rulesfile.position import Ctx, Fn, Value

REBINDING = ("count", "sum", "distinct", "best")  # their where/value/give read each card
PER_CARD = ("where", "value", "give")


EVERY = frozenset(("card", "target", "number"))


def reads(value: Any, card_on_grid: bool = True, rebound: bool = False) -> frozenset[str]:
    """Which parts of the action's choice an expression (as written in YAML) may read:
    ``card`` (a ``field`` or ``same`` outside an aggregate's ``where``/``value``/``give``,
    or a grid's place in question while the chosen card may lie on a grid), ``target``
    (``{game: target}``, a grid's place in question) and ``number``; a plug-in, all.
    Erring on more is safe."""
    if isinstance(value, list):
        return frozenset().union(*(reads(v, card_on_grid, rebound) for v in value))
    if not isinstance(value, dict):
        return frozenset()
    word, found = next(iter(value), None), set[str]()
    for key, arg in value.items():
        if key == "plugin":
            return EVERY
        if key in ("cell", "next_to", "in_row", "in_column", "row", "column"):
            found.update(("target", "card") if card_on_grid and not rebound else ("target",))
        if key in ("field", "same") and not rebound:
            found.add("card")
        if key == "game" and arg in ("number", "target"):
            found.add(arg)
        inner = rebound or (word in REBINDING and key in PER_CARD)
        found.update(reads(arg, card_on_grid, inner))
    return frozenset(found)


MOVING = frozenset(("turn", "number", "target", "first", "actor"))  # game words, see below


def steady(value: Any) -> str | None:
    """What a condition (as written in YAML) reads besides the cards' printed fields and
    the seat in focus: ``"zones"`` (where the cards lie, who moved them) or ``"state"``
    (the variables too); None when it may read anything else (the action's choice, the
    turn, the first or acting seat, a plug-in, whether an action is legal), so that it
    must be read every time."""
    if reads(value):
        return None
    found = "zones"

    def walk(part: Any) -> bool:
        nonlocal found
        if isinstance(part, list):
            return all(walk(p) for p in part)
        if not isinstance(part, dict):
            return True
        word = part.get("game")
        if "plugin" in part or "legal" in part or isinstance(word, str) and word in MOVING:
            return False  # (legal: the seat to act, the turn... whatever its action reads)
        if "var" in part:
            found = "state"
        return all(walk(p) for p in part.values())
    return found if walk(value) else None




def seated(value: Any, owned: frozenset[str], bound: bool = False) -> bool:
    """Whether an expression (as written in YAML) may read the seat in focus: ``{game:
    seat}``, or the name of a zone or variable of each player (``owned``), outside an
    ``each_player``/``best_player`` or the expression an ``of`` reads for another seat.
    A word that happens to be such a name counts too: erring on more is safe."""
    if isinstance(value, str):
        return not bound and value in owned
    if isinstance(value, list):
        return any(seated(v, owned, bound) for v in value)
    if not isinstance(value, dict):
        return False
    rebinds = "of" in value and len(value) > 1
    for key, arg in value.items():
        inner = bound or key in ("each_player", "best_player") or (rebinds and key != "of")
        if key == "game" and arg == "seat" and not bound or seated(arg, owned, inner):
            return True
    return False


def remembered(fn: Fn, watch: str, seat: bool) -> tuple[Fn, list[Any] | None]:
    """``fn``, a condition ``steady`` calls ``watch``, read again only when the cards (and,
    for ``"state"``, the variables) changed or, if it reads the ``seat`` in focus, that
    seat is another: the stamps of change say which state it was read on, whatever state
    that was. With it, when only the cards count, what it remembers: the stamp of moves
    (``moved``) it was read at and its value, which play may look at in place."""
    seen: list[Any] = [None, None]  # (stamps, seat) and the value read
    variables = watch == "state"
    cards = not variables and not seat  # the common case (an end that reads the cards)

    def read(c: Ctx) -> Any:
        st = c.st
        key = st.moved if cards else (st.moved, st.written if variables else 0,
                                      c.seat if seat else -1)
        if seen[0] == key:
            return seen[1]
        value = fn(c)
        seen[0], seen[1] = key, value
        return value
    return read, seen if cards else None


def read_on_change(fn: Fn, value: Any, owned: frozenset[str]
                   ) -> tuple[Fn, list[Any] | None]:
    """``fn``, compiled from ``value``, ``remembered`` if ``steady``; else as it is (and
    nothing remembered)."""
    watch = steady(value)
    return (fn, None) if watch is None else remembered(fn, watch, seated(value, owned))


# an action's ``and``/``or`` condition whose first parts do not read the choice: those
# parts (read once per position), the other parts, and whether it is an ``and``
Split = tuple["Fn", "Fn", bool]


def split_test(value: Any, loc: Loc, compile_: Callable[[Any, Loc, int], Fn],
               kept: Callable[[Fn], Fn] = lambda fn: fn) -> tuple[Fn, Split | None]:
    """An action's condition compiled, and its ``Split`` if it has one: the parts compiled
    one by one at their places, as ``and``/``or`` would, then joined by ``chain``; in the
    other parts, one that does not read the choice either is ``kept`` (read once per
    position, where it stands: ``memo``)."""
    word = next(iter(value), None) if isinstance(value, dict) and len(value) == 1 else None
    parts = value.get(word) if word in ("and", "or") else None
    if not isinstance(parts, list) or len(parts) < 2:
        return compile_(value, loc, 0), None
    fns = [compile_(part, loc + (str(word), i), 1) for i, part in enumerate(parts)]
    conjunction = word == "and"
    whole = chain(conjunction, fns)
    free = next((i for i, part in enumerate(parts) if uses_choice(part)), len(parts))
    if not 0 < free < len(parts):
        return whole, None
    rest = [fn if uses_choice(part) else kept(fn) for fn, part in zip(
        fns[free:], parts[free:], strict=True)]
    return whole, (chain(conjunction, fns[:free]), chain(conjunction, rest), conjunction)


def uses_choice(value: Any) -> bool:
    """Whether an expression may read any part of the action's choice (``reads``)."""
    return bool(reads(value))


def memo(fn: Fn) -> Fn:
    """``fn`` read once per seat while the legal actions are worked out (the position
    does not change meanwhile); at any other time read as it is."""
    def read(c: Ctx) -> Any:
        seen = c.st.memo
        if seen is None:
            return fn(c)
        key = (read, c.seat)
        if key in seen:
            return seen[key]
        seen[key] = out = fn(c)
        return out
    return read


def against(word: str, op: Callable[[Any, Any], Any], a: Fn, const: Value) -> Fn:
    """``{WORD: [EXPR, CONSTANT]}`` with the comparison written out."""
    if word == "eq":
        return lambda c: a(c) == const
    if word == "ne":
        return lambda c: a(c) != const
    if word == "gt":
        return lambda c: a(c) > const
    if word == "ge":
        return lambda c: a(c) >= const
    if word == "lt":
        return lambda c: a(c) < const
    if word == "le":
        return lambda c: a(c) <= const
    return lambda c: op(a(c), const)


def against_read(word: str, a: Fn, b: Fn, other: Any, column: list[Any] | None
                 ) -> Fn | None:
    """``{WORD: [EXPR, OTHER]}`` (``a``, ``b``) compared in one step when OTHER is
    ``{game: players}`` or ``{game: seat}`` (read in place), or when EXPR is a card's
    field (its ``column``, read in place, as ``{field: F}`` reads it) tried for equality;
    None for any other."""
    if column is not None and word in ("eq", "ne"):
        if word == "eq":
            return lambda c: (column[c.card] if c.card >= 0 else 0) == b(c)
        return lambda c: (column[c.card] if c.card >= 0 else 0) != b(c)
    which = other.get("game") if isinstance(other, dict) and len(other) == 1 else None
    if which == "players":
        return {"eq": lambda c: a(c) == c.st.players, "ne": lambda c: a(c) != c.st.players,
                "lt": lambda c: a(c) < c.st.players, "le": lambda c: a(c) <= c.st.players,
                "gt": lambda c: a(c) > c.st.players,
                "ge": lambda c: a(c) >= c.st.players}.get(word)
    if which == "seat":
        return {"eq": lambda c: a(c) == c.seat, "ne": lambda c: a(c) != c.seat}.get(word)
    return None


def compare(word: str, op: Callable[[Any, Any], Any], a: Fn, b: Fn) -> Fn:
    """``{WORD: [EXPR, EXPR]}`` with the comparison written out."""
    if word == "eq":
        return lambda c: a(c) == b(c)
    if word == "ne":
        return lambda c: a(c) != b(c)
    if word == "gt":
        return lambda c: a(c) > b(c)
    if word == "ge":
        return lambda c: a(c) >= b(c)
    if word == "lt":
        return lambda c: a(c) < b(c)
    if word == "le":
        return lambda c: a(c) <= b(c)
    return lambda c: op(a(c), b(c))


def chain(conjunction: bool, parts: list[Fn]) -> Fn:
    """``and``/``or`` of a list, true or false, evaluated left to right only as far as
    needed; written out for two and three parts (the common cases: no loop)."""
    if len(parts) == 1:
        only = parts[0]
        return lambda c: bool(only(c))
    if len(parts) == 2:
        a, b = parts
        if conjunction:
            return lambda c: True if a(c) and b(c) else False
        return lambda c: True if a(c) or b(c) else False
    if len(parts) == 3:
        a, b, d = parts
        if conjunction:
            return lambda c: True if a(c) and b(c) and d(c) else False
        return lambda c: True if a(c) or b(c) or d(c) else False
    if conjunction:
        return lambda c: all(p(c) for p in parts)
    return lambda c: any(p(c) for p in parts)


def field_filter(cards: Callable[[Ctx], list[int]], column: list[Any] | None, equal: bool,
                 other: Fn) -> Callable[[Ctx], list[int]]:
    """The cards whose field (its ``column``; None: who moved it last) equals (or, not
    ``equal``, differs from) ``other``, read once, and only when there are cards: as
    ``where`` would read it on the first card."""
    def kept(c: Ctx) -> list[int]:
        got = cards(c)
        if not got:
            return got
        return matching(got, c.st.by if column is None else column, other(c), equal)
    return kept


def matching(cards: list[int], values: list[Any], want: Any, equal: bool) -> list[int]:
    """The ``cards`` whose value (in ``values``, by card) equals ``want`` (or, not
    ``equal``, differs from it), in order."""
    if equal:
        return [k for k in cards if values[k] == want]
    return [k for k in cards if values[k] != want]


# a field_filter's parts: the cards, the field's column (None: who moved it last), equal
# or not, and what the field is compared with
Picked = tuple[Callable[["Ctx"], list[int]], "list[Any] | None", bool, "Fn"]


def field_sum(values: list[Any] | None, cards: Callable[[Ctx], list[int]],
              column: list[Any] | None, equal: bool, other: Fn) -> Fn:
    """``{sum: …, where: {eq: [{field: F}, X]}, value: {field: G}}``: G's ``values`` of the
    cards ``field_filter`` keeps, added up in the same step (X read as it reads it); with
    no ``values``, ``{count: …, where: …}``: those cards counted in the same step."""
    def summed(c: Ctx) -> Any:
        got = cards(c)
        if not got:
            return 0
        want = other(c)
        fields = c.st.by if column is None else column
        if values is None:
            if equal:
                return len([k for k in got if fields[k] == want])
            return len([k for k in got if fields[k] != want])
        if equal:
            return sum([values[k] for k in got if fields[k] == want])
        return sum([values[k] for k in got if fields[k] != want])
    return summed


def field_test(value: Any, columns: dict[str, list[Any]],
               compile_: Callable[[Any, Loc], Fn], loc: Loc
               ) -> tuple[list[Any] | None, bool, Fn] | None:
    """A ``where`` that compares a card's field with what no card changes, ``{eq:
    [{field: F}, X]}`` or ``ne``: F's column (None: ``by``), eq or not, X compiled."""
    if not isinstance(value, dict) or len(value) != 1:
        return None
    word, arg = next(iter(value.items()))
    if word not in ("eq", "ne") or not isinstance(arg, list) or len(arg) != 2:
        return None
    left, right = arg
    if not isinstance(left, dict) or set(left) != {"field"} or uses_choice(right):
        return None
    name = left["field"]
    if name != "by" and (not isinstance(name, str) or name not in columns):
        return None
    other = compile_(right, loc + (word, 1))
    return (None if name == "by" else columns[name]), word == "eq", other


def of_every_pile(value: Any, zones: dict[str, Any], columns: dict[str, list[Any]]
                  ) -> Callable[[Ctx], list[Any]] | None:
    """Every seat's ``{count: PILE}`` or ``{sum: PILE, value: {field: F}}`` (a pile of
    each player, no ``where``), read side by side; None for any other expression."""
    if not isinstance(value, dict) or not value:
        return None
    word = next(iter(value))
    pile = zones.get(value[word]) if isinstance(value[word], str) else None
    if pile is None or not pile.owned or pile.width:
        return None
    name = pile.name
    if value == {"count": name}:
        def counts(c: Ctx) -> list[Any]:
            st = c.st
            base = st.zone_slot[name]
            return [len(cards) for cards in st.zones[base:base + st.players]]
        return counts
    field = value.get("value")
    if word != "sum" or set(value) != {"sum", "value"} or not isinstance(field, dict) \
            or set(field) != {"field"} or field["field"] not in columns:
        return None
    column = columns[field["field"]]

    def sums(c: Ctx) -> list[Any]:
        st = c.st
        base = st.zone_slot[name]
        return [sum([column[k] for k in cards]) for cards in st.zones[base:base + st.players]]
    return sums

