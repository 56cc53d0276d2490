"""A deck's changes: against the rulebook baseline, and against the bundled deck (pieces
and faces added, removed or changed; every other key changed), each located."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.checks.rulebook import Deviation, shown
from generator.data.components import LoadedGame
from generator.data.yamlsrc import Loc
from generator.files.problems import display_path, format_text

DECLARATIONS = {("game", "variant"), ("game", "extends")}  # what a deck is, not a change


@dataclass(frozen=True)
class Change:
    """One difference from the bundled deck: ``kind`` is added, removed or changed."""

    kind: str
    what: str  # "face city-tile/york-street", "table.yaml costs.build_per_value"
    where: str  # PATH:LINE:COL in the deck that has it
    detail: str = ""

    def line(self) -> str:
        tail = f": {self.detail}" if self.detail else ""
        return f"  {self.where}: {self.kind} {self.what}{tail}"


def where(loaded: LoadedGame, loc: Loc) -> str:
    stem = str(loc[0]) if loc else "game"
    source = loaded.sources.get(stem) or loaded.sources["game"]
    p = source.problem(tuple(loc[1:]), "", "")
    return f"{p.path}:{p.line}:{p.col}"


def rulebook_lines(loaded: LoadedGame, deviations: list[Deviation]) -> list[str]:
    return [f"  {where(loaded, d.loc)}: {d.describe()}  (\"{d.quote}\", {d.section})"
            for d in deviations]


def changes(deck: LoadedGame, bundled: LoadedGame) -> list[Change]:
    """Every difference of ``deck`` from ``bundled`` (both validated models)."""
    out: list[Change] = []
    for stem in dict.fromkeys([*_files(deck.data), *_files(bundled.data)]):
        mine, theirs = _dumped(deck.data, stem), _dumped(bundled.data, stem)
        out += _piece_changes(deck, bundled, stem, mine.pop("pieces", None),
                              theirs.pop("pieces", None))
        out += [Change("changed", f"{stem.replace('_', '-')}.yaml {_dotted(loc)}",
                       where(deck, (stem,) + loc), f"{shown(a)} -> {shown(b)}")
                for loc, a, b in _value_changes(theirs, mine, ())
                if (stem, *loc[:1]) not in DECLARATIONS]
    return out


def _files(data: Any) -> list[str]:
    """A game's component files: its model's fields, and a game of one's own's piece files
    (kept as the model's extras, by file name)."""
    return [*type(data).model_fields, *sorted(data.model_extra or {})]


def _dumped(data: Any, stem: str) -> dict[str, Any]:
    """A component file's data; a piece file one side lacks holds no pieces there."""
    found = getattr(data, stem, None)
    return {"pieces": []} if found is None else dict(found.model_dump())


def _piece_changes(deck: LoadedGame, bundled: LoadedGame, stem: str, mine: Any,
                   theirs: Any) -> Iterator[Change]:
    if not isinstance(mine, list) or not isinstance(theirs, list):
        return
    old = {p["id"]: (i, p) for i, p in enumerate(theirs)}
    new = {p["id"]: (i, p) for i, p in enumerate(mine)}
    for pid, (i, piece) in new.items():
        if pid not in old:
            yield Change("added", f"piece {pid}", where(deck, (stem, "pieces", i)))
            continue
        yield from _face_changes(deck, bundled, (stem, "pieces", i), old[pid][0], piece,
                                 old[pid][1])
    for pid, (i, _) in old.items():
        if pid not in new:
            yield Change("removed", f"piece {pid}", where(bundled, (stem, "pieces", i)))


def _face_changes(deck: LoadedGame, bundled: LoadedGame, at: Loc, was_at: int,
                  piece: dict[str, Any], before: dict[str, Any]) -> Iterator[Change]:
    pid = piece["id"]
    old = {f["id"]: (j, f) for j, f in enumerate(before["faces"])}
    new = {f["id"]: (j, f) for j, f in enumerate(piece["faces"])}
    for fid, (j, face) in new.items():
        loc = at + ("faces", j)
        if fid not in old:
            yield Change("added", f"face {pid}/{fid}", where(deck, loc))
            continue
        diffs = list(_value_changes(old[fid][1], face, ()))
        if diffs:
            yield Change("changed", f"face {pid}/{fid}", where(deck, loc + diffs[0][0]),
                         "; ".join(f"{_dotted(k)} {shown(a)} -> {shown(b)}"
                                   for k, a, b in diffs))
    for fid, (j, _) in old.items():
        if fid not in new:
            yield Change("removed", f"face {pid}/{fid}",
                         where(bundled, at[:2] + (was_at, "faces", j)))
    rest = {k: v for k, v in piece.items() if k != "faces"}
    diffs = list(_value_changes({k: v for k, v in before.items() if k != "faces"}, rest, ()))
    if diffs:
        yield Change("changed", f"piece {pid}", where(deck, at + diffs[0][0]),
                     "; ".join(f"{_dotted(k)} {shown(a)} -> {shown(b)}" for k, a, b in diffs))


def _value_changes(old: Any, new: Any, loc: Loc) -> Iterator[tuple[Loc, Any, Any]]:
    """Differing leaves of two plain values; lists compare whole unless equally long."""
    if isinstance(old, dict) and isinstance(new, dict):
        for key in list(old) + [k for k in new if k not in old]:
            yield from _value_changes(old.get(key), new.get(key), loc + (key,))
    elif (isinstance(old, list) and isinstance(new, list) and len(old) == len(new)
          and any(isinstance(v, dict) for v in old)):
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            yield from _value_changes(a, b, loc + (i,))
    elif old != new:
        yield loc, old, new


def _dotted(loc: Loc) -> str:
    text = "".join(f".{p}" if isinstance(p, str) else f"[{p}]" for p in loc)
    return text.lstrip(".") or "(all)"


def report(deck: LoadedGame, bundled: LoadedGame, deviations: list[Deviation] | None,
           against: str = "the bundled deck") -> str:
    """The diff as printed by ``copperplate diff``; ``deviations`` None for a game with no
    rulebook baseline (a game of one's own), ``against`` what ``bundled`` is."""
    found = changes(deck, bundled)
    counts = {k: sum(c.kind == k for c in found) for k in ("added", "removed", "changed")}
    variant = deck.data.game.variant
    rulebook = (["no rulebook baseline (a game of your own)"] if deviations is None else
                [f"against the rulebook baseline: {len(deviations)} change(s)",
                 *rulebook_lines(deck, deviations)])
    lines = [f"{deck.game_id} ({display_path(deck.folder)})"
             + (f", variant '{variant.name}'" if variant else ", no variant declared"),
             *rulebook,
             f"against {against}: {counts['added']} added, {counts['removed']} "
             f"removed, {counts['changed']} changed",
             *(c.line() for c in found)]
    return "\n".join(lines)


def deck_diff(game_id: str, user_dir: Path | None, base_dir: Path | None,
              against: str) -> tuple[bool, str]:
    """``copperplate diff``'s text for the deck in ``user_dir`` against the deck in
    ``base_dir`` (None: the bundled deck), with the rulebook numbers it changes (none for a
    game of one's own); or False and the problems that stop it."""
    from generator.data.components import game_folder, load_game
    from generator.games import GAMES

    spec = GAMES[game_id]
    deck = load_game(spec.id, spec.model, game_folder(spec.id, user_dir))
    base = load_game(spec.id, spec.model, game_folder(spec.id, base_dir))
    if deck.data is None or base.data is None:
        return False, format_text(deck.problems + base.problems)
    deviations = (None if game_id not in GAMES else
                  spec.baseline.deviations(deck.data) if spec.baseline else [])
    return True, report(deck, base, deviations, against)
