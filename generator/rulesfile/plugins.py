"""The rules language's one way out to Python: a plug-in effect or expression that an
installed package provides, never a file of the deck.

A package declares its words as entry points, ``copperplate.effects`` (an effect:
``fn(table, *args)``, changing the game through ``table``) or ``copperplate.expressions``
(``fn(table, *args)`` returning a whole number, a word or true/false). A rules file names
one with ``{plugin: NAME, with: [EXPR, …]}``. The name is looked up among the installed
distributions' entry points and nowhere else: a name that no distribution provides, or
one whose distribution or module lies inside the game's own folder (a ``.py`` or a
``dist-info`` shipped with a deck, found because that folder happens to be on
``sys.path``), is a located error and nothing is imported. A plug-in sees the game
through ``Table`` only: names checked, values bounded, cards moved whole.
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Callable
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import Any

from generator.data.yamlsrc import Loc
from generator.files.installed import EFFECTS, EXPRESSIONS
from generator.rulesfile.position import MAX_VALUE, STAMPS, Ctx, Fn
from generator.rulesfile.report import Reporter

NAME = re.compile(r"[a-z][a-z0-9_-]{0,63}\Z")  # a word: never a path, a module or a file
PLUGIN_KEYS = ("with",)


def find(report: Reporter, group: str, value: Any, loc: Loc) -> Callable[..., Any] | None:
    """The callable an installed distribution provides as ``value`` in ``group``; None
    (with a located problem) when there is none, or when it would come from the deck."""
    what = "effect" if group == EFFECTS else "expression"
    if not isinstance(value, str) or not NAME.match(value):
        report.error(loc, f"a plug-in is named by a plain word (letters, digits, - and _), "
                     f"not {value!r}: only an installed package provides one", "rules-plugin")
        return None
    found = list(entry_points(group=group, name=value))
    if not found:
        known = sorted({ep.name for ep in entry_points(group=group)})
        report.error(loc, f"no installed plug-in provides the {what} '{value}' (installed: "
                     f"{', '.join(known) or 'none'}; a plug-in is a Python package that "
                     f"declares it in the entry point group {group})", "rules-plugin")
        return None
    if len(found) > 1:
        owners = sorted(ep.dist.metadata["Name"] if ep.dist else ep.value for ep in found)
        report.error(loc, f"the {what} '{value}' is provided by {len(found)} installed "
                     f"packages ({', '.join(owners)}): uninstall all but one", "rules-plugin")
        return None
    deck = report.source.path.resolve().parent
    ep = found[0]
    places = _origin(ep)
    if not places or any(place.is_relative_to(deck) for place in places):
        report.error(loc, f"the {what} '{value}' would be loaded from "
                     f"{'inside the game folder' if places else 'nowhere importable'}"
                     ": a plug-in must be an installed package, never a file of the deck",
                     "rules-plugin")
        return None
    try:
        loaded = ep.load()
    except Exception as exc:  # a broken package: its problem, located at the rules file
        report.error(loc, f"the plug-in {what} '{value}' cannot be loaded: {exc}",
                     "rules-plugin")
        return None
    if not callable(loaded):
        report.error(loc, f"the plug-in {what} '{value}' is not callable", "rules-plugin")
        return None
    return loaded


def _origin(ep: EntryPoint) -> list[Path]:
    """Where the entry point's top module and its distribution lie, found without
    importing anything; empty when the module cannot be found."""
    top = ep.module.split(".")[0]
    spec = importlib.util.find_spec(top) if top else None  # a top module: nothing imported
    if spec is None:
        return []
    found = [spec.origin] if spec.has_location and spec.origin else list(spec.submodule_search_locations or [])
    if not found:
        return []
    places = [Path(found[0]).resolve()]
    if ep.dist is not None:
        places.append(Path(str(ep.dist.locate_file(""))).resolve())
    return places


class Table:
    """What a plug-in sees of a game: the seat in focus and the card in scope; zones and
    variables by name (of the seat in focus unless ``seat`` is given); card fields; and,
    for an effect, ``set`` and ``move``."""

    __slots__ = ("_c", "_write")

    def __init__(self, c: Ctx, write: bool):
        self._c, self._write = c, write

    @property
    def players(self) -> int:
        return self._c.st.players

    @property
    def seat(self) -> int:
        return self._c.seat

    @property
    def card(self) -> int:
        return self._c.card

    def var(self, name: str, seat: int | None = None) -> Any:
        return self._c.st.vars[self._var(name, seat)]

    def zone(self, name: str, seat: int | None = None) -> tuple[int, ...]:
        """The cards of a zone, bottom to top (card numbers)."""
        return tuple(self._c.st.zones[self._zone(name, seat)])

    def field(self, card: int, name: str) -> Any:
        st = self._c.st
        if not 0 <= card < len(st.where):
            raise ValueError(f"no card {card}")
        return st.by[card] if name == "by" else st.prog.table.columns[name][card]

    def set(self, name: str, value: int | str, seat: int | None = None) -> None:
        self._writing()
        if isinstance(value, bool) or not isinstance(value, int | str) or (
                isinstance(value, int) and abs(value) > MAX_VALUE):
            raise ValueError(f"a variable takes a whole number within ±{MAX_VALUE:,} or a "
                             f"word, not {value!r}")
        self._c.st.vars[self._var(name, seat)] = value
        self._c.st.written = next(STAMPS)

    def move(self, card: int, zone: str, seat: int | None = None) -> None:
        """Move a card to the top of a zone (shuffled in, if the zone is a random pile)."""
        self._writing()
        st = self._c.st
        if not 0 <= card < len(st.where):
            raise ValueError(f"no card {card}")
        st.move(card, self._zone(zone, seat), self._c.seat)

    def _writing(self) -> None:
        if not self._write:
            raise TypeError("an expression plug-in reads the game; only an effect changes it")

    def _seat(self, seat: int | None) -> int:
        if seat is None:
            return self._c.seat
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat!r}")
        return seat

    def _var(self, name: str, seat: int | None) -> int:
        st = self._c.st
        owned = dict((n, o) for n, o, *_ in st.prog.vars)
        if name not in owned:
            raise KeyError(f"no variable {name!r}")
        return st.var_slot[name] + (self._seat(seat) if owned[name] else 0)

    def _zone(self, name: str, seat: int | None) -> int:
        st = self._c.st
        rule = next((z for z in st.prog.zones if z.name == name), None)
        if rule is None or rule.width:
            raise KeyError(f"no zone {name!r} (a grid is not open to plug-ins)")
        return st.zone_slot[name] + (self._seat(seat) if rule.owned else 0)


def arguments(value: dict[str, Any], loc: Loc, expr: Callable[[Any, Loc], Any],
              report: Reporter) -> list[Any]:
    """The compiled expressions of a plug-in's ``with`` list."""
    args = value.get("with", [])
    if not isinstance(args, list):
        report.error(loc + ("with",), "'with' is a list of expressions", "rules-schema")
        return []
    return [expr(a, loc + ("with", i)) for i, a in enumerate(args)]


