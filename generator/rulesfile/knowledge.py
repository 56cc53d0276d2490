"""What a seat of a rules-file game knows, for fair search: its information (hidden zones
as card counts) and a determinization (the cards it cannot see dealt again)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from generator.rulesfile.state import RulesState


def hidden_slots(st: RulesState, seat: int) -> list[int]:
    """The zone slots whose cards ``seat`` cannot see."""
    out = []
    for slot, index in enumerate(st.owner_zone):
        zone = st.prog.zones[index]
        owner = (slot - st.zone_slot[zone.name]) // zone.cells if zone.owned else -1
        if zone.see == "none" or (zone.see == "owner" and owner != seat):
            out.append(slot)
    return out


def information(st: RulesState, seat: int) -> dict[str, Any]:
    """The state's data with every zone ``seat`` cannot see shown as its number of
    cards, and who moved a hidden card left out."""
    data = st.to_dict()
    hidden = set(hidden_slots(st, seat))
    for slot in hidden:
        data["zones"][slot] = len(st.zones[slot])
    data["by"] = [-1 if st.where[i] in hidden else b for i, b in enumerate(st.by)]
    return data


def determinize(st: RulesState, seat: int, rng: random.Random) -> RulesState:
    """A state ``seat`` cannot tell from ``st``: the cards it cannot see dealt again at
    random among the zones that hide them, each zone keeping its size."""
    other = st.clone()
    hidden = hidden_slots(st, seat)
    cards = [card for slot in hidden for card in st.zones[slot]]
    rng.shuffle(cards)
    for slot in hidden:
        size = len(st.zones[slot])
        other.zones[slot], cards = cards[:size], cards[size:]
        for card in other.zones[slot]:
            other.where[card] = slot
    return other
