"""Actions and positions in the game's own words, for logs."""

from __future__ import annotations

from typing import Any

from generator.games.copper_creek.market import price
from generator.games.copper_creek.state import CreekPosition
from generator.games.copper_creek.town import xy

_TURNS = ("as printed", "turned right", "upside down", "turned left")


def action_to_string(s: CreekPosition, action: Any) -> str:
    t = s.t
    if s.phase == "setup":
        zone = t.start_slots[len(s.placed)][0]
        return f"start card {_card(s, action)} in the {zone}"
    if s.phase == "first":
        return f"P{action + 1} goes first"
    if s.phase == "draw":
        colours = ", ".join(t.row_names[r] for r in t.cards[action].colors) or "gray only"
        return f"P{s.active + 1} draws {_card(s, action)} ({colours}){_after_draw(s, action)}"
    if s.phase == "build":
        if action < 0:
            return f"sets {_card(s, s.drawn)} aside (it fits nowhere)"
        c, rot = divmod(action, 4)
        x, y = xy(c)
        return f"builds {_card(s, s.drawn)} at ({x}, {y}) {_TURNS[rot]}"
    seat = s.current_player()
    if action < 0:
        return "passes"
    b = t.buildings[action]
    return (f"buys a share of {b.name} for ${price(s, action, seat)} "
            f"({s.town.open_doors[action]} open doors, {b.points} points)")


def _after_draw(s: CreekPosition, card: int) -> str:
    """What the draw caused: elections held and income paid (for logs only: a clone)."""
    after = s.clone()
    after.apply_action(card)
    parts = [f"{year} election" for year, _ in after.elections[len(s.elections):]]
    scored = _deltas(s.points, after.points, "")
    if scored:
        parts.append(f"points {scored}")
    paid = _deltas(s.money, after.money, "$")
    parts.append(f"income {paid}" if paid else "no income")
    if after.is_terminal():
        parts.append("the game ends")
    return " -> " + "; ".join(parts)


def _deltas(before: list[int], after: list[int], unit: str) -> str:
    return ", ".join(f"P{seat + 1} +{unit}{b - a}" for seat, (a, b) in
                     enumerate(zip(before, after, strict=True)) if b != a)


def _card(s: CreekPosition, card: int) -> str:
    names = " & ".join(s.t.buildings[g].name for g in s.t.cards[card].gids)
    return f"'{names}'"


def describe_state(s: CreekPosition) -> str:
    t = s.t
    lines = [f"turn {s.turn}; bank ${s.bank}; calendar " + " ".join(
        f"{t.row_names[r]}:{t.column_names[c]}" for r, c in enumerate(s.stones))]
    for seat in range(s.players):
        lines.append(f"P{seat + 1}: {s.points[seat]} points, ${s.money[seat]}")
    for gid, stack in enumerate(s.stacks):
        if stack:
            owners = ",".join(f"P{p + 1}" for p in stack)
            lines.append(f"{t.buildings[gid].name}: [{owners}] "
                         f"{s.town.open_doors.get(gid, 0)} open doors")
    return "\n".join(lines)

