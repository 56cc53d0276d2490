"""A cold-comfort state as plain JSON-able data, and back."""

from __future__ import annotations

from typing import Any

from generator.games.cold_comfort.state import ColdComfortPosition, Hotel, Verdict

SCALARS = ("players", "pool", "hand", "bank", "phase", "active", "turns", "rounds", "acted",
           "built", "fired", "drawn", "target", "chooser", "to_roll")
LISTS = ("deck", "gold", "points", "rolled", "extras")


def state_to_dict(state: ColdComfortPosition) -> dict[str, Any]:
    data: dict[str, Any] = {name: getattr(state, name) for name in SCALARS}
    data.update({name: list(getattr(state, name)) for name in LISTS})
    data["placed"] = [list(p) for p in state.city.placed]
    data["campers"] = [[x, y, v] for (x, y), v in sorted(state.campers.items())]
    data["hotels"] = [[x, y, *h.as_list()] for (x, y), h in sorted(state.hotels.items())]
    data["supply"] = [[[size, n] for size, n in sorted(s.items())] for s in state.supply]
    data["options"] = [list(sq) for sq in state.options]
    data["mine_at"] = list(state.mine_at) if state.mine_at else None
    data["last_round"] = [[list(v.tiles), v.points, list(v.winners), v.best_block, v.best_gang]
                          for v in state.last_round]
    return data


def fill_state(state: ColdComfortPosition, data: dict[str, Any]) -> None:
    """Overwrite a fresh initial state with ``data`` (from ``state_to_dict``)."""
    for name in SCALARS:
        setattr(state, name, data[name])
    for name in LISTS:
        setattr(state, name, list(data[name]))
    for placement in data["placed"]:
        state.city.place(tuple(placement))
    state.campers = {(x, y): v for x, y, v in data["campers"]}
    state.hotels = {(x, y): Hotel(o, s, g, bool(f)) for x, y, o, s, g, f in data["hotels"]}
    state.supply = [{size: n for size, n in s} for s in data["supply"]]
    state.options = [(x, y) for x, y in data["options"]]
    state.mine_at = tuple(data["mine_at"]) if data["mine_at"] else None
    state.last_round = [Verdict(tuple(t), p, tuple(w), b, g)
                        for t, p, w, b, g in data["last_round"]]
