"""The rulebook baseline: every number, count and fixed word a rulebook states, with the
sentence it comes from, and the one check (``rulebook-value``) that holds a deck to it.

A game's ``baseline.py`` lists ``Stated`` values (a key in the data) and ``Counted``
numbers (how many copies of something the deck prints). A deck that differs is refused
at the changed line, unless ``game.yaml`` declares a ``variant``: then each difference is a
warning, and the printed set lists the changes so the players at the table know.

Paths are the checks' location paths (``("table", "costs", "build_per_value")``); in a
list, ``"@great-blue-sapphire"`` picks the element with that ``id`` and ``"@players=2"``
the element whose ``players`` is 2, so the baseline survives reordering.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from generator.checks.registry import Registry, Reporter
from generator.data.components import LoadedGame, game_folder, load_game
from generator.data.yamlsrc import Loc
from generator.schema import GameData

MISSING = "(missing)"
RULEBOOK_LANGUAGE = "en"  # the rulebooks' language: their fixed words are held in it
Item = tuple[Loc, int, str]  # a counted thing: where it is, its copies, its name


@dataclass(frozen=True)
class Stated:
    """One value the rulebook states, found at ``path`` in the deck."""

    path: Loc
    value: Any
    quote: str  # the rulebook's own words
    section: str  # where they are (the rulebook's heading)
    name: str = ""  # how the message names it; the last key by default
    # a word a translation says in its own language (a name, a line of text); a word the
    # rules code acts on (what a medal counts) is no word to translate
    translatable: bool = True

    @property
    def label(self) -> str:
        if self.name:
            return self.name
        keys = [str(p) for p in self.path if isinstance(p, str) and not p.startswith("@")]
        picks = [str(p)[1:] for p in self.path if isinstance(p, str) and p.startswith("@")]
        return " ".join(picks[-1:] + keys[-1:])

    @property
    def where(self) -> str:
        """The key in the deck, as a designer finds it: ``table.yaml costs.build_per_value``."""
        stem, *rest = self.path
        shown_rest = ".".join(str(p) if isinstance(p, str) else f"[{p}]" for p in rest)
        return f"{str(stem).replace('_', '-')}.yaml {shown_rest}"


class _NamedInFile:
    """A counted or ranged thing, named as a designer finds it: ``tokens.yaml: calendar
    stones``."""

    name: str
    where_loc: Loc

    @property
    def label(self) -> str:
        return self.name

    @property
    def where(self) -> str:
        stem = str(self.where_loc[0]) if self.where_loc else "game"
        return f"{stem.replace('_', '-')}.yaml: {self.name}"


@dataclass(frozen=True)
class Counted(_NamedInFile):
    """A number of printed things the rulebook states. ``items`` gives each counted item's
    location, copies and name, in file order, so the error can sit at the added, removed or
    recounted one (found by comparing with the bundled deck)."""

    name: str
    items: Callable[[Any], list[Item]]
    value: int
    quote: str
    section: str
    where_loc: Loc  # where to report when there is no item at all


@dataclass(frozen=True)
class Ranged(_NamedInFile):
    """A number the rulebook gives as a range ("15-20 tokens for each player", "about $50
    per player"). ``measure`` gives each measured value with where it is reported."""

    name: str
    measure: Callable[[Any], list[tuple[Loc, int]]]
    value: tuple[int, int]  # the lowest and highest the rulebook allows
    quote: str
    section: str
    where_loc: Loc

    def outside(self, data: Any) -> Iterator[tuple[Loc, int]]:
        lo, hi = self.value
        return ((loc, v) for loc, v in self.measure(data) if not lo <= v <= hi)


Entry = Stated | Counted | Ranged


@dataclass(frozen=True)
class Deviation:
    """One difference between a deck and its rulebook."""

    loc: Loc
    label: str
    rulebook: Any
    deck: Any
    quote: str
    section: str

    def describe(self) -> str:
        return f"{self.label}: {shown(self.rulebook)} -> {shown(self.deck)}"


def shown(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(shown(v) for v in value) + "]"
    return str(value)


def lookup(data: Any, path: Loc) -> tuple[Any, Loc]:
    """The deck's value at ``path`` and its concrete location (selectors made indexes);
    ``MISSING`` and the deepest location found when the path does not exist."""
    current: Any = data
    loc: Loc = ()
    for part in path:
        step = _step(current, part)
        if step is None:
            return MISSING, loc
        current, index = step
        loc += (index,)
    return _plain(current), loc


def _step(current: Any, part: str | int) -> tuple[Any, str | int] | None:
    if isinstance(part, int):
        return (current[part], part) if isinstance(current, list) and part < len(current) \
            else None
    if part.startswith("@") and isinstance(current, list):
        key, _, want = part[1:].rpartition("=") if "=" in part else ("id", "", part[1:])
        for i, element in enumerate(current):
            if str(_field(element, key)) == want:
                return element, i
        return None
    value = _field(current, part)
    return None if value is _NONE else (value, part)


_NONE = object()


def _field(obj: Any, key: str) -> Any:
    if isinstance(obj, dict):
        return obj.get(key, _NONE)
    return getattr(obj, key, _NONE) if key in getattr(type(obj), "model_fields", {}) else _NONE


def _plain(value: Any) -> Any:
    """Model values as plain data, so they compare with the baseline's literals."""
    if hasattr(value, "model_dump"):
        return value.model_dump()
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def holds_path(model: Any, path: Loc) -> bool:
    """Whether the data model has a field at ``path`` (by its types, without data): a key
    of a model, an index or ``@`` pick of a list, any key of a mapping."""
    current: Any = model
    for part in path:
        current = _element_type(current, part)
        if current is None:
            return False
    return True


def _element_type(current: Any, part: str | int) -> Any:
    """The type one step down ``current``; None when there is no such step; ``Any`` once
    the types say no more (a mapping's values, a plain value)."""
    origin = typing.get_origin(current)
    if origin in (list, tuple):
        return typing.get_args(current)[0] if isinstance(part, int) or part.startswith("@") \
            else None
    if origin is dict:
        return typing.get_args(current)[1]
    if origin in (typing.Union, types.UnionType):
        found = [t for t in typing.get_args(current) if t is not type(None)]
        return _element_type(found[0], part) if len(found) == 1 else Any
    fields = getattr(current, "model_fields", None)
    if fields is None:
        return Any
    if not isinstance(part, str) or part not in fields:
        return None
    return fields[part].annotation


def counted_at(entry: Counted, data: Any, bundled: Any) -> tuple[int, Loc]:
    """The deck's count and where an error belongs: at the item added or recounted against
    the bundled deck, else next to the one removed; without a bundled deck, at the first
    copy past the rulebook's number (the 13th hotel) or at the last item."""
    items = entry.items(data)
    total = sum(copies for _, copies, _ in items)
    if bundled is not None:
        was = {name: copies for _, copies, name in entry.items(bundled)}
        for loc, copies, name in items:
            if name not in was:
                return total, loc  # added
            if was[name] != copies:
                return total, loc + ("count",)  # recounted: at its count
        now = {name for _, _, name in items}
        gone = [i for i, (_, _, name) in enumerate(entry.items(bundled)) if name not in now]
        if gone and items:
            return total, items[min(gone[0], len(items) - 1)][0]
    running = 0
    for loc, copies, _ in items:
        running += copies
        if total > entry.value and running > entry.value:
            return total, loc
    return total, (items[-1][0] if items else entry.where_loc)


BUNDLED: dict[tuple[str, type[GameData]], Any] = {}  # (game id, model) -> bundled deck


def bundled_deck(game_id: str, model: type[GameData]) -> Any:
    """The bundled deck as read (schema only): what a user's deck is compared with to know
    which item changed. None if it does not read. Read once per process."""
    key = (game_id, model)
    if key not in BUNDLED:
        BUNDLED[key] = load_game(game_id, model, game_folder(game_id, None)).data
    return BUNDLED[key]


def remember_bundled(loaded: LoadedGame, model: type[GameData]) -> None:
    """``loaded`` as read (schema only), when it is the bundled deck itself (checking a
    bundled game): its rulebook check compares it with the very same files, so they are
    not read a second time."""
    if loaded.folder == game_folder(loaded.game_id, None):
        BUNDLED.setdefault((loaded.game_id, model), loaded.data)


@dataclass
class Baseline:
    """One game's rulebook values, and the ``rulebook-value`` check built from them."""

    game_id: str
    model: type[GameData]
    entries: tuple[Entry, ...]

    def __post_init__(self) -> None:
        for entry in self.entries:
            if isinstance(entry, Stated) and not holds_path(self.model, entry.path):
                raise ValueError(f"{self.game_id} baseline: '{entry.where}' ({entry.label}) "
                                 "names no field of the game's data")
        self.checks = Registry(f"{self.game_id} rulebook")
        self.checks.check("rulebook-value", cite="the rulebook's own numbers and words "
                          "(the game's baseline)")(self._check)

    def deviations(self, data: Any) -> list[Deviation]:
        return list(self._deviations(data, bundled_deck(self.game_id, self.model)))

    def _deviations(self, data: Any, bundled: Any) -> Iterator[Deviation]:
        translated = data.game.language != RULEBOOK_LANGUAGE
        for entry in self.entries:
            if isinstance(entry, Stated):
                if translated and isinstance(entry.value, str) and entry.translatable:
                    continue  # a translation says the rulebook's words in its own language
                deck, loc = lookup(data, entry.path)
                if deck is MISSING:  # a pick that finds nothing: at the entry re-keyed
                    loc = edited_element(data, loc)
                if deck != entry.value:
                    yield Deviation(loc, entry.label, entry.value, deck, entry.quote,
                                    entry.section)
            elif isinstance(entry, Ranged):
                for loc, deck in entry.outside(data):
                    yield Deviation(loc, entry.label, list(entry.value), deck, entry.quote,
                                    entry.section)
            else:
                total, loc = counted_at(entry, data, bundled)
                if total != entry.value:
                    yield Deviation(loc, entry.label, entry.value, total, entry.quote,
                                    entry.section)

    def _check(self, data: Any, report: Reporter) -> None:
        """Every number, count and fixed word the rulebook states is the deck's, unless
        game.yaml declares a variant: then each change is a warning."""
        variant = data.game.variant
        for d in self.deviations(data):
            if variant is None:
                report.error(d.loc, f"{d.label} is {shown(d.deck)}; the rulebook says "
                             f"\"{d.quote}\" ({shown(d.rulebook)}). Declare a variant to "
                             "change it")
            else:
                report.warning(d.loc, f"variant '{variant.name}' changes {d.label}: rulebook "
                               f"{shown(d.rulebook)} -> deck {shown(d.deck)} (\"{d.quote}\", "
                               f"{d.section})")


def copies_in(stem: str, piece_id: str | None = None,
              keep: Callable[[Any], bool] = lambda face: True
              ) -> Callable[[Any], list[Item]]:
    """The faces of the pieces in one component file (only piece ``piece_id`` if given,
    only faces ``keep`` accepts), each with its location and count: ``Counted.items``."""
    def items(data: Any) -> list[Item]:
        return [((stem, "pieces", i, "faces", j), face.count, f"{piece.id}/{face.id}")
                for i, piece in enumerate(getattr(data, stem).pieces)
                if piece_id is None or piece.id == piece_id
                for j, face in enumerate(piece.faces) if keep(face)]
    return items


def the_changed_one(data: Any, earlier: Loc, later: Loc) -> Loc:
    """Of two places in conflict, the one the designer edited: the earlier one when it
    differs from the bundled deck and the later one does not, else the later one."""
    return earlier if is_edited(data, earlier) and not is_edited(data, later) else later


def is_edited(data: Any, loc: Loc) -> bool:
    """Whether the deck's value at ``loc`` differs from the bundled deck's (False when
    there is no bundled deck to compare with)."""
    model: type[GameData] = type(data)
    bundled = bundled_deck(data.game.id, model)
    return bundled is not None and lookup(data, loc)[0] != lookup(bundled, loc)[0]


def edited_element(data: Any, loc: Loc) -> Loc:
    """Within the list at ``loc``, the first element the designer edited (a re-keyed
    entry); ``loc`` itself when none differs or there is nothing to compare with."""
    listed, _ = lookup(data, loc)
    if not isinstance(listed, list):
        return loc
    return next((loc + (i,) for i in range(len(listed)) if is_edited(data, loc + (i,))), loc)
