"""Tile seams that keep off a board's play spaces, text and symbols: straight where a
straight gap exists, stepped (a staircase of straight runs) where none does.

A seam is a polyline across the whole piece. A vertical seam runs from y = 0 to y = the
piece's height in vertical runs joined by horizontal steps; a horizontal seam is the same
with x and y swapped (``transposed``). Everything here works on vertical seams; the
horizontal ones are found on transposed boxes and turned back.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from functools import lru_cache

from generator.render.geometry import EPS, Rect

Point = tuple[float, float]
Path = tuple[Point, ...]
Span = tuple[float, float]
STEP_COST = 1000.0  # one more step weighs more than any sideways shift


def transposed(boxes: Sequence[Rect]) -> list[Rect]:
    return [Rect(b.y, b.x, b.h, b.w) for b in boxes]


def flip(path: Path) -> Path:
    """A path with x and y swapped (a vertical seam as a horizontal one and back)."""
    return tuple((y, x) for x, y in path)


def straight(x: float, length: float) -> Path:
    return ((x, 0.0), (x, length))


def stepped(lo: float, hi: float, target: float, length: float,
            blocked: Sequence[Rect]) -> Path | None:
    """The vertical seam from y = 0 to ``length`` with every x in [lo, hi] that crosses no
    ``blocked`` box: fewest steps first, then nearest ``target``; None if there is none."""
    if lo > hi + EPS:
        return None
    boxes = _outermost([b for b in blocked if b.x < hi - EPS and b.x1 > lo + EPS
                        and b.y < length - EPS and b.y1 > EPS])
    xs = sorted({round(min(max(target, lo), hi), 4), lo, hi}
                | {round(e, 4) for b in boxes for e in (b.x, b.x1) if lo <= e <= hi})
    cuts = sorted({0.0, length} | {round(e, 4) for b in boxes for e in (b.y, b.y1)
                                    if 0 < e < length})
    costs: list[float | None] = [0.0] * len(xs)
    edges = ([x - EPS for x in xs], [x + EPS for x in xs])  # each once, not once a box
    back: list[list[int]] = []
    for j, (y0, y1) in enumerate(zip(cuts, cuts[1:], strict=False)):
        if j:
            costs, came = _step(costs, _reach(xs, edges, y0, boxes))
            back.append(came)
        free = _free(xs, [b for b in boxes if b.y < y1 - EPS and b.y1 > y0 + EPS])
        costs = [c + (y1 - y0) * abs(x - target) if c is not None and ok else None
                 for c, x, ok in zip(costs, xs, free, strict=True)]
    found = [(c, i) for i, c in enumerate(costs) if c is not None]
    if not found:
        return None
    choice = [min(found)[1]]
    for came in reversed(back):
        choice.append(came[choice[-1]])
    return _path(xs, cuts, choice[::-1])


def _outermost(boxes: list[Rect]) -> list[Rect]:
    """The boxes not inside another (a space's own label adds nothing to keep off)."""
    unique = sorted(set(boxes), key=lambda b: -b.w * b.h)
    out: list[Rect] = []
    for b in unique:
        if not any(o.contains(b) for o in out):
            out.append(b)
    return out


def _free(xs: list[float], boxes: Sequence[Rect]) -> list[bool]:
    """Per candidate x (sorted), whether no box's span holds it strictly inside: the
    candidates inside each span found by bisection, not every box asked of every x."""
    free = [True] * len(xs)
    for b in boxes:
        first, end = bisect_right(xs, b.x + EPS), bisect_left(xs, b.x1 - EPS)
        free[first:end] = [False] * max(end - first, 0)
    return free


def _step(costs: list[float | None], groups: list[int]) -> tuple[list[float | None], list[int]]:
    """Each candidate's best cost on reaching the next band, and where it came from:
    straight on, or a step from the cheapest candidate of its group (the lower cost,
    then the lower index, wins)."""
    cheapest: dict[int, tuple[float, int]] = {}
    for i, (c, g) in enumerate(zip(costs, groups, strict=True)):
        if c is not None and (g not in cheapest or c < cheapest[g][0]):
            cheapest[g] = (c, i)
    out: list[float | None] = []
    came: list[int] = []
    for i, (c, g) in enumerate(zip(costs, groups, strict=True)):
        best = cheapest.get(g)
        if best is not None and best[1] != i and (c is None or (best[0] + STEP_COST, best[1])
                                                  < (c, i)):
            out.append(best[0] + STEP_COST)
            came.append(best[1])
        else:
            out.append(c)
            came.append(i)
    return out, came


def _reach(xs: list[float], edges: tuple[list[float], list[float]], y: float,
           boxes: Sequence[Rect]) -> list[int]:
    """Per candidate x, which group it is in along the line at ``y``: a step at ``y`` may
    join two candidates of one group (no box straddling ``y`` lies between them). The
    gaps a box closes (``x0 < b - EPS`` and ``x1 > a + EPS`` for the gap from a to b) are
    found by bisection in ``edges``: every x less and plus ``EPS``, both sorted as xs."""
    lows, highs = edges
    closed = [False] * len(xs)  # gap i: between xs[i] and xs[i + 1]
    for b in boxes:
        if b.y + EPS < y < b.y1 - EPS:
            first, end = max(bisect_right(lows, b.x) - 1, 0), bisect_left(highs, b.x1)
            closed[first:end] = [True] * max(end - first, 0)
    groups, group = [0], 0
    for gap in closed[:-1]:
        group += gap
        groups.append(group)
    return groups


def _path(xs: list[float], cuts: list[float], choice: list[int]) -> Path:
    points: list[Point] = [(xs[choice[0]], cuts[0])]
    for j in range(1, len(choice)):
        if choice[j] != choice[j - 1]:
            points += [(xs[choice[j - 1]], cuts[j]), (xs[choice[j]], cuts[j])]
    points.append((xs[choice[-1]], cuts[-1]))
    return tuple(points)


def segments(path: Path) -> list[tuple[Point, Point]]:
    return [(a, b) for a, b in zip(path, path[1:], strict=False) if a != b]


def crosses(path: Path, box: Rect, room: float = 0.0) -> bool:
    """Whether an axis-parallel polyline runs through ``box`` grown by ``room`` (along
    its edge does not count)."""
    r = box.outset(room)
    return any(min(x0, x1) < r.x1 - EPS and max(x0, x1) > r.x + EPS
               and min(y0, y1) < r.y1 - EPS and max(y0, y1) > r.y + EPS
               for (x0, y0), (x1, y1) in segments(path))


def left_of(path: Path, box: Rect) -> bool:
    """Whether ``box`` lies wholly left of a vertical seam (its right edge at or left of
    every run beside it)."""
    y0, y1 = box.y, box.y1
    beside = [x for a, b, x in _runs(path) if a < y1 and b > y0]
    return bool(beside) and box.x1 <= min(beside) + EPS


@lru_cache(maxsize=64)
def _runs(path: Path) -> tuple[tuple[float, float, float], ...]:
    """A vertical seam's vertical runs (top, bottom, x): a board's few seams are asked
    about every element of every tile."""
    return tuple((min(y0, y1), max(y0, y1), x0) for (x0, y0), (x1, y1) in segments(path)
                 if x0 == x1)


def clipped(path: Path, window: Rect) -> list[tuple[Point, Point]]:
    """The parts of an axis-parallel polyline inside ``window``."""
    out = []
    for (x0, y0), (x1, y1) in segments(path):
        a = (min(max(x0, window.x), window.x1), min(max(y0, window.y), window.y1))
        b = (min(max(x1, window.x), window.x1), min(max(y1, window.y), window.y1))
        inside = (window.x - EPS <= x0 <= window.x1 + EPS if x0 == x1
                  else window.y - EPS <= y0 <= window.y1 + EPS)
        if inside and a != b:
            out.append((a, b))
    return out


def spots(path: Path, lo: float, hi: float, keep_out: Sequence[Rect], r: float
          ) -> list[Point]:
    """Up to two places on a vertical seam's runs between y = ``lo`` and ``hi`` (nearest a
    third and two thirds of the way) where a cross of half-size ``r`` touches no
    ``keep_out`` box."""
    runs = [(min(y0, y1) + r, max(y0, y1) - r, x0) for (x0, y0), (x1, y1) in segments(path)
            if x0 == x1]
    places: list[Point] = []
    for target in (lo + (hi - lo) / 3, lo + 2 * (hi - lo) / 3):
        place = _free_spot(runs, target, (lo + r, hi - r), keep_out, r, places)
        if place is not None:
            places.append(place)
    return places


def _free_spot(runs: list[tuple[float, float, float]], target: float, span: Span,
               keep_out: Sequence[Rect], r: float, taken: list[Point]) -> Point | None:
    # per run, the boxes a cross on it can overlap at all: those across its x (the first
    # half of ``Rect.overlaps``, as it reckons it); the rest never stop a cross there
    near = [[k for k in keep_out if k.x < (x - r) + 2 * r - EPS and x - r < k.x1 - EPS]
            for _, _, x in runs]
    for shift in range(int(2 * (span[1] - span[0])) + 1):
        for y in (target + shift / 2, target - shift / 2):
            for (a, b, x), boxes in zip(runs, near, strict=True):
                if (max(a, span[0]) - EPS <= y <= min(b, span[1]) + EPS
                        and all(abs(y - q[1]) > 2 * r for q in taken)
                        and not any(k.overlaps(Rect(x - r, y - r, 2 * r, 2 * r))
                                    for k in boxes)):
                    return (x, round(y, 4))
    return None
