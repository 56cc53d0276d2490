"""The printed money against play (issue 13, item 9; ruling 21): the bills pay and change
every amount (checks money-denominations and money-change), and the printed supply covers
the most money the simulations ever put in the players' hands."""

from __future__ import annotations

import random

import pytest

from generator.engine.api import CHANCE
from generator.engine.bots import RandomBot
from generator.engine.playout import sample_chance
from generator.games.kings_of_copper.bots import GreedyBot
from generator.games.kings_of_copper.checks.money import denominations, payable, reachable


def test_every_bill_amount_of_the_game_is_payable(game) -> None:  # type: ignore[no-untyped-def]
    bills = list(denominations(game.tables.data))
    assert bills[0] == 5 and all(payable(a, bills) for a in (25, 75, 10, 1000, 2000))
    assert not payable(25, [10, 50, 100, 500])  # the old notes could not pay $25


def test_the_sums_of_bills_are_those_of_adding_one_bill_at_a_time() -> None:
    """reachable() builds the set by doubling shifts; it must name exactly the sums
    that adding one bill after another can make."""
    rng = random.Random("bills")
    for _ in range(200):
        bills = sorted(rng.sample(range(1, 60), rng.randint(1, 4)))
        limit = rng.randint(0, 400)
        made = [True] + [False] * limit
        for total in range(1, limit + 1):
            made[total] = any(b <= total and made[total - b] for b in bills)
        got = reachable(limit, bills)
        assert [bool(got >> n & 1) for n in range(limit + 1)] == made, (bills, limit)
        assert got >> (limit + 1) == 0


@pytest.mark.parametrize("lineup", ["greedy", "mixed", "random"])
def test_the_supply_covers_the_most_money_in_play(game, lineup: str) -> None:  # type: ignore[no-untyped-def]
    bots = {"greedy": [GreedyBot] * 4, "mixed": [GreedyBot] + [RandomBot] * 3,
            "random": [RandomBot] * 4}[lineup]
    most, lowest_bank = 0, game.tables.money_supply
    for seed in range(3):
        state, rng = game.new_initial_state(4), random.Random(f"money/{seed}")
        seats = [bot(i, seed) for i, bot in enumerate(bots)]
        while not state.is_terminal():
            player = state.current_player()
            state.apply_action(sample_chance(state, rng) if player == CHANCE
                               else seats[player].step(state))
            most = max(most, sum(state.s.money))
            lowest_bank = min(lowest_bank, state.s.bank)
    # in 45 such games the most ever in the players' hands was $6,975 of $12,500
    assert most <= game.tables.money_supply and lowest_bank > 0, (most, lowest_bank)
