"""The shortcuts of the playout: checking one action without listing them all, and the
remembered move options, agree with the plain rules in positions of seeded random games."""

from __future__ import annotations

import random
from typing import Any

import pytest

from generator.games.kings_of_copper import moves, turn
from generator.games.kings_of_copper.rules import KingsOfCopperGame
from generator.games.kings_of_copper.state import copy_table
from generator.games.kings_of_copper.tables import Tables


def near_misses(action: Any) -> list[Any]:
    """Actions one field away from a legal one (another price, space, token …)."""
    if not isinstance(action, tuple):
        return []
    out = [action[:-1], action + ("x",)]
    for i, part in enumerate(action[1:], start=1):
        others = [part + 25, part + 50, part - 50] if isinstance(part, int) else [f"{part}-x"]
        out += [action[:i] + (other,) + action[i + 1:] for other in others]
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_is_legal_is_membership_of_the_legal_actions(game: KingsOfCopperGame,
                                                     seed: int) -> None:
    rng = random.Random(seed)
    st = game.new_initial_state(3)
    kinds = set()
    for _ in range(3000):  # setup, then turns with offers, moves and their tasks
        if st.is_terminal():
            break
        legal = turn.legal_actions(st)
        tried = rng.sample(legal, min(8, len(legal)))
        for action in legal + [m for a in tried for m in near_misses(a)]:
            assert turn.is_legal(st, action) == (action in legal), action
        kinds.update(a[0] for a in legal)
        st.apply_action(rng.choice(legal))
    assert {"offer", "swap", "die", "total", "roll"} <= kinds


def test_moves_follow_a_position_changed_by_hand(game: KingsOfCopperGame) -> None:
    """Scenario tests edit ``st.s`` directly: nothing remembered from before goes stale."""
    rng = random.Random(3)
    st = game.new_initial_state(2)
    changed = 0
    while not st.is_terminal() and changed < 40:
        if st.s.stage == "move" and not st.s.pending:
            before = turn.move_actions(st)
            other = st.s.tokens[st.s.seat]
            moved = next((i for i, p in enumerate(other) if p not in ("start", "finish")), None)
            if moved is not None:
                edited = st.clone()
                assert turn.move_actions(edited) == before
                edited.s.tokens[st.s.seat][moved] = "start"
                fresh = type(st)(st.t, copy_table(edited.s))
                assert turn.move_actions(edited) == turn.move_actions(fresh)
                assert turn.is_legal(edited, before[0]) == (before[0] in turn.move_actions(fresh))
                assert turn.move_actions(st) == before
                changed += 1
        st.apply_action(rng.choice(st.legal_actions()))
    assert changed > 10


def test_charted_ways_are_the_ways_worked_out_alone(game: KingsOfCopperGame) -> None:
    """The chart built before play (a head frame's flag kept only where it matters) holds
    what a fresh board works out for each move on its own."""
    fresh = Tables.from_data(game.tables.data)
    charted = game.tables.ways
    assert set(charted) == set(fresh.board.colors)
    for color, table in charted.items():
        assert len(table) > 60
        for place, rows in list(table.items())[::5]:
            for enter in (False, True):
                assert rows[enter][0] == moves.STAY
                for steps in range(1, moves.MOST_STEPS + 1):
                    assert rows[enter][steps] == moves._ways(fresh, color, place, steps,
                                                             enter), (place, steps)


def test_paths_grow_one_step_at_a_time_as_walked_from_scratch(
        game: KingsOfCopperGame) -> None:
    board = Tables.from_data(game.tables.data).board

    def walked(origin: str, color: str, steps: int, forward: bool) -> list[Any]:
        frontier: list[tuple[str, tuple[int, ...]]] = [(origin, ())]
        for i in range(steps):
            frontier = [step for here, used in frontier
                        for step in board._one_step(here, used, color, i == 0, forward)]
        return sorted(set(frontier))

    origins = [s for s in board.spaces if board.spaces[s].kind in ("entrance", "mine", "track")]
    for origin in origins:
        for steps in (1, 5, 12):
            for forward in (True, False):
                assert board.paths(origin, "red", steps, forward) == walked(
                    origin, "red", steps, forward), (origin, steps, forward)


def test_actions_built_in_order_are_sorted_and_illegal_moves_refused(
        game: KingsOfCopperGame) -> None:
    """Start-of-turn actions and moves are listed in order rather than sorted; a move that
    is not legal is refused before anything changes."""
    rng = random.Random(5)
    st = game.new_initial_state(4)
    seen = {"swap": 0, "refused": 0, "stuck": 0}
    while not st.is_terminal():
        legal = turn.legal_actions(st)
        assert legal == sorted(legal)
        seen["swap"] += any(a[0] == "swap" for a in legal)
        if st.s.stage == "move" and not st.s.pending and legal:
            for die in range(1, 7):  # other dice: some leave no move at all
                probe = st.clone()
                probe.s.dice = [die]
                assert moves.any_move(probe) == bool(turn.move_actions(probe))
                seen["stuck"] += not moves.any_move(probe)
            blocked = moves.no_landing(st, st.s.seat)
            assert {d for d in st.t.board.spaces if not moves.can_land(st, st.s.seat, d)} \
                == blocked
            before = st.to_dict()
            for move in legal:  # a bot tries each move on a copy sharing the mines
                turn.perform(st.trial(), move)
            assert st.to_dict() == before
            for wrong in near_misses(legal[0])[:4]:
                if wrong not in legal:
                    with pytest.raises(ValueError, match="illegal"):
                        st.apply_action(wrong)
                    seen["refused"] += 1
            assert st.to_dict() == before
        st.apply_action(rng.choice(legal))
    assert seen["swap"] > 10 and seen["refused"] > 50 and seen["stuck"] > 10


def test_steps_come_count_the_route_from_start_to_finish(game: KingsOfCopperGame) -> None:
    """The greedy bot's progress table: none at Start, one on the First Square, the whole
    route (and the step in) at Finish, none on another colour's ladder."""
    t, board = game.tables, game.tables.board
    for color in board.colors:
        come = t.come[color]
        assert (come["start"], come[board.first(color)]) == (0, 1)
        route = board.route_length(color)
        assert route is not None and come["finish"] == route + 1
        others = [s for s in board.of_kind("rung") if board.spaces[s].color != color]
        assert others and all(come[s] == 0 for s in others)
        assert come[board.finish(color)] == come["finish"]
