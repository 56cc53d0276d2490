"""The toy's one phase: each turn a d3 is rolled (a chance action), then the player keeps
the roll or gives it to the next player."""

from __future__ import annotations

from generator.engine.api import CHANCE, TERMINAL, Action

from .state import GIVE, KEEP, ToyPosition


def current_player(st: ToyPosition) -> int:
    if st.is_terminal():
        return TERMINAL
    return CHANCE if st.roll == 0 else st.seat


def legal_actions(st: ToyPosition) -> list[Action]:
    if st.is_terminal():
        return []
    return list(st.t.faces) if st.roll == 0 else [KEEP, GIVE]


def apply_action(st: ToyPosition, action: Action) -> None:
    if action not in st.legal_actions():
        raise ValueError(f"illegal action {action!r}")
    if st.roll == 0:
        st.roll = int(action)  # type: ignore[arg-type]
        return
    target = st.seat if action == KEEP else (st.seat + 1) % len(st.scores)
    st.scores[target] += st.roll
    st.roll, st.turns = 0, st.turns + 1
    st.seat = (st.seat + 1) % len(st.scores)
