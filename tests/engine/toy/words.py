"""The toy's actions and positions in its own words, for ``simulate --log``."""

from __future__ import annotations

from generator.engine.api import Action

from .state import KEEP, ToyPosition


def action_to_string(st: ToyPosition, action: Action) -> str:
    if st.roll == 0:
        return f"rolls {action}"
    return "keeps it" if action == KEEP else "gives it away"


def describe_state(st: ToyPosition) -> str:
    """Each player's points, and the roll waiting to be kept or given."""
    points = ", ".join(f"P{i + 1} {s}" for i, s in enumerate(st.scores))
    return points + (f"; P{st.seat + 1} holds a {st.roll}" if st.roll else "")
