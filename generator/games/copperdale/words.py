"""Actions and positions in the game's own words, for logs."""

from __future__ import annotations

from generator.engine.api import Action
from generator.games.copperdale.scoring import medal_sum
from generator.games.copperdale.state import CopperdalePosition
from generator.games.copperdale.turn import checked_play


def action_to_string(s: CopperdalePosition, action: Action) -> str:
    """What the action does, step by step, as it is played on a copy."""
    events: list[str] = []
    checked_play(s.clone(), action, events)
    return "; ".join(e for e in events if e).replace(":; ", ": ")


def describe_state(s: CopperdalePosition) -> str:
    return (f"month {s.month}: {medal_sum(s.t, s)} medals, population "
            f"{s.population}, borders {s.borders}")
