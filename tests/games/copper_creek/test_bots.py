"""The greedy bot's build choice, found fast (only near placements valued, tables built
once per decision), equals the plain valuation of every placement in list order."""

from __future__ import annotations

import pytest

from generator.engine.playout import play
from generator.games.copper_creek.bots import GreedyBot, _first_not_in
from generator.games.copper_creek.rules import CopperCreekState
from generator.games.copper_creek.town import CELL_STEP, K


def plain_value(bot: GreedyBot, state: CopperCreekState, action: int) -> float:
    """The valuation as first written: every placement, square by square."""
    anchor, r = divmod(action, 4)
    rot = state.t.cards[state.drawn].rotations[r]
    town, reached = state.town, state.town.reached
    value = 0.0
    own = {anchor + dx * K + dy for dx, dy, g in rot.squares if g >= 0}
    for c in own:
        for d, step in enumerate(CELL_STEP):
            gid = town.doors.get(4 * (c + step) + (d + 2) % 4)
            if gid is not None:
                value -= bot._stake(state, gid)
    for off, _gid in rot.doors:
        c, d = divmod(4 * anchor + off, 4)
        outside = c + CELL_STEP[d]
        other = town.doors.get(4 * outside + (d + 2) % 4)
        if other is not None:
            value += bot._stake(state, other)
        elif outside in reached and outside not in own:
            value += 0.25
    return value


def plain_choice(bot: GreedyBot, state: CopperCreekState, actions: list[int]) -> int:
    return actions[-max((plain_value(bot, state, a), -i) for i, a in enumerate(actions))[1]]


@pytest.mark.parametrize("seed", range(2))
def test_greedy_builds_where_the_plain_valuation_says(game, seed):
    record = play(game, 4, [("greedy", GreedyBot)] * 4, seed=f"bots/{seed}")
    bots = [GreedyBot(seat, f"bots/{seed}") for seat in range(4)]
    state = game.new_initial_state(4)
    builds = all_losing = 0
    for action in record.actions:
        if state.phase == "build" and len(state.legal_moves()) > 1:
            bot, actions = bots[state.current_player()], state.legal_moves()
            assert bot._build(state, actions) == plain_choice(bot, state, actions) == action
            # only placements that lose value: none is left at 0 without a look
            losing = [a for a in actions if plain_value(bot, state, a) < 0]
            if len(losing) > 1:
                assert bot._build(state, losing) == plain_choice(bot, state, losing)
                all_losing += 1
            builds += 1
        state.apply_action(action)
    assert builds >= 10 and all_losing >= 1


def test_the_first_placement_not_valued_is_the_first_gap():
    assert [_first_not_in(ix) for ix in ([], [0, 1, 2], [0, 2], [1, 2])] == [0, 3, 1, 0]
