"""The zones and variables a rules file declares, read and checked (each key, each value,
located problems), and laid out in slots for a player count; with the small reader the
whole compiler shares (a section that must be a mapping)."""

from __future__ import annotations

from typing import Any

from generator.data.yamlsrc import Loc
from generator.rulesfile.report import Reporter
from generator.rulesfile.zones import ZoneRule

ZONE_KEYS = ("owner", "see", "order", "start", "grid", "held")
VAR_KEYS = ("owner", "start", "min")

Layout = tuple[dict[str, int], list[int], dict[str, int]]


def lay_out(zones: list[ZoneRule], vars_: list[tuple[str, bool, int | str, int | None]],
            players: int) -> Layout:
    """Zone slots (one per seat for a zone of each, per cell for a grid), the zone index
    of every slot, variable slots (one per seat for a variable of each)."""
    zone_slot: dict[str, int] = {}
    owner_zone: list[int] = []
    var_slot: dict[str, int] = {}
    for index, zone in enumerate(zones):
        zone_slot[zone.name] = len(owner_zone)
        owner_zone += [index] * ((players if zone.owned else 1) * zone.cells)
    slots = 0
    for name, owned, *_ in vars_:
        var_slot[name] = slots
        slots += players if owned else 1
    return zone_slot, owner_zone, var_slot


def mapping(report: Reporter, value: Any, loc: Loc, what: str) -> dict[str, Any]:
    """``value`` when it is a mapping, {} when absent; else reported (and {})."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        report.error(loc, f"{what} must be a mapping", "rules-schema")
        return {}
    return value


def _choice(report: Reporter, value: Any, loc: Loc, allowed: tuple[Any, ...]) -> Any:
    if value not in allowed or type(value) is not type(allowed[0]):
        said = ", ".join(str(a).lower() for a in allowed)
        report.error(loc, f"expected one of {said}, not {value!r}", "rules-schema")
        return allowed[0]
    return value


def read_zones(report: Reporter, zones: dict[str, Any], pieces: dict[str, Any]
               ) -> list[ZoneRule]:
    """The zones declared (``zones``), each checked; a piece starts in one zone at most."""
    out = []
    started: dict[str, str] = {}
    for name, spec in zones.items():
        loc: Loc = ("zones", name)
        spec = mapping(report, spec, loc, f"zone '{name}'")
        report.unknown_keys(spec, loc, ZONE_KEYS, "a zone")
        owned = _choice(report, spec.get("owner", "none"), loc + ("owner",), ("none", "each"))
        see = _choice(report, spec.get("see", "all"), loc + ("see",), ("all", "owner", "none"))
        order = _choice(report, spec.get("order", "top"), loc + ("order",), ("top", "random"))
        start = spec.get("start")
        if start is not None and (not isinstance(start, str) or start not in pieces):
            report.error(loc + ("start",), f"no piece '{start}' in this game's component "
                         f"files (pieces: {', '.join(pieces) or 'none'})", "rules-name")
            start = None
        elif start is not None and start in started:
            report.error(loc + ("start",), f"piece '{start}' already starts in zone "
                         f"'{started[start]}'", "rules-schema")
            start = None
        elif start is not None and owned == "each":
            report.error(loc + ("start",), "a zone of each player starts empty: deal to it "
                         "in setup", "rules-schema")
            start = None
        if start is not None:
            started[start] = name
        width, height = _grid(report, spec.get("grid"), loc + ("grid",))
        held = _choice(report, spec.get("held", True), loc + ("held",), (True, False))
        out.append(ZoneRule(str(name), owned == "each", see, order == "random", start,
                            width, height, bool(held)))
    return out


def misnamed_start(zones: dict[str, Any], pieces: dict[str, Any]) -> bool:
    """Whether a zone starts with a piece the component files do not have."""
    starts = [spec.get("start") for spec in zones.values() if isinstance(spec, dict)]
    return any(s is not None and (not isinstance(s, str) or s not in pieces) for s in starts)


def _grid(report: Reporter, value: Any, loc: Loc) -> tuple[int, int]:
    """``grid: [columns, rows]``, each 1 to 20; (0, 0) for a zone that is no grid."""
    if value is None:
        return 0, 0
    if (isinstance(value, list) and len(value) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 20 for v in value)):
        return value[0], value[1]
    report.error(loc, "a grid is [columns, rows], each from 1 to 20", "rules-schema")
    return 1, 1  # a grid still, so that its uses are not reported as of no grid


def read_vars(report: Reporter, vars_: dict[str, Any]
              ) -> list[tuple[str, bool, int | str, int | None]]:
    """The variables declared (``vars``): name, one of each player, start, lowest."""
    out = []
    for name, spec in vars_.items():
        loc: Loc = ("vars", name)
        spec = mapping(report, spec, loc, f"variable '{name}'")
        report.unknown_keys(spec, loc, VAR_KEYS, "a variable")
        owned = _choice(report, spec.get("owner", "none"), loc + ("owner",), ("none", "each"))
        start, low = spec.get("start", 0), spec.get("min")
        if isinstance(start, bool) or not isinstance(start, int | str):
            report.error(loc + ("start",), "'start' is a whole number or a word",
                         "rules-schema")
            start = 0
        if low is not None and (not isinstance(low, int) or isinstance(low, bool)):
            report.error(loc + ("min",), "'min' is a whole number", "rules-schema")
            low = None
        out.append((str(name), owned == "each", start, low))
    return out
