"""Where an SVG element lands on its face: ``transform`` matrices, the box of a placed
rectangle, a polygon's or path's points, and whether a point lies inside a polygon."""

from __future__ import annotations

import math
import re
from functools import lru_cache

from generator.render.geometry import Rect

NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
PATH_COMMANDS = re.compile(r"([MLHVCSQTAZmlhvcsqtaz])([^MLHVCSQTAZmlhvcsqtaz]*)")
PATH_STEPS = {"M": 2, "L": 2, "T": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "A": 7}  # numbers
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def points(spec: str, tag: str) -> list[tuple[float, float]]:
    """Polygon points, or a path's absolute and relative vertices (curves by end points)."""
    if tag == "polygon":
        nums = [float(n) for n in NUMBER.findall(spec)]
        return list(zip(nums[::2], nums[1::2], strict=False))
    pts: list[tuple[float, float]] = []
    x = y = 0.0
    for cmd, args in PATH_COMMANDS.findall(spec):
        nums = [float(n) for n in NUMBER.findall(args)]
        upper = cmd.upper()
        step = PATH_STEPS.get(upper, 0)
        rel = cmd.islower()
        for i in range(0, len(nums) - step + 1, step) if step else []:
            chunk = nums[i:i + step]
            if upper == "H":
                x = x + chunk[0] if rel else chunk[0]
            elif upper == "V":
                y = y + chunk[0] if rel else chunk[0]
            else:
                x, y = (x + chunk[-2], y + chunk[-1]) if rel else (chunk[-2], chunk[-1])
            pts.append((x, y))
    return pts


@lru_cache(maxsize=1024)
def parse_transform(spec: str) -> Matrix:
    """The matrix of a ``transform`` attribute (a face repeats a few: each parsed once)."""
    m = IDENTITY
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", spec):
        v = [float(n) for n in NUMBER.findall(args)]
        if name == "translate":
            t: Matrix = (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale":
            t = (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
        elif name == "rotate":
            a = math.radians(v[0])
            cx, cy = (v[1], v[2]) if len(v) == 3 else (0.0, 0.0)
            c, s = math.cos(a), math.sin(a)
            t = (c, s, -s, c, cx - c * cx + s * cy, cy - s * cx - c * cy)
        elif name == "matrix" and len(v) == 6:
            t = (v[0], v[1], v[2], v[3], v[4], v[5])
        else:
            continue
        m = multiply(m, t)
    return m


def multiply(a: Matrix, b: Matrix) -> Matrix:
    """a then b applied inside it (SVG nesting: the outer matrix times the inner)."""
    return (a[0] * b[0] + a[2] * b[1], a[1] * b[0] + a[3] * b[1],
            a[0] * b[2] + a[2] * b[3], a[1] * b[2] + a[3] * b[3],
            a[0] * b[4] + a[2] * b[5] + a[4], a[1] * b[4] + a[3] * b[5] + a[5])


def transformed(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def placed_box(m: Matrix, x: float, y: float, w: float, h: float) -> Rect:
    a, b, c, d, e, f = m
    x1, y1 = x + w, y + h
    xs = (a * x + c * y + e, a * x + c * y1 + e, a * x1 + c * y + e, a * x1 + c * y1 + e)
    ys = (b * x + d * y + f, b * x + d * y1 + f, b * x1 + d * y + f, b * x1 + d * y1 + f)
    left, top = min(xs), min(ys)
    return Rect(left, top, max(xs) - left, max(ys) - top)


def in_polygon(points: tuple[tuple[float, float], ...], x: float, y: float) -> bool:
    inside = False
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside
