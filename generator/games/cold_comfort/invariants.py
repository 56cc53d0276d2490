"""What must hold after every action (checked by ``simulate`` at every step)."""

from __future__ import annotations

from collections import Counter

from generator.games.cold_comfort.state import ColdComfortPosition


def broken(state: ColdComfortPosition) -> list[str]:
    return _dice(state) + _gold(state) + _hotels(state) + _city(state) + _rounds(state)


def _dice(state: ColdComfortPosition) -> list[str]:
    guests = sum(1 for h in state.hotels.values() if h.guest)
    total = state.pool + len(state.campers) + guests + state.hand
    faults = []
    if total != state.setup.dice or min(state.pool, state.hand) < 0:
        faults.append(f"dice not conserved: pool {state.pool} + campers {len(state.campers)} "
                      f"+ guests {guests} + in hand {state.hand} != {state.setup.dice}")
    faults += [f"camper {v} on a lot of value {state.city.lot_value(sq)} at {sq}"
               for sq, v in state.campers.items() if state.city.lot_value(sq) != v]
    return faults


def _gold(state: ColdComfortPosition) -> list[str]:
    if sum(state.gold) + state.bank != state.setup.supply or min(state.gold) < 0:
        return [f"gold not conserved: players {state.gold} + bank {state.bank} != "
                f"{state.setup.supply} (or a player is below $0)"]
    return []


def _hotels(state: ColdComfortPosition) -> list[str]:
    faults = []
    standing = Counter((h.owner, h.size) for h in state.hotels.values())
    for seat in range(state.players):
        for size, count in state.setup.hotels.items():
            built = standing[(seat, size)]
            if built + state.supply[seat][size] != count:
                faults.append(f"P{seat + 1} has {built} built + {state.supply[seat][size]} "
                              f"in supply of size {size}, not {count}")
    for sq, h in state.hotels.items():
        if state.city.lot_value(sq) is None:
            faults.append(f"a hotel at {sq} is not on a lot")
        if h.guest not in (0, h.size):
            faults.append(f"a guest {h.guest} in a {h.size}-hotel at {sq}")
        if sq in state.campers:
            faults.append(f"a camper and a hotel share {sq}")
    return faults


def _city(state: ColdComfortPosition) -> list[str]:
    # The map changes only when a tile is placed: re-check it then, not every step.
    placed = len(state.city.placed)
    if state.checked_tiles == placed:
        return []
    faults = state.city.layout_faults()
    if not faults:
        state.checked_tiles = placed
    return faults


def _rounds(state: ColdComfortPosition) -> list[str]:
    rounds = state.setup.rounds
    if state.rounds > rounds or (state.phase == "over" and state.rounds != rounds):
        return [f"{state.rounds} scoring rounds played; the game has exactly {rounds}"]
    return []
