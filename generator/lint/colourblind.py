"""``colour-blind``: the colours that tell pieces apart must stay apart for every player.

A *palette* is any list in a game's YAML whose entries each have an ``id`` and a colour
(``hex``, ``color`` or ``colour``: players, suits, building colours, characters, tracks).
Two entries of one palette must differ by at least ``MIN_DELTA_E`` (CIE 1976 ΔE*ab in
CIELAB) for normal vision and under protanopia, deuteranopia and tritanopia, simulated with
the matrices of Machado, Oliveira and Fernandes (2009) at full severity, and printed in
black and white (``--ink bw``: the grey of the same luminance), unless they carry
different printed letters or symbols (``letter``, ``symbol``). Across two palettes of one
game, a colour must not repeat (a green share token on a green building disappears) and a
letter must not stand for two things.

Passing (orange and blue stay apart under every simulation, and in black and white;
orange and sky blue would print as one grey)::

    colors:
      - {id: orange, hex: "#E69F00"}
      - {id: blue, hex: "#0072B2"}

Failing (red and green are one colour to a deuteranope, and no letter tells them apart)::

    colors:
      - {id: red, hex: "#D55E00"}
      - {id: green, hex: "#6A8E00"}
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from generator.data.components import LoadedGame
from generator.files.problems import Problem
from generator.render.colour import parse_colour

MIN_DELTA_E = 12.0  # CIE76: well past "just noticeable" (about 2.3), for small printed pieces
COLOUR_KEYS = ("hex", "color", "colour")
MARK_KEYS = ("letter", "symbol")
RULE = "colour-blind"
CONTAINERS = (dict, list)  # what a palette can be in
# Machado et al. 2009, severity 1.0, on linear sRGB
VISIONS: dict[str, tuple[tuple[float, float, float], ...]] = {
    "normal vision": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
    # ``build --ink bw``: every colour printed as the grey of its luminance (``render.ink``)
    "black and white (--ink bw)": ((0.2126, 0.7152, 0.0722),) * 3,
}


@dataclass(frozen=True)
class Swatch:
    """One colour of a palette: where it is, what it is called, its printed marks."""

    path: str
    loc: tuple[Any, ...]
    name: str
    colour: str
    marks: tuple[str, ...]


def linear(colour: str) -> tuple[float, float, float]:
    c = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in c)
    return (r, g, b)


def lab(colour: str, vision: str = "normal vision") -> tuple[float, float, float]:
    """CIELAB (D65) of ``colour`` as seen with ``vision``."""
    rgb = linear(colour)
    seen = [min(1.0, max(0.0, sum(m * v for m, v in zip(row, rgb, strict=True))))
            for row in VISIONS[vision]]
    r, g, b = seen
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def delta_e(a: str, b: str, vision: str = "normal vision") -> float:
    la, lb = lab(a, vision), lab(b, vision)
    return sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5


def alike(a: str, b: str) -> list[tuple[float, str]]:
    """(ΔE, vision) for every vision under which two colours are closer than
    ``MIN_DELTA_E``."""
    gaps = [(delta_e(a, b, vision), vision) for vision in VISIONS]
    return [(gap, vision) for gap, vision in gaps if gap < MIN_DELTA_E]


def palettes(loaded: LoadedGame) -> Iterator[list[Swatch]]:
    """Every list of coloured entries in the game's YAML files."""
    for _, source in sorted(loaded.sources.items()):
        yield from _walk(str(source.path), source.data, ())


def _walk(path: str, node: Any, loc: tuple[Any, ...]) -> Iterator[list[Swatch]]:
    """The palettes in ``node`` and below, gone into only where a dict or list is (a
    game's YAML is mostly plain values: no call for each)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if isinstance(value, CONTAINERS):
                yield from _walk(path, value, (*loc, key))
    elif isinstance(node, list):
        swatches = [s for i, item in enumerate(node) if (s := _swatch(path, item, (*loc, i)))]
        if len(swatches) >= 2:
            yield swatches
        for i, item in enumerate(node):
            if isinstance(item, CONTAINERS):
                yield from _walk(path, item, (*loc, i))


def _swatch(path: str, item: Any, loc: tuple[Any, ...]) -> Swatch | None:
    if not isinstance(item, dict) or "id" not in item:
        return None
    for key in COLOUR_KEYS:
        value = item.get(key)
        colour = parse_colour(value) if isinstance(value, str) and "#" in value else None
        if colour is not None:
            marks = tuple(str(item[k]) for k in MARK_KEYS if item.get(k))
            return Swatch(path, (*loc, key), str(item.get("name") or item["id"]), colour, marks)
    return None


def colour_problems(loaded: LoadedGame) -> list[Problem]:
    """Every pair of colours a colour-blind player (or anyone, across palettes) cannot
    tell apart, at the YAML line of the second of them."""
    found = list(palettes(loaded))
    problems = [_problem(loaded, b, message) for palette in found
                for b, message in _within(palette)]
    for one, other in itertools.combinations(found, 2):
        problems += [_problem(loaded, b, message) for b, message in _across(one, other)]
    return problems


def _within(palette: list[Swatch]) -> Iterator[tuple[Swatch, str]]:
    for a, b in itertools.combinations(palette, 2):
        if a.marks and b.marks and set(a.marks).isdisjoint(b.marks):
            continue  # a printed letter or symbol tells them apart
        close = alike(a.colour, b.colour)
        if close:
            gap = min(g for g, _ in close)
            visions = ", ".join(v for _, v in close)
            yield b, (f"'{b.name}' ({b.colour}) and '{a.name}' ({a.colour}) look alike with "
                      f"{visions} (ΔE {gap:.1f}, under {MIN_DELTA_E:g}) and no printed letter "
                      "or symbol tells them apart")


def _across(one: list[Swatch], other: list[Swatch]) -> Iterator[tuple[Swatch, str]]:
    for a, b in itertools.product(one, other):
        gap = delta_e(a.colour, b.colour)
        if gap < MIN_DELTA_E:
            yield b, (f"'{b.name}' ({b.colour}) looks like '{a.name}' ({a.colour}) of another "
                      f"list (ΔE {gap:.1f}): a piece of one on the other disappears")
        shared = set(a.marks) & set(b.marks)
        if shared:
            yield b, (f"'{b.name}' and '{a.name}' of another list both print "
                      f"'{sorted(shared)[0]}': one letter or symbol means two things")


def _problem(loaded: LoadedGame, swatch: Swatch, message: str) -> Problem:
    source = next(s for s in loaded.sources.values() if str(s.path) == swatch.path)
    return source.problem(swatch.loc, message, RULE)
