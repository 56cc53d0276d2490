"""Run the composition rules a component file states (generator/schema/composition.py).

Every broken rule is reported under the rule's own id, at the item that breaks it: the
face that is one too many, the duplicate, the pair that is not adjacent; a total that is
off is reported at the piece.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from generator.checks.registry import Reporter
from generator.data.yamlsrc import Loc
from generator.schema import GameData
from generator.schema.composition import CompositionRule, CountRule, PairingRule, Scalar

Located = tuple[Loc, dict[str, Any]]  # a face's location and its fields


def check_composition(data: GameData, report: Reporter) -> None:
    """Each component file's ``composition`` rules hold (counts, copies, unique fields,
    sums, pairings), reported under each rule's own id."""
    for stem, file in data.piece_files():
        dumped = _dumped(stem, file) if file.composition else []
        for r, rule in enumerate(file.composition):
            rule_loc: Loc = (stem, "composition", r)
            faces = _faces(dumped, rule, report, rule_loc)
            if faces is not None:
                _RUNNERS[rule.kind](rule, faces, _Say(report, rule, rule_loc))


class _Say:
    """Reports for one rule: its message first, then what was found."""

    def __init__(self, report: Reporter, rule: CompositionRule, rule_loc: Loc):
        self.report, self.rule, self.rule_loc = report, rule, rule_loc

    def __call__(self, loc: Loc, detail: str) -> None:
        say = self.report.error if self.rule.severity == "error" else self.report.warning
        say(loc, f"{self.rule.message}: {detail}", rule=self.rule.id)

    def unknown_field(self, where: Loc, name: str) -> None:
        """A field no face has: a typo in the rule, reported at the rule."""
        self.report.error(self.rule_loc + where,
                          f"no face has a field '{name}'", rule=self.rule.id)


def _dumped(stem: str, file: Any) -> list[tuple[str, list[Located]]]:
    """Each piece's id and faces as plain fields, once per file: a file may hold 200 rules
    over 10,000 faces."""
    return [(piece.id, [((stem, "pieces", i, "faces", j), face.model_dump(mode="json"))
                        for j, face in enumerate(piece.faces)])
            for i, piece in enumerate(file.pieces)]


def _faces(dumped: list[tuple[str, list[Located]]], rule: CompositionRule, report: Reporter,
           rule_loc: Loc) -> list[Located] | None:
    faces = [face for piece, located in dumped if rule.piece in (None, piece)
             for face in located]
    if not faces and rule.piece not in [piece for piece, _ in dumped]:
        report.error(rule_loc + ("piece",), f"no piece '{rule.piece}' in this file",
                     rule=rule.id)
        return None
    return faces


def _matching(faces: list[Located], where: dict[str, Scalar]) -> Iterable[Located]:
    if not where:
        return faces
    return (f for f in faces if all(f[1].get(k) == v for k, v in where.items()))


def _has_field(faces: list[Located], name: str) -> bool:
    return any(name in fields for _, fields in faces)


def _count(rule: CompositionRule, faces: list[Located], say: _Say) -> None:
    spec: CountRule = rule.count  # type: ignore[assignment]
    chosen = list(_matching(faces, spec.where))
    if spec.per is None:
        _bound_total(spec.broken(sum(f["count"] for _, f in chosen)), chosen, faces, say)
        return
    if not _has_field(faces, spec.per):
        say.unknown_field(("count", "per"), spec.per)
        return
    groups: dict[Any, list[Located]] = defaultdict(list)
    for face in chosen:
        groups[face[1].get(spec.per)].append(face)
    for value in spec.values or []:
        if value not in groups:
            say(say.rule_loc + ("count", "values"), f"{spec.per} '{value}': "
                f"{spec.broken(0) or 'none'}")
    for value, group in groups.items():
        problem = spec.broken(sum(f["count"] for _, f in group))
        if problem:
            say(group[-1][0], f"{spec.per} '{value}': {problem}")


def _bound_total(problem: str | None, chosen: list[Located], faces: list[Located],
                 say: _Say) -> None:
    if problem:  # at the last face counted: adding or removing a face is the fix
        say((chosen or faces)[-1][0], problem)


def _copies(rule: CompositionRule, faces: list[Located], say: _Say) -> None:
    assert rule.copies is not None
    verdicts: dict[int, str | None] = {}  # faces share a few counts: judge each once
    for loc, fields in _matching(faces, rule.copies.where):
        count = fields["count"]
        if count not in verdicts:
            verdicts[count] = rule.copies.broken(count)
        problem = verdicts[count]
        if problem:
            say(loc + ("count",), f"face '{fields['id']}': {problem}")


def _unique(rule: CompositionRule, faces: list[Located], say: _Say) -> None:
    name = str(rule.unique)
    if not _has_field(faces, name):
        say.unknown_field(("unique",), name)
        return
    first: dict[str, str] = {}
    for loc, fields in faces:
        if name not in fields:
            continue
        value = repr(fields[name])
        if value in first:
            say(loc + (name,), f"{name} {fields[name]!r} is already used by face "
                f"'{first[value]}'")
        first.setdefault(value, fields["id"])


def _sum(rule: CompositionRule, faces: list[Located], say: _Say) -> None:
    spec = rule.sum
    assert spec is not None
    if not _has_field(faces, spec.field):
        say.unknown_field((rule.kind, "field"), spec.field)
        return
    chosen = list(_matching(faces, spec.where))
    total = sum(_number(f.get(spec.field)) * f["count"] for _, f in chosen)
    _bound_total(spec.broken(total), chosen, faces, say)


def _number(value: Any) -> float:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0


def _pairing(rule: CompositionRule, faces: list[Located], say: _Say) -> None:
    spec: PairingRule = rule.pairing  # type: ignore[assignment]
    if not _has_field(faces, spec.field):
        say.unknown_field((rule.kind, "field"), spec.field)
        return
    named = {f.get(spec.matches) for _, f in faces} if spec.matches else set()
    for loc, fields in faces:
        value = fields.get(spec.field)
        if value is None:
            continue
        if spec.matches is not None and value not in named:
            say(loc + (spec.field,), f"'{value}' names no face by {spec.matches}")
        elif spec.adjacent_in is not None and not _adjacent(value, spec):
            say(loc + (spec.field,), f"{value!r} are not neighbours in "
                f"{spec.adjacent_in}{' (a ring)' if spec.cyclic else ''}")


def _adjacent(pair: Any, spec: PairingRule) -> bool:
    order = spec.adjacent_in or []
    if not isinstance(pair, list) or len(pair) != 2 or any(v not in order for v in pair):
        return False
    gap = abs(order.index(pair[0]) - order.index(pair[1]))
    return gap == 1 or (spec.cyclic and gap == len(order) - 1)


_RUNNERS = {"count": _count, "copies": _copies, "unique": _unique, "sum": _sum,
            "pairing": _pairing}