def call(fn: Callable[..., Any], args: list[Any], c: Ctx, write: bool) -> Any:
    """Run a plug-in; whatever it raises becomes the caller's fault to report."""
    try:  # a copy of the context: play refills its own, and a plug-in may keep its table
        return fn(Table(c.at(c.seat), write), *[a(c) for a in args])
    except PluginFault:
        raise
    except Exception as exc:
        raise PluginFault(f"{type(exc).__name__}: {exc}") from None


class PluginFault(ValueError):
    """A plug-in failed (reported at the rules file's line as a fault of play)."""


def expression(report: Reporter, compile_one: Callable[[Any, Loc], Fn], value: dict[str, Any],
               loc: Loc) -> Fn:
    """``{plugin: NAME, with: [...]}`` as an expression: its value a whole number, a word
    or true/false; ``compile_one`` compiles each argument."""
    fn = find(report, EXPRESSIONS, value["plugin"], loc + ("plugin",))
    args = arguments(value, loc, compile_one, report)
    if fn is None:
        return lambda c: 0
    found: Callable[..., Any] = fn

    def read(c: Ctx) -> Any:
        out = call(found, args, c, write=False)
        if not isinstance(out, int | str):
            raise PluginFault(f"plug-in '{value['plugin']}' gave {out!r}, not a whole "
                              "number, a word or true/false")
        return out
    return read
