"""Safe YAML loading that remembers where every value came from.

PyYAML's composer gives nodes with source marks; we build plain Python data from them
ourselves (only safe scalar tags), refusing duplicate keys, and keep a map from each
value's path (a tuple of keys and list indexes) to its 1-based line and column. Schema
and rules problems are then located by path, wherever the path was found.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.problems import ERROR, Problem, display_path

Loc = tuple[str | int, ...]

MAX_FILE_BYTES = 5_000_000
MAX_NODES = 500_000  # alias bombs ("billion laughs") stop here instead of eating memory


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


_PLAIN = ("tag:yaml.org,2002:map", "tag:yaml.org,2002:seq")


class _Builder:
    def __init__(self, source: Source, loader: yaml.SafeLoader):
        self.source = source
        self.loader = loader
        self.nodes = 0

    def fail(self, node: yaml.Node, message: str, rule: str) -> YamlError:
        mark = node.start_mark
        return YamlError(Problem(display_path(self.source.path), mark.line + 1,
                                 mark.column + 1, ERROR, message, rule))

    def build(self, node: yaml.Node, loc: Loc) -> Any:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise self.fail(node, f"document expands to more than {MAX_NODES} values "
                            "(too many aliases?)", "yaml-too-large")
        self.source.values[loc] = (node.start_mark.line + 1, node.start_mark.column + 1)
        if isinstance(node, yaml.MappingNode | yaml.SequenceNode) and node.tag not in _PLAIN:
            raise self.fail(node, f"unsupported tag '{node.tag}'", "yaml-syntax")
        if isinstance(node, yaml.MappingNode):
            return self.mapping(node, loc)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, loc + (i,)) for i, item in enumerate(node.value)]
        try:
            return self.loader.construct_object(node, deep=True)
        except yaml.constructor.ConstructorError as exc:
            raise self.fail(node, f"unsupported value: {exc.problem}", "yaml-syntax") from None

    def mapping(self, node: yaml.MappingNode, loc: Loc) -> dict[Any, Any]:
        out: dict[Any, Any] = {}
        first: dict[Any, int] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise self.fail(key_node, "mapping keys must be plain values", "yaml-syntax")
            key = self.loader.construct_object(key_node)
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                key = str(key)
            if key in out:  # reported, and reading goes on so later problems show too
                self.source.problems.append(self.fail(key_node, f"duplicate key '{key}' "
                                                      f"(first at line {first[key]})",
                                                      "duplicate-key").problem)
                continue
            first[key] = key_node.start_mark.line + 1
            self.source.keys[loc + (key,)] = (key_node.start_mark.line + 1,
                                              key_node.start_mark.column + 1)
            out[key] = self.build(value_node, loc + (key,))
        return out


def load(path: Path) -> Source:
    """Load one YAML file safely; raise YamlError with a located problem if it is bad."""
    shown = display_path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise YamlError(Problem(shown, 1, 1, ERROR, f"cannot read file: {exc.strerror}",
                                "file-missing")) from None
    if len(raw) > MAX_FILE_BYTES:
        raise YamlError(Problem(shown, 1, 1, ERROR, f"file is larger than {MAX_FILE_BYTES} "
                                "bytes", "yaml-too-large"))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise YamlError(Problem(shown, line, col, ERROR, "file is not UTF-8 text (save it "
                                "as UTF-8)", "yaml-syntax")) from None
    return loads(text, path)


def loads(text: str, path: Path) -> Source:
    source = Source(path)
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is not None:
            source.data = _Builder(source, loader).build(node, ())
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
