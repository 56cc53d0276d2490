"""The month, step by step: which choices each task offers and what each action does.

Tasks are tuples ``(kind, arg...)`` in ``state.todo``. Chance tasks: ``border-card``,
``reveal``. Choices: ``assign``, ``economy``, ``infrastructure``, ``population``
(arg: 1 if it may be passed), ``extra-population`` (arg: suit), ``estate-border``
(arg: estate). Automatic: ``growth``, ``growth-border``, ``month-end``.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from typing import Any

from generator.engine.api import CHANCE, TERMINAL, Action
from generator.games.copperdale.scoring import medal_sum
from generator.games.copperdale.state import CopperdalePosition, month
from generator.games.copperdale.tables import INFRA_TYPES, SEGMENTS, Tables

Events = list[str] | None
PASS: Action = ("pass",)


def max_actions_per_month(t: Tables) -> int:
    redraws = t.redraws_per_month
    extra_fills = max(t.farmers_population, t.surveyors_borders)
    return (1 + 2 * (len(SEGMENTS) + redraws) + 1
            + t.infrastructure_fills * (1 + extra_fills) + t.farmers_population)


# ``events`` is None in bulk runs; log texts are only formatted when someone reads them
# (``if events is not None`` before each ``_say`` keeps simulations fast).
def _say(events: Events, text: str) -> None:
    if events is not None:
        events.append(text)


def _has(s: CopperdalePosition, skill: str) -> bool:
    return s.skills_done & s.t.skill_bit[skill] != 0


# -- options ---------------------------------------------------------------------------
def options(s: CopperdalePosition, task: tuple[Any, ...]) -> list[Action]:
    return _OPTIONS[task[0]](s, task)


# A draw's outcomes are the unseen pool itself, not a copy: legal_actions() copies for
# its callers, and the cache is dropped before the pool changes (see CopperdalePosition).
def _chance_border(s: CopperdalePosition, task: tuple[Any, ...]) -> list[Action]:
    return s.unseen  # type: ignore[return-value]


def _chance_reveal(s: CopperdalePosition, task: tuple[Any, ...]) -> list[Action]:
    return s.unseen if s.main_fresh > 0 else [s.bottom[0]]  # type: ignore[return-value]


_SEGMENT = {name: i for i, name in enumerate(SEGMENTS)}
# The assignments in sorted order, each with its segment's index: listed already sorted.
_ASSIGNMENTS = sorted((("assign", seg), i) for i, seg in enumerate(SEGMENTS))


def _assign(s: CopperdalePosition, task: tuple[Any, ...]) -> list[Action]:
    acts: list[Action] = []
    assigned = s.assigned
    for act, i in _ASSIGNMENTS:
        if assigned[i] is None:
            acts.append(act)
    t = s.t
    if s.redraws < t.redraws_per_month and s.skills_done & t.philosophers_bit:
        acts.append(("redraw",))
    return acts


def _economy(s: CopperdalePosition, task: tuple[Any, ...]) -> list[Action]:
    t, acts = s.t, []
    spaces, actions = t.occupation_spaces, t.occupation_actions
    for i, values in enumerate(s.occupations):
        if len(values) < spaces:
            acts.append(actions[i])
    return acts


def infrastructure_spaces(s: CopperdalePosition, card: int) -> list[Action]:
    """Every space the Infrastructure card may fill now (one type per fill, each type
    once a month; Estates and Monuments only in the card's suit), read off the open
    spaces the sheet keeps."""
    suit, used = s.t.card_suit[card], s.infra_used
    districts, estates, monuments = s.open_spaces
    if not used:  # the month's first fill
        return [*districts, *estates[suit], *monuments[suit]]
    acts: list[Action] = []
    if "district" not in used:
        acts += districts
    if "estate" not in used:
        acts += estates[suit]
    if "monument" not in used:
        acts += monuments[suit]
    return acts


def _infrastructure(s: CopperdalePosition, task: tuple[Any, ...]) -> list[Action]:
    card = s.assigned[1]
    assert card is not None
    return infrastructure_spaces(s, card)


def _population(s: CopperdalePosition, task: tuple[Any, ...]) -> list[Action]:
    caps, acts = s.t.population_caps, s.t.population_actions
    options = [acts[p] for p, n in enumerate(s.population) if n < caps[p]]
    return [PASS, *options] if options and task[1] else options


def _extra_population(s: CopperdalePosition, task: tuple[Any, ...]) -> list[Action]:
    suit = task[1]
    return [PASS, ("population", suit)] if s.population[suit] < s.t.population_caps[suit] else []


def _estate_border(s: CopperdalePosition, task: tuple[Any, ...]) -> list[Action]:
    return [("border", b) for b in sorted(s.t.estate_suits[task[1]])
            if s.borders[b] < s.t.border_caps[b]]


_OPTIONS: dict[str, Callable[[CopperdalePosition, tuple[Any, ...]], list[Action]]] = {
    "border-card": _chance_border, "reveal": _chance_reveal, "assign": _assign,
    "economy": _economy, "infrastructure": _infrastructure, "population": _population,
    "extra-population": _extra_population, "estate-border": _estate_border,
}


# -- performing a chosen action ----------------------------------------------------------
def perform(s: CopperdalePosition, task: tuple[Any, ...], action: Action, events: Events) -> None:
    s._legal = None  # the state's cached legal actions are stale from here on
    del s.todo[0]
    PERFORM[task[0]](s, action, events)


def _border_card(s: CopperdalePosition, card: Any, events: Events) -> None:
    unseen = s.unseen  # sorted: found by bisection
    del unseen[bisect_left(unseen, card)]
    _border_drawn(s, card, events)


def _border_drawn(s: CopperdalePosition, card: Any, events: Events) -> None:
    """The Border card, already taken out of the unseen pool."""
    s.border = card
    if events is not None:
        _say(events, f"Month {s.month}: the Border card is the {s.t.card_name[card]}")


def _reveal(s: CopperdalePosition, card: Any, events: Events) -> None:
    if s.main_fresh > 0:
        unseen = s.unseen  # sorted: found by bisection
        del unseen[bisect_left(unseen, card)]
        _revealed(s, card, events)
    else:
        s.bottom.pop(0)
        s.drawn = card
        if events is not None:
            _say(events, f"reveal the {s.t.card_name[card]} (Value {s.value(card)})")


def _revealed(s: CopperdalePosition, card: Any, events: Events) -> None:
    """A card of the Main Deck's unknown part, already taken out of the unseen pool."""
    s.main_fresh -= 1
    s.drawn = card
    if events is not None:
        _say(events, f"reveal the {s.t.card_name[card]} (Value {s.value(card)})")


def _assign_card(s: CopperdalePosition, action: Any, events: Events) -> None:
    card = s.drawn
    assert card is not None
    s.drawn = None
    if action[0] == "redraw":  # Philosophers: under the Main Deck, draw again
        s.redraws += 1
        s.bottom.append(card)
        s.todo[0:0] = [("reveal",), ("assign",)]
        if events is not None:
            _say(events, f"Philosophers: put the {s.t.card_name[card]} under the Main Deck")
        return
    segment = _SEGMENT[action[1]]
    s.assigned[segment] = card
    if events is not None:
        _say(events, f"assign the {s.t.card_name[card]} to {segment + 1} - {action[1].title()}")


def _occupation(s: CopperdalePosition, action: Any, events: Events) -> None:
    """Economy: write the card's Value in the Occupation's next space; a rising pair
    unlocks the skill, any other pair strikes it."""
    card = s.assigned[0]
    assert card is not None
    i = action[1]
    s.write_occupation(i, s.value(card))
    if events is not None:
        values = s.occupations[i]
        done = len(values) == s.t.occupation_spaces
        outcome = (", skill unlocked" if s.skill(i) else ", skill struck") if done else ""
        _say(events, f"Economy: {s.t.occupation_names[i]} {'/'.join(map(str, values))}{outcome}")


def _infra(s: CopperdalePosition, action: Any, events: Events) -> None:
    kind, i = action
    card = s.assigned[1]
    assert card is not None and kind in INFRA_TYPES
    s.infra_used.append(kind)
    if kind == "district":
        _district(s, i, s.value(card), events)
    elif kind == "estate":
        s.fill_estate(i, card)
        fills = s.t.surveyors_borders if s.skills_done & s.t.surveyors_bit else 1
        s.todo[0:0] = [("estate-border", i)] * fills
        if events is not None:
            names = " + ".join(s.t.suit_names[x] for x in s.t.estate_suits[i])
            _say(events, f"Infrastructure: Estate {names}")
    else:
        suits = s.t.monument_suits[i]
        s.fill_monument(i, suits.index(s.t.card_suit[card]), card)
        if events is not None:
            _say(events, f"Infrastructure: {s.t.monument_names[i]}, "
                         f"{s.t.suit_names[s.t.card_suit[card]]} space")


def _district(s: CopperdalePosition, d: int, value: int, events: Events) -> None:
    completed = s.write_district(d, value)
    if events is not None:
        written = "/".join(map(str, s.districts[d]))
        _say(events, f"Infrastructure: District {d + 1} {written}{', completed' * completed}")
    if completed:
        s.todo[0:0] = population_fills(s)


def population_fills(s: CopperdalePosition) -> list[tuple[Any, ...]]:
    """One Population space of your choice; Farmers may make it two."""
    extra = s.t.farmers_population - 1 if s.skills_done & s.t.farmers_bit else 0
    return [("population", 0)] + [("population", 1)] * extra


def _fill_population(s: CopperdalePosition, action: Any, events: Events) -> None:
    if action[0] == "pass":  # PASS
        if events is not None:
            _say(events, "no second Population space")
        return
    s.add_population(action[1])
    if events is not None:
        _say(events, f"Population {s.t.suit_names[action[1]]} "
                     f"{s.population[action[1]]}/{s.t.population_caps[action[1]]}")


def _farmers_fill(s: CopperdalePosition, action: Any, events: Events) -> None:
    if events is not None:
        _say(events, "Farmers:")
    _fill_population(s, action, events)


def _estate_fill_border(s: CopperdalePosition, action: Any, events: Events) -> None:
    if events is not None:
        _say(events, "Estate:")
    _fill_border(s, action, events)


def _fill_border(s: CopperdalePosition, action: Any, events: Events) -> None:
    suit = action[1]
    s.add_border(suit)
    if events is not None:
        _say(events, f"Border {s.t.suit_names[suit]} {s.borders[suit]}/{s.t.border_caps[suit]}")


PERFORM: dict[str, Callable[[CopperdalePosition, Any, Events], None]] = {
    "border-card": _border_card, "reveal": _reveal, "assign": _assign_card,
    "economy": _occupation, "infrastructure": _infra, "population": _fill_population,
    "extra-population": _farmers_fill, "estate-border": _estate_fill_border,
}
# A draw from the unseen pool whose card ``apply_action`` has taken out already.
DRAWN: dict[str, Callable[[CopperdalePosition, Any, Events], None]] = {
    "border-card": _border_drawn, "reveal": _revealed,
}


# -- automatic steps -----------------------------------------------------------------
def _growth(s: CopperdalePosition, events: Events) -> None:
    """Growth: one Population space of the card's suit (Farmers: maybe two), then a
    Border space of that suit if the card matches the Border card."""
    card = s.assigned[2]
    assert card is not None
    suit = s.t.card_suit[card]
    if s.population[suit] < s.t.population_caps[suit]:
        if events is not None:
            _say(events, "Growth:")
        _fill_population(s, s.t.population_actions[suit], events)
        if s.skills_done & s.t.farmers_bit:
            s.todo[0:0] = [("extra-population", suit)] * (s.t.farmers_population - 1)
            s.todo.insert(len(s.todo) - 1, ("growth-border",))  # after the Farmers fill
            return
    else:
        if events is not None:
            _say(events, f"Growth: {s.t.suit_names[suit]} Population is full")
    _growth_border(s, events)  # at once: no choice comes between


def border_match(s: CopperdalePosition, card: int, border: int) -> bool:
    """Same suit, same Value, or (Diplomats) a face card (Growth; Skills)."""
    t = s.t
    if t.card_suit[card] == t.card_suit[border] or s.value(card) == s.value(border):
        return True
    return t.diplomats_match and t.card_value[card] is None and _has(s, "diplomats")


def _growth_border(s: CopperdalePosition, events: Events) -> None:
    card, border = s.assigned[2], s.border
    assert card is not None and border is not None
    suit = s.t.card_suit[card]
    if not border_match(s, card, border):
        if events is not None:
            _say(events, "Growth: no match with the Border card")
    elif s.borders[suit] < s.t.border_caps[suit]:
        _fill_border(s, ("border", suit), events)
    else:
        if events is not None:
            _say(events, f"Growth: matches, but {s.t.suit_names[suit]} Borders are full")


def _month_end(s: CopperdalePosition, events: Events) -> None:
    """Border card and the three assigned cards to the discard; after month 12, the end."""
    assert s.border is not None
    s.discard.append(s.border)
    for card in s.assigned:
        if card is not None:
            s.discard.append(card)
    s.border = None
    s.assigned = [None] * len(SEGMENTS)
    s.redraws = 0
    s.infra_used = []
    s.month += 1
    if s.month <= s.t.months:
        s.todo += month(s.t.infrastructure_fills)
    else:
        if events is not None:
            _say(events, f"game over: {medal_sum(s.t, s)} medals")


_AUTO: dict[str, Callable[[CopperdalePosition, Events], None]] = {
    "growth": _growth, "growth-border": _growth_border, "month-end": _month_end,
}
CHANCE_KINDS = frozenset(("border-card", "reveal"))  # a set: a miss compares no strings
NOTHING_TO_FILL = {
    "economy": "Economy: every Occupation space is filled",
    "infrastructure": "Infrastructure: no further space of another type takes this card",
    "population": "every Population space is filled", "extra-population": "",
    "estate-border": "Borders of both Estate suits are full", "assign": "",
}


def advance(s: CopperdalePosition, events: Events) -> int:
    """Run automatic steps and forced choices until a chance draw, a real choice or the
    end; which of them it is, as ``current_player`` tells it (CHANCE, the seat, TERMINAL)."""
    s._legal = None
    todo = s.todo  # every step edits the queue in place
    while todo:
        task = todo[0]
        kind = task[0]
        if kind in CHANCE_KINDS:  # every draw is asked for its outcomes: list them now
            # (``_chance_border`` and ``_chance_reveal``, spelled out)
            s._legal = (s.unseen  # type: ignore[assignment]  # its ints are Actions
                        if kind == "border-card" or s.main_fresh > 0 else [s.bottom[0]])
            return CHANCE
        choices = _OPTIONS.get(kind)
        if choices is None:  # an automatic step
            del todo[0]
            _AUTO[kind](s, events)
            continue
        acts = choices(s, task)
        if len(acts) > 1:
            s._legal = acts
            return 0  # the one seat
        del todo[0]
        if acts:
            PERFORM[kind](s, acts[0], events)
        else:  # nothing can be filled: the card is resolved without effect
            if events is not None:
                _say(events, NOTHING_TO_FILL[kind])
    return TERMINAL
