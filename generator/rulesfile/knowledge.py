"""What is where in a rules-file game: the position in the file's own words, and what a
seat knows of it for fair search (its information: hidden zones as card counts; a
determinization: the cards it cannot see dealt again)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, TypeVar, cast

from generator.rulesfile.position import STAMPS
from generator.rulesfile.rollplace import PLACES
from generator.rulesfile.rollplace import in_words as place_words

if TYPE_CHECKING:
    from generator.rulesfile.position import Position

P = TypeVar("P", bound="Position")


def hidden_slots(st: Position, seat: int) -> list[int]:
    """The zone slots whose cards ``seat`` cannot see."""
    out = []
    for slot, index in enumerate(st.owner_zone):
        zone = st.prog.zones[index]
        owner = _owner(st, slot)
        if zone.see == "none" or (zone.see == "owner" and owner != seat):
            out.append(slot)
    return out


def _owner(st: Position, slot: int) -> int:
    """The seat whose zone ``slot`` is (-1: a shared zone)."""
    zone = st.prog.zones[st.owner_zone[slot]]
    return (slot - st.zone_slot[zone.name]) // zone.cells if zone.owned else -1


def information(st: Position, seat: int) -> dict[str, Any]:
    """The state's data with every zone ``seat`` cannot see shown as its number of
    cards, and who moved a hidden card (or chose it) left out."""
    data = st.to_dict()
    hidden = set(hidden_slots(st, seat))
    for slot in hidden:
        data["zones"][slot] = len(st.zones[slot])
    data["by"] = [-1 if st.where[i] in hidden else b for i, b in enumerate(st.by)]

    def unseen(card: int) -> int:  # a chosen card now out of sight is not named
        return -1 if card >= 0 and st.where[card] in hidden else card
    data["acting"][1] = unseen(data["acting"][1])
    for frame in data["frames"]:
        frame[4] = unseen(frame[4])
    return data


def determinize(st: P, seat: int, rng: random.Random) -> P:
    """A state ``seat`` cannot tell from ``st``: the cards it cannot see (taken in order
    of their numbers, so the result depends on the seat's view and ``rng`` only) dealt
    again at random among the zones that hide them, each zone keeping its size; a card
    dealt into a player's zone counts as moved by that player."""
    other = cast(P, st.clone())  # a clone is of its state's own class
    hidden = hidden_slots(st, seat)
    cards = sorted(card for slot in hidden for card in st.zones[slot])
    rng.shuffle(cards)
    for slot in hidden:
        size = len(st.zones[slot])
        other.zones[slot], cards = cards[:size], cards[size:]
        owner = _owner(st, slot)
        for card in other.zones[slot]:
            other.where[card], other.by[card] = slot, owner
    other.moved = next(STAMPS)
    return other


def view(st: Position) -> dict[str, Any]:
    """Zones (cards by number; a zone of each player as one list per seat, a grid as one
    list per place) and variables by name: the position in the rules file's own words."""
    out: dict[str, Any] = {}
    for zone in st.prog.zones:
        n, base = zone.cells, st.zone_slot[zone.name]
        lists = [list(st.zones[base + i]) for i in
                 range(n * (st.players if zone.owned else 1))]
        seats = [lists[s * n:(s + 1) * n] for s in range(st.players)] if zone.owned \
            else [lists]
        shown = [grid if zone.width else grid[0] for grid in seats]
        out[zone.name] = shown if zone.owned else shown[0]
    for name, owned, *_ in st.prog.vars:
        base = st.var_slot[name]
        out[name] = st.vars[base:base + st.players] if owned else st.vars[base]
    return out


def _var_at(st: Position, slot: int) -> str:
    """The variable a slot holds, by name (one of each player's: with its seat)."""
    for name, owned, *_ in st.prog.vars:
        base = st.var_slot[name]
        if base <= slot < base + (st.players if owned else 1):
            return f"{name} of P{slot - base + 1}" if owned else name
    return "?"


def in_words(st: Position, action: Any) -> str:
    """An action as a log line says it: 'take Tea 3', 'draws Salt 2', 'rolls 4 for die'."""
    if not isinstance(action, tuple):
        if st.pending and st.pending[3] == PLACES:
            return place_words(st.pending, int(action))
        if st.pending and st.pending[3]:
            return f"rolls {action} for {_var_at(st, st.pending[1])}"
        return f"draws {st.prog.table.labels[int(action)]}"
    rule = next(a for a in st.prog.actions if a.name == action[0])
    args = list(action[1:])
    words = [rule.name]
    if rule.card is not None:
        words.append(st.prog.table.labels[args.pop(0)])
    if rule.grid is not None:
        cell = args.pop(0)
        words.append(f"at column {cell % rule.grid.width + 1}, row "
                     f"{cell // rule.grid.width + 1}")
    elif rule.to:
        words.append("to " + rule.to_names[args.pop(0)])
    if rule.number is not None:
        words.append(str(args.pop(0)))
    return " ".join(words)
