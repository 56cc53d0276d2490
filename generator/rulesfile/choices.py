"""The legal actions of a rules-file game's position: each action of the phase with each
choice (card, target, number) its condition allows. A condition that does not read the
chosen card is tried once for all the cards. The actions are tried in the order of their
names and each one's choices come in order (cards sorted, targets and numbers counting
up), so the list comes out sorted without sorting it.

Each action's way of offering its choices (``Offer``) is made once, when the rules are
compiled, for the action's shape: an action that chooses nothing, a bid (a number alone,
every one legal) and the general case each have their own."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from generator.engine.api import Action
from generator.rulesfile.position import Ctx, Fn

if TYPE_CHECKING:
    from generator.rulesfile.actionrule import ActionRule
    from generator.rulesfile.cardpick import Pick
    from generator.rulesfile.effects import SlotFn
    from generator.rulesfile.position import Position

MAX_CHOICES = 1000  # choices one action offers at once; more is a mistake
NO_CARD, NO_NUMBER = [-1], (0,)  # an action that chooses no card, no number
NUMBER_ONLY, CARD_ONLY = (2,), (0,)  # the shapes of an action that chooses a number or
# a card alone
CARD_TARGET = (0, 1)  # a card and a zone or cell to put it
MAX_KEPT = 4096  # lists of bids an action keeps (then forgets them all and starts again)
# (position, its context with nothing chosen, the list to add to): the action's legal
# choices added in order; a fault of play (too many choices) ends the game
Offer = Callable[["Position", Ctx, list[Action]], None]
# an action that chooses nothing and is always legal is offered as itself (no call)
Offered = Offer | tuple[str]
Bounds = tuple[tuple[int, int, int], tuple[int, int, int]]  # see ActionRule.bounds
# (position, its context with nothing chosen) -> a phase's legal actions, whole (kept)
Listing = Callable[["Position", Ctx], list[Action]]


def offer(rule: ActionRule) -> Offered:
    """How ``rule`` adds its legal choices, made for its shape."""
    test = rule.test
    if not rule.shape:  # no choice
        action = (rule.name,)
        if test is None:
            return action

        def tested(st: Position, here: Ctx, out: list[Action]) -> None:
            if test(here):
                out.append(action)
        return tested
    if rule.number is not None and rule.shape == NUMBER_ONLY and test is None:
        return bids(rule.name, rule.number, rule.bounds)
    if rule.pick is not None and rule.card is not None:
        return picked(rule, rule.card, rule.pick)
    return lambda st, here, out: _offer(st, rule, here, out)


def picked(rule: ActionRule, zone: SlotFn, pick: Pick) -> Offer:
    """A card alone, its legal cards worked out at once (``cardpick``) from the pile's."""
    name = rule.name

    def offer_picked(st: Position, here: Ctx, out: list[Action]) -> None:
        cards = sorted(st.zones[zone(here)])
        if len(cards) > MAX_CHOICES:  # a fault of play, as the general case reports it
            _ranges(st, rule, here)
            return
        for card in pick(here, cards):  # (a loop: no comprehension's call)
            out.append((name, card))
    return offer_picked


def bids(name: str, number: tuple[Fn, Fn], bounds: Bounds | None) -> Offer:
    """A number alone, every one legal: the list of bids kept for each (lowest, highest),
    each bound read in place when it is a variable plus a constant (``bounds``)."""
    if bounds is None:
        made, listed = _kept(name, [], [])
        lowest, highest = number

        def bids_read(st: Position, here: Ctx, out: list[Action]) -> None:
            low = lowest(here)  # every number from low on
            high = min(highest(here), low + MAX_CHOICES - 1)
            kept = made.get((low, high))
            out += listed(low, high) if kept is None else kept
        return bids_read
    whole = kept_bids(name, bounds, [], [])

    def bids_in_place(st: Position, here: Ctx, out: list[Action]) -> None:
        out += whole(st, here)
    return bids_in_place


def phase_list(rules: list[ActionRule]) -> Listing | None:
    """A phase's legal actions whole, kept for each (lowest, highest) bid, when its
    actions are one bid read in place (``bids``' ``bounds``) and others that choose
    nothing and are always legal (the auction's raise and pass); None for others."""
    bid = [rule for rule in rules if rule.shape]
    if len(bid) != 1 or bid[0].shape != NUMBER_ONLY or bid[0].test is not None or (
            bid[0].bounds is None) or any(rule.test is not None for rule in rules):
        return None
    name = bid[0].name
    plain = sorted((rule.name,) for rule in rules if not rule.shape)
    return kept_bids(name, bid[0].bounds, [a for a in plain if a[0] < name],
                     [a for a in plain if a[0] > name])


def kept_bids(name: str, bounds: Bounds, before: list[Action], after: list[Action]
              ) -> Listing:
    """Every bid from the lowest to the highest bound, each read in place (a variable
    plus a constant), between the actions ``before`` and ``after`` (always legal): the
    list kept for each (lowest, highest), an empty range of bids too (no raise left).
    What it gives is shared: read, never changed."""
    (low_at, low_seated, low_add), (high_at, high_seated, high_add) = bounds
    made, listed = _kept(name, before, after)

    def bids_kept(st: Position, here: Ctx) -> list[Action]:
        seat, values = here.seat, st.vars
        low = values[low_at + seat * low_seated]
        if low_add:
            low += low_add
        high = values[high_at + seat * high_seated]
        if high_add:
            high += high_add
        if high >= low + MAX_CHOICES:
            high = low + MAX_CHOICES - 1
        kept = made.get((low, high))
        return listed(low, high) if kept is None else kept
    return bids_kept


def _kept(name: str, before: list[Action], after: list[Action]
          ) -> tuple[dict[tuple[int, int], list[Action]], Callable[[int, int], list[Action]]]:
    """The lists of bids kept, by (lowest, highest), and what lists and keeps one (the
    bids between ``before`` and ``after``; all forgotten once ``MAX_KEPT`` are kept)."""
    made: dict[tuple[int, int], list[Action]] = {}

    def listed(low: int, high: int) -> list[Action]:
        if len(made) >= MAX_KEPT:
            made.clear()
        made[low, high] = actions = before + [(name, n) for n in range(low, high + 1)] + after
        return actions
    return made, listed


def _offer(st: Position, rule: ActionRule, here: Ctx, out: list[Action]) -> None:
    """The general case: every (card, target, number) the action ranges over, tried."""
    ranges = _ranges(st, rule, here)
    if ranges is None:
        return
    cards, targets, numbers = ranges
    test, encode = rule.test, rule.encoder
    if rule.split is not None and cards and targets and numbers:
        first, test, conjunction = rule.split  # its first parts, read once
        if bool(first(here)) is not conjunction:  # settled for every choice
            out += [] if conjunction else rule.every(cards, targets, numbers)
            return
    if test is None:  # every choice is legal
        out += rule.every(cards, targets, numbers)
    elif rule.card_free:  # tried once for all cards
        if cards:
            here.card = cards[0]
            spots = None if rule.legal_places is None else rule.legal_places(here, targets)
            kept = _tried(test, here, targets, numbers) if spots is None else [
                (t, 0) for t in spots]  # the places in one pass (placepick) when it can
            if rule.shape == CARD_TARGET:  # a card and where it goes: no encoder call
                name = rule.name
                out += [(name, card, t) for card in cards for t, _ in kept]
            else:
                out += [encode(card, t, n) for card in cards for t, n in kept]
    elif rule.shape == CARD_ONLY:  # the common case, a card alone: no loops within
        name = rule.name
        for card in cards:
            here.card = card
            if test(here):
                out.append((name, card))
    else:
        for card in cards:
            here.card = card
            for target in targets:
                here.target = target
                for number in numbers:
                    here.number = number
                    if test(here):
                        out.append(encode(card, target, number))
    here.card, here.number, here.target = -1, 0, -1


def _ranges(st: Position, rule: ActionRule, here: Ctx
            ) -> tuple[list[int], range, Sequence[int]] | None:
    """The cards, targets and numbers an action chooses from; None (a fault) when they
    make more than ``MAX_CHOICES`` choices."""
    cards = NO_CARD if rule.card is None else sorted(st.zones[rule.card(here)])
    targets = rule.targets
    numbers: Sequence[int] = NO_NUMBER
    if rule.number is not None:
        low, high = rule.number[0](here), rule.number[1](here)
        numbers = range(low, min(high, low + MAX_CHOICES - 1) + 1)
        if rule.card is None and len(targets) == 1:  # at most MAX_CHOICES numbers
            return cards, targets, numbers
    if len(cards) * len(targets) * len(numbers) > MAX_CHOICES:
        st.fail(rule.loc + ("choose",), f"offers more than {MAX_CHOICES} choices at once")
        return None
    return cards, targets, numbers


def _tried(test: Fn, here: Ctx, targets: range, numbers: Sequence[int]
           ) -> list[tuple[int, int]]:
    """The (target, number) choices for which ``test`` holds, ``here`` moved to each."""
    kept = []
    for target in targets:
        here.target = target
        for number in numbers:
            here.number = number
            if test(here):
                kept.append((target, number))
    return kept
