"""The final table of a rules-file game, drawn plainly: every zone with its cards by
name (a grid as its places, each with its cards; a face-down pile as its count), the variables, and each
seat's score."""

from __future__ import annotations

from itertools import groupby
from typing import Any
from xml.sax.saxutils import escape

from generator.engine.api import State
from generator.rulesfile.zones import ZoneRule

ROW, CARD_W, CARD_H, PER_ROW = 12.0, 34.0, 9.0, 8  # millimetres; cards in a row


def picture(state: State) -> str:
    st: Any = state  # a RulesState (the spec of a rules-file game draws only those)
    lines: list[str] = []
    y = 10.0
    scores = st.returns()
    lines.append(_text(6, y, "Final table: " + ", ".join(
        f"P{s + 1} {score:g}" for s, score in enumerate(scores)), 5, bold=True))
    view = st.view()
    for zone in st.prog.zones:
        owners = range(st.players) if zone.owned else [None]
        for seat in owners:
            cards = view[zone.name][seat] if seat is not None else view[zone.name]
            label = zone.name + (f" (P{seat + 1})" if seat is not None else "")
            y = _zone(lines, st, zone, label, cards, y + ROW)
    variables = [f"{name} {view[name]}" for name, *_ in st.prog.vars]
    if variables:
        y += ROW
        lines.append(_text(6, y, "; ".join(variables), 3.5))
    height = y + ROW
    columns = max([PER_ROW] + [zone.width for zone in st.prog.zones])  # a wide grid too
    width = 6 + columns * (CARD_W + 2) + 6
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}mm" height="{height}mm" '
            f'viewBox="0 0 {width} {height}"><rect width="{width}" height="{height}" '
            f'fill="#fffdf6"/>' + "".join(lines) + "</svg>\n")


def _zone(lines: list[str], st: Any, zone: ZoneRule, label: str, cards: Any,
          y: float) -> float:
    """One zone: its name, then its cards (a grid's places row by row); the last y."""
    lines.append(_text(6, y, f"{label}: {_count(zone, cards)}", 4, bold=True))
    if zone.width:
        places = [list(cell) if cell else None for cell in cards]  # every card, bottom first
        columns = zone.width
    else:  # a face-down pile shows only its count
        places, columns = ([] if zone.see == "none" else list(cards)), PER_ROW
    for i, card in enumerate(places):
        x = 6 + (i % columns) * (CARD_W + 2)
        top = y + 3 + (i // columns) * (CARD_H + 2)
        lines.append(f'<rect x="{x}" y="{top}" width="{CARD_W}" height="{CARD_H}" rx="1" '
                     f'fill="{"#f3e3c3" if card is not None else "none"}" stroke="#8c4a1e" '
                     'stroke-width="0.3"/>')
        if card is not None:
            words = " / ".join(_runs([st.prog.table.labels[c] for c in (
                card if isinstance(card, list) else [card])]))
            lines.append(_text(x + 1.5, top + 6, words, min(3.2, (CARD_W - 3) / (0.6 * len(words)))))
    rows = (len(places) + columns - 1) // columns
    return y + rows * (CARD_H + 2)


def _runs(labels: list[str]) -> list[str]:
    """A place's cards by name, bottom first, a run of one name once with its count
    (``climber ×6``), so a stack stays legible."""
    out: list[str] = []
    for name, run in groupby(labels):
        n = len(list(run))
        out.append(name if n == 1 else f"{name} ×{n}")
    return out


def _count(zone: ZoneRule, cards: Any) -> str:
    total = sum(len(c) for c in cards) if zone.width else len(cards)
    return f"{total} card{'s' * (total != 1)}"


def _text(x: float, y: float, words: str, size: float, bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{x}" y="{y}" font-family="DejaVu Sans" font-size="{size}"{weight} '
            f'fill="#222">{escape(words)}</text>')
