"""What must hold after every action of the toy."""

from __future__ import annotations

from .state import ToyPosition


def broken(st: ToyPosition) -> list[str]:
    return [f"seat {i} has negative points" for i, s in enumerate(st.scores) if s < 0]
