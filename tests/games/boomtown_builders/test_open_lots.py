"""open_lots finds a row's cube choice once per row: still every empty location, past
the Track Tokens, where ``cube_choices`` offers the seat a cube (Invest)."""

from __future__ import annotations

import random

import pytest

from generator.games.boomtown_builders.rules import BoomtownGame
from generator.games.boomtown_builders.town import EMPTY


@pytest.mark.parametrize("seed", range(3))
def test_open_lots_are_the_lots_a_cube_can_go(game: BoomtownGame, seed: int) -> None:
    rng = random.Random(seed)
    st = game.new_initial_state(4)
    cols, looked = st.tables.columns, 0
    while not st.is_terminal():
        b = st.b
        for seat in range(b.players):
            by_lot = [divmod(i, cols) for i in range(len(b.tokens) * cols, len(b.lots))
                      if b.lots[i].kind == EMPTY and st.cube_choices(seat, i // cols)]
            assert st.open_lots(seat) == by_lot
            looked += bool(by_lot)
        st.apply_action(rng.choice(st.legal_actions()))
    assert looked > 50
