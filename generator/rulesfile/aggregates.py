"""The rules language's aggregates: the words that read a zone's cards (``count``,
``sum``, ``distinct``, ``best``, each kept by ``where`` or ``same``) or every seat
(``each_player``, ``best_player``), compiled into closures. ``expr.Compiler`` takes them
from ``Aggregates``; a filter by a card's field and its count or sum are read in one step
(``written.field_filter``, ``written.field_sum``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from generator.rulesfile import cardwhere
from generator.rulesfile.cardsets import alike, each_card, each_seat, kept
from generator.rulesfile.tally import SEATS, Then, pile_tally, seats_tally, whole
from generator.rulesfile.written import (
    Picked,
    field_filter,
    field_sum,
    field_test,
    of_every_pile,
)

if TYPE_CHECKING:
    from generator.data.yamlsrc import Loc
    from generator.rulesfile import fused
    from generator.rulesfile.position import Ctx, Fn, Place, Value
    from generator.rulesfile.report import Reporter
    from generator.rulesfile.zones import Names, ZoneRule

COMBINE = {"sum": sum, "max": lambda xs: max(xs, default=0),
           "min": lambda xs: min(xs, default=0), "count": lambda xs: sum(1 for x in xs if x)}


class Aggregates:
    """The aggregate words of ``expr.Compiler`` (which gives what is declared here)."""

    names: Names
    report: Reporter
    plain: dict[Fn, list[Any]]  # {field: F} -> F's column
    reads: dict[Fn, fused.Read]
    picked: dict[Fn, Picked]  # cards a field test keeps -> how (field_filter)
    piles: dict[Fn, Place]  # the cards of a pile -> its slot, 1 if one of each player
    consts: dict[Fn, Value]
    thens: dict[Fn, Then]  # a tally (tally.py) -> how to make it end with a comparison

    def expr(self, value: Any, loc: Loc, depth: int = 0) -> Fn:
        raise NotImplementedError

    def cards(self, value: Any, loc: Loc) -> Callable[[Ctx], list[int]]:
        raise NotImplementedError

    def _bad(self, loc: Loc, message: str) -> Fn:
        raise NotImplementedError

    def grid(self, value: Any, loc: Loc) -> ZoneRule | None:
        raise NotImplementedError

    def _read(self, read: fused.Read) -> Fn:
        raise NotImplementedError

    def _cards(self, value: dict[str, Any], word: str, loc: Loc, depth: int
               ) -> Callable[[Ctx], list[int]]:
        """The cards an aggregate reads: those of its zone that ``where`` keeps."""
        cards = self.cards(value[word], loc + (word,))
        where: Any = None
        if "where" in value:
            where = field_test(value["where"], self.names.columns,
                               lambda v, at: self.expr(v, at, depth + 1), loc + ("where",))
            if where is None:
                where = self.expr(value["where"], loc + ("where",), depth)
        if "same" in value:  # the other cards whose field equals the card in scope's
            cards = alike(cards, self._column(value["same"], loc + ("same",)))
        if where is None:
            return cards
        if isinstance(where, tuple):  # {eq: [{field: F}, X]}: no expression per card
            picked = field_filter(cards, *where)
            self.picked[picked] = (cards, *where)
            return picked
        test: Fn = where
        return cardwhere.where_kept(value["where"], loc + ("where",), self, cards, test) or (
            lambda c: kept(c, cards, test))  # part by part when it can (cardwhere)

    def _column(self, name: Any, loc: Loc) -> list[Any]:
        if not isinstance(name, str) or name not in self.names.columns:
            self.report.error(loc, f"no card has a field '{name}'", "rules-expression")
        return self.names.columns.get(name, []) if isinstance(name, str) else []

    def _w_count(self, value: dict[str, Any], loc: Loc, depth: int) -> Fn:
        zone = value["count"]
        if set(value) == {"count"} and isinstance(zone, str) and zone in self.names.zones \
                and not self.names.zones[zone].width:  # a pile's size, read in one step
            return self._read(("count", self.names.zone_slot[zone],
                               self.names.zones[zone].owned))
        cards = self._cards(value, "count", loc, depth)
        picked = self.picked.get(cards)
        if picked is not None:  # filtered and counted at once
            return self._tallied(None, picked) or field_sum(None, *picked)
        return lambda c: len(cards(c))

    def _w_sum(self, value: dict[str, Any], loc: Loc, depth: int) -> Fn:
        cards = self._cards(value, "sum", loc, depth)
        each = self._card_value(value, loc, depth)
        column = self.plain.get(each)
        picked = self.picked.get(cards)
        if column is not None and picked is not None:  # filtered and added up at once
            return self._tallied(column, picked) or field_sum(column, *picked)
        if column is not None:  # a field's values added up: read straight from its column
            return lambda c: sum([column[card] for card in cards(c)])
        return lambda c: sum(each_card(c, each, cards(c)))

    def _tallied(self, values: list[Any] | None, picked: Picked) -> Fn | None:
        """A pile's cards kept by a field test, counted or added up (whole-number
        ``values``) in one closure when what the field is compared with is a constant or
        a variable (``tally.pile_tally``); None for another shape."""
        cards, column, equal, other = picked
        pile, read = self.piles.get(cards), self.reads.get(other)
        if pile is None or not whole(values) or other not in self.consts and (
                read is None or read[0] != "var"):
            return None
        var = None if read is None else (read[1], int(read[2]))
        return self.tally(pile_tally(values, pile, column, equal, self.consts.get(other), var))

    def tally(self, then: Then) -> Fn:
        """The closure of a tally, known as one (``thens``: compared in the same step)."""
        fn = then(None, None)
        self.thens[fn] = then
        return fn

    def _w_distinct(self, value: dict[str, Any], loc: Loc, depth: int) -> Fn:
        cards = self._cards(value, "distinct", loc, depth)
        each = self._card_value(value, loc, depth)
        return lambda c: len(set(each_card(c, each, cards(c))))

    def _w_best(self, value: dict[str, Any], loc: Loc, depth: int) -> Fn:
        """The card of a zone with the highest ``value`` (the first such), read by
        ``give`` (default: that value); -1 when no card qualifies."""
        cards = self._cards(value, "best", loc, depth)
        each = self._card_value(value, loc, depth)
        give = self.expr(value["give"], loc + ("give",), depth) if "give" in value else each
        column = self.plain.get(each)  # {field: F}: read from its column in place

        def best(c: Ctx) -> Any:
            top, found = None, -1
            for card in cards(c):
                v = column[card] if column is not None else each(c.on(card))
                if top is None or v > top:
                    top, found = v, card
            return give(c.on(found)) if found >= 0 else -1
        return best

    def _card_value(self, value: dict[str, Any], loc: Loc, depth: int) -> Fn:
        if "value" not in value:
            return self._bad(loc, "give the 'value' to read from each card, e.g. value: "
                             "{field: points}")
        return self.expr(value["value"], loc + ("value",), depth)

    def _w_each_player(self, value: dict[str, Any], loc: Loc, depth: int) -> Fn:
        each = self.expr(value["each_player"], loc + ("each_player",), depth)
        how = value.get("combine", "sum")
        if how not in COMBINE:
            return self._bad(loc + ("combine",), f"combine with one of {', '.join(COMBINE)}")
        op = COMBINE[how]
        known = self.reads.get(each)
        if known is not None and known[0] == "var" and known[2]:
            base = known[1]  # a variable of each player: its values side by side

            def side_by_side(c: Ctx) -> Any:
                return op(c.st.vars[base:base + c.st.players])
            if how == "sum":
                self.reads[side_by_side] = ("every", base, True)
            return side_by_side
        seats = self._seats(value["each_player"], how)
        if seats is not None:
            return seats
        piles = of_every_pile(value["each_player"], self.names.zones, self.names.columns)
        if piles is not None:  # each seat's pile counted or added up, side by side
            read = piles
            return lambda c: op(read(c))
        return lambda c: op(each_seat(c, each))

    def _seats(self, value: Any, how: str) -> Fn | None:
        """Every seat's ``{count: PILE}`` or ``{sum: PILE, value: {field: F}}`` (a pile of
        each player, whole numbers) combined in one closure (``tally.seats_tally``); None
        for another expression."""
        word = next(iter(value), None) if isinstance(value, dict) else None
        pile = self.names.zones.get(value[word]) if word in ("count", "sum") and isinstance(
            value[word], str) else None
        if pile is None or not pile.owned or pile.width or how not in SEATS:
            return None
        field = value.get("value")
        if value == {"count": pile.name}:
            values = None
        elif word == "sum" and set(value) == {"sum", "value"} and isinstance(field, dict) \
                and set(field) == {"field"} and field["field"] in self.names.columns:
            values = self.names.columns[field["field"]]
        else:
            return None
        if not whole(values):
            return None
        return self.tally(seats_tally(self.names.zone_slot[pile.name], self.names.players,
                                      values, how))

    def _w_best_player(self, value: dict[str, Any], loc: Loc, depth: int) -> Fn:
        """The seat with the strictly highest value, or -1 when the highest is shared."""
        each = self.expr(value["best_player"], loc + ("best_player",), depth)

        def best(c: Ctx) -> int:
            values = each_seat(c, each)
            top = max(values)
            return values.index(top) if values.count(top) == 1 else -1
        return best
