"""What a seat of Kings of Copper can see, and fresh deals of what it cannot (the State
API's information view and determinization).

Hidden from a seat: the chips lying face down on the mines (but the deep chips it paid to
peek at, while they lie there), the chips in the other seats' hands, and the order of the
event pile's cards not yet drawn. Seen by all: everything else, and of each face-down chip
its colour (the green Prospecting and blue Mining chips have different backs), so each
hand's number of green and of blue chips, and which mines others peeked at. A card drawn
goes under the pile face up, so after ``d`` draws the bottom ``d`` cards are known.

The view errs on the side of knowing less: a seat forgets what it learnt of chips that left
its hand (robbed from it) or that others took in front of it (Fool's Gold taken free).
"""

from __future__ import annotations

import json
import random
from typing import Any

from generator.games.kings_of_copper.state import KingsState, copy_table

LAYERS = ("green", "blue")
HIDDEN = "?"


def information(st: KingsState, seat: int) -> str:
    """The seat's view as canonical JSON: the position with every hidden chip shown as its
    colour and every undrawn card as ``?``."""
    data: dict[str, Any] = st.to_dict()
    s, chips = st.s, st.t.chips
    for mine_id, mine in data["mines"].items():
        if mine["green"] is not None:
            mine["green"] = HIDDEN
        if mine["blue"] is not None and mine_id not in s.seen[seat]:
            mine["blue"] = HIDDEN
    data["hands"] = [hand if other == seat else sorted(chips[c].layer for c in hand)
                     for other, hand in enumerate(s.hands)]
    data["seen"] = [known if other == seat else sorted(known)
                    for other, known in enumerate(s.seen)]
    unknown = undrawn(st)
    data["events"] = [HIDDEN] * unknown + s.events[unknown:]
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def undrawn(st: KingsState) -> int:
    """How many cards on top of the event pile nobody has seen yet."""
    return max(0, len(st.s.events) - st.s.counts.get("event cards drawn", 0))


def determinize(st: KingsState, seat: int, rng: random.Random) -> KingsState:
    """A copy with the chips hidden from ``seat`` dealt again, each into a place of its
    colour, and the unseen cards of the pile shuffled. The places are visited in a fixed
    order and the chips shuffled from sorted order, so the copy depends on the view and
    ``rng`` only."""
    s, chips = st.s, st.t.chips
    new = copy_table(s)
    places: dict[str, list[tuple[str, Any]]] = {layer: [] for layer in LAYERS}
    pools: dict[str, list[str]] = {layer: [] for layer in LAYERS}
    for mine_id in sorted(new.mines):
        mine = new.mines[mine_id]
        if mine.green is not None:
            places["green"].append(("green", mine_id))
            pools["green"].append(mine.green)
        if mine.blue is not None and mine_id not in s.seen[seat]:
            places["blue"].append(("blue", mine_id))
            pools["blue"].append(mine.blue)
    for other, hand in enumerate(s.hands):
        if other != seat:
            for chip in hand:
                places[chips[chip].layer].append(("hand", other))
                pools[chips[chip].layer].append(chip)
            new.hands[other] = []
    for layer in LAYERS:
        pool = sorted(pools[layer])
        rng.shuffle(pool)
        for (kind, where), chip in zip(places[layer], pool, strict=True):
            if kind == "hand":
                new.hands[where].append(chip)
            else:
                setattr(new.mines[where], kind, chip)
    for other, known in enumerate(new.seen):
        if other != seat:  # what another seat peeked at is what now lies there
            for mine_id in known:
                lying = new.mines[mine_id].blue
                assert lying is not None  # forgotten when the chip leaves (``mining.forget``)
                known[mine_id] = lying
    for hand in new.hands:
        hand.sort()
    unknown = undrawn(st)
    top = sorted(s.events[:unknown])
    rng.shuffle(top)
    new.events[:unknown] = top
    return type(st)(st.t, new)

