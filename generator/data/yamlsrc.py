"""Safe YAML loading that remembers where every value came from.

PyYAML's composer gives nodes with source marks; we build plain Python data from them
ourselves (only safe scalar tags), refusing duplicate keys, and keep a map from each
value's path (a tuple of keys and list indexes) to its 1-based line and column. Schema
and rules problems are then located by path, wherever the path was found.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.files.confined import FileMissing, FileRefused, read_inside
from generator.files.problems import ERROR, Problem, display_path

Loc = tuple[str | int, ...]

MAX_FILE_BYTES = 2_000_000  # a whole bundled game is under 100 kB; this loads in ~2 s
MAX_NODES = 250_000  # alias bombs ("billion laughs") stop here instead of eating memory
SHEET_SUFFIXES = (".csv", ".xlsx")  # spreadsheets, read by generator.data.sheets
MAX_DEPTH = 64  # far past any real deck; deeper is a mistake or an attack


@dataclass
class Source:
    """One YAML file: its data and where each value (and each mapping key) sits."""

    path: Path
    data: Any = None
    values: dict[Loc, tuple[int, int]] = field(default_factory=dict)
    keys: dict[Loc, tuple[int, int]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)  # found while reading, not fatal

    def position(self, loc: Loc, key: bool = False) -> tuple[int, int]:
        """The closest known position for ``loc``: the deepest prefix that exists."""
        loc = tuple(loc)
        if key and loc in self.keys:
            return self.keys[loc]
        for end in range(len(loc), -1, -1):
            if loc[:end] in self.values:
                return self.values[loc[:end]]
        return (1, 1)

    def problem(self, loc: Loc, message: str, rule: str, *, key: bool = False,
                severity: str = ERROR) -> Problem:
        line, col = self.position(loc, key=key)
        return Problem(display_path(self.path), line, col, severity, message, rule)


class YamlError(Exception):
    def __init__(self, problem: Problem):
        super().__init__(problem.format())
        self.problem = problem


_PLAIN = (None, "!", "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq")
# characters an SVG (XML 1.0) cannot hold: reported at the YAML value, not at the template
UNPRINTABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_STR = "tag:yaml.org,2002:str"
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's parser when built with it


@dataclass
class _Open:
    """A mapping or sequence being filled, with the key waiting for its value."""

    value: dict[Any, Any] | list[Any]
    loc: Loc
    key: Any = None
    has_key: bool = False
    first: dict[Any, int] = field(default_factory=dict)


class _Builder:
    """Plain data from the parser's event stream, without recursion: nesting depth and the
    number of values (aliases expanded) are counted as they come."""

    def __init__(self, source: Source, loader: Any):
        self.source = source
        self.loader = loader
        self.nodes = 0
        self.aliased = False
        self.stack: list[_Open] = []
        self.anchors: dict[str, list[yaml.Event]] = {}
        self.recording: list[tuple[str, int, list[yaml.Event]]] = []
        self.root: Any = None
        self.tags: dict[tuple[str, tuple[bool, bool]], str] = {}

    def fail(self, mark: Any, message: str, rule: str) -> YamlError:
        return YamlError(Problem(display_path(self.source.path), mark.line + 1,
                                 mark.column + 1, ERROR, message, rule))

    def run(self, events: Iterator[yaml.Event]) -> Any:
        feeds = [events]
        while feeds:
            event = next(feeds[-1], None)
            if event is None:
                feeds.pop()
            elif isinstance(event, yaml.AliasEvent):
                feeds.append(iter(self.alias(event)))
            else:
                self.record(event)
                self.event(event)
        return self.root

    def alias(self, event: yaml.AliasEvent) -> list[yaml.Event]:
        if event.anchor not in self.anchors:
            raise self.fail(event.start_mark, f"unknown alias '{event.anchor}'", "yaml-syntax")
        self.aliased = True
        return self.anchors[event.anchor]

    def record(self, event: yaml.Event) -> None:
        """Keep the events of every anchored node, to replay where an alias names it."""
        for _, _, events in self.recording:
            events.append(event)
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            self.recording.append((anchor, len(self.stack), [event]))
        while self.recording and self._closes(event, self.recording[-1][1]):
            name, _, events = self.recording.pop()
            self.anchors[name] = events

    def _closes(self, event: yaml.Event, depth: int) -> bool:
        if isinstance(event, yaml.CollectionStartEvent):
            return False
        ends = isinstance(event, yaml.CollectionEndEvent)
        return len(self.stack) - ends == depth

    def event(self, event: yaml.Event) -> None:
        if isinstance(event, yaml.ScalarEvent):
            self.place(event, self.scalar(event))
        elif isinstance(event, yaml.CollectionStartEvent):
            self.open(event)
        elif isinstance(event, yaml.CollectionEndEvent):
            self.stack.pop()
        elif isinstance(event, yaml.DocumentStartEvent) and self.nodes:
            raise self.fail(event.start_mark, "expected a single document in the file",
                            "yaml-syntax")

    def open(self, event: yaml.CollectionStartEvent) -> None:
        if event.tag not in _PLAIN:
            raise self.fail(event.start_mark, f"unsupported tag '{event.tag}'", "yaml-syntax")
        if len(self.stack) >= MAX_DEPTH:
            raise self.fail(event.start_mark, f"nested deeper than {MAX_DEPTH} levels",
                            "yaml-too-deep")
        if self.stack and isinstance(self.stack[-1].value, dict) and not self.stack[-1].has_key:
            raise self.fail(event.start_mark, "mapping keys must be plain values", "yaml-syntax")
        value: dict[Any, Any] | list[Any] = (
            {} if isinstance(event, yaml.MappingStartEvent) else [])
        loc = self.place(event, value)
        self.stack.append(_Open(value, loc))

    def place(self, event: yaml.NodeEvent, value: Any) -> Loc:
        """Put a built value where it belongs; its location (or a mapping key's)."""
        top = self.stack[-1] if self.stack else None
        if isinstance(top, _Open) and isinstance(top.value, dict) and not top.has_key:
            self.key(top, event, value)
            return top.loc
        self.count(event)
        loc: Loc = ()
        if top is None:
            self.root = value
        elif isinstance(top.value, list):
            loc = top.loc + (len(top.value),)
            top.value.append(value)
        else:
            loc, top.has_key = top.loc + (top.key,), False
            if top.key is not _DUPLICATE:
                top.value[top.key] = value
        self.source.values[loc] = _position(event)
        return loc

    def key(self, top: _Open, event: yaml.NodeEvent, key: Any) -> None:
        if not isinstance(key, str | int) or isinstance(key, bool):
            key = str(key)
        line, col = _position(event)
        top.has_key = True
        assert isinstance(top.value, dict)
        if key in top.value:  # reported, and reading goes on so later problems show too
            self.source.problems.append(self.fail(
                event.start_mark, f"duplicate key '{key}' (first at line {top.first[key]})",
                "duplicate-key").problem)
            top.key = _DUPLICATE
            return
        top.key, top.first[key] = key, line
        self.source.keys[top.loc + (key,)] = (line, col)

    def count(self, event: yaml.Event) -> None:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            why = "the aliases in it expand to" if self.aliased else "the file holds"
            raise self.fail(event.start_mark, f"{why} more than {MAX_NODES} values, the "
                            "limit for one file (split it)", "yaml-too-large")

    def scalar(self, event: yaml.ScalarEvent) -> Any:
        tag = event.tag
        if tag in (None, "!"):
            tag = self.resolve(event.value, event.implicit)
        if tag == _STR:  # most values: no constructor needed
            value: Any = event.value
        else:
            value = self.construct(tag, event)
        if isinstance(value, str) and UNPRINTABLE.search(value):
            bad = UNPRINTABLE.search(value)
            assert bad is not None
            self.source.problems.append(self.fail(
                event.start_mark, f"text holds the control character U+{ord(bad[0]):04X}, "
                "which a printed face cannot show: remove it", "text-control-char").problem)
        return value

    def resolve(self, text: str, implicit: tuple[bool, bool]) -> str:
        """The tag of a plain scalar; short ones (ids, numbers, names) remembered."""
        known = self.tags.get((text, implicit))
        if known is None:
            known = str(self.loader.resolve(yaml.ScalarNode, text, implicit))
            if len(text) <= 24:
                self.tags[(text, implicit)] = known
        return known

    def construct(self, tag: str, event: yaml.ScalarEvent) -> Any:
        start: Any = event.start_mark  # libyaml's marks are duck-typed
        end: Any = event.end_mark
        node = yaml.ScalarNode(tag, event.value, start, end, event.style)
        try:
            return self.loader.yaml_constructors.get(tag, _undefined)(self.loader, node)
        except yaml.constructor.ConstructorError as exc:
            raise self.fail(event.start_mark, f"unsupported value: {exc.problem}",
                            "yaml-syntax") from None
        except ValueError:  # Python refuses to convert an integer of over 4,300 digits
            raise self.fail(event.start_mark, f"a number of {len(event.value)} characters "
                            "is too long to read", "yaml-syntax") from None


def _position(event: yaml.Event) -> tuple[int, int]:
    mark: Any = event.start_mark  # always set on parser events
    return (mark.line + 1, mark.column + 1)


_DUPLICATE = object()  # the key of a value that is read (for its problems) but not kept


def _undefined(loader: Any, node: yaml.Node) -> Any:
    raise yaml.constructor.ConstructorError(
        None, None, f"could not determine a constructor for the tag '{node.tag}'",
        node.start_mark)


def read_limited(path: Path, root: Path | None = None) -> bytes:
    """The bytes of one component file (YAML or spreadsheet): the one place they are read,
    inside ``root`` (its own folder by default): no link is followed on the way below it,
    and only a regular file is read (``confined``); raise YamlError (located) if it cannot
    be read or is too large."""
    shown = display_path(path)
    root = path.parent if root is None else root
    try:
        raw = read_inside(root, path.relative_to(root).as_posix(), MAX_FILE_BYTES)
    except FileMissing:
        raise YamlError(Problem(shown, 1, 1, ERROR, "cannot read file: file not found",
                                "file-missing")) from None
    except FileRefused as exc:
        raise YamlError(Problem(shown, 1, 1, ERROR, exc.reason, "file-kind")) from None
    except OSError as exc:
        raise YamlError(Problem(shown, 1, 1, ERROR, f"cannot read file: {exc.strerror}",
                                "file-missing")) from None
    if len(raw) > MAX_FILE_BYTES:
        kind = "spreadsheet" if path.suffix in SHEET_SUFFIXES else "YAML file"
        size = path.stat().st_size  # read no further than the limit: its size says the rest
        raise YamlError(Problem(shown, 1, 1, ERROR, f"file is {size} bytes, over the "
                                f"limit of {MAX_FILE_BYTES} bytes for one {kind} (split "
                                "it)", "yaml-too-large"))
    return raw


def load(path: Path, root: Path | None = None) -> Source:
    """Load one YAML file safely, read inside ``root`` (``read_limited``); raise YamlError
    with a located problem if it is bad. A component file that may be a spreadsheet is
    read by ``componentfile.load``."""
    return parse(path, read_limited(path, root))


def parse(path: Path, raw: bytes) -> Source:
    """The YAML in ``raw`` (the bytes of ``path``), as UTF-8 text; YamlError if it is not."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise YamlError(Problem(display_path(path), line, col, ERROR, "file is not UTF-8 text (save it "
                                "as UTF-8)", "yaml-syntax")) from None
    return loads(text, path)


def loads(text: str, path: Path) -> Source:
    source = Source(path)
    loader = _Loader(text)
    try:
        source.data = _Builder(source, loader).run(_events(loader))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise YamlError(Problem(display_path(path), line, col, ERROR,
                                f"invalid YAML: {exc.problem}", "yaml-syntax")) from None
    except yaml.YAMLError as exc:
        raise YamlError(Problem(display_path(path), 1, 1, ERROR, f"invalid YAML: {exc}",
                                "yaml-syntax")) from None
    finally:
        loader.dispose()
    return source


def _events(loader: Any) -> Iterator[yaml.Event]:
    while loader.check_event():
        yield loader.get_event()
