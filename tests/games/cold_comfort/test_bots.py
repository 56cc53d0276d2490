"""The greedy bot takes the rules' less obvious moves when they pay: fire, upgrade,
downgrade (each a position where it should, and whole games where it does)."""

from __future__ import annotations

from collections import Counter

from generator.engine.playout import play
from generator.games.cold_comfort.bots import GreedyBot, shared_verdicts
from generator.games.cold_comfort.rules import ColdComfortGame

from .scenario import bundled, scenario, tile

PLAIN = tile(["12", "34", "56"])


def test_greedy_downgrades_to_host_a_smaller_camper() -> None:
    #  1  2      P1's empty 5 fits no camper; the 3 camper is a street gang that holds
    # (3) 4      the neighbourhood. Downgrading (free) to a 3 and hosting it wins it.
    # [5] 6
    state = scenario([(PLAIN, 0, 0, 0)], campers={(0, 1): 3}, hotels={(0, 2): (0, 5, 0)},
                     gold=[0, 0])
    assert GreedyBot(0, 1).step(state) == ("resize", 0, 2, 3)


def test_greedy_upgrades_to_host_a_bigger_camper() -> None:
    #  1 [2]     P1's empty 2 fits no camper; upgrading it to a 4 ($4) hosts the 4
    # (3)(4)     and beats the street gang 3 + 4
    #  5  6
    state = scenario([(PLAIN, 0, 0, 0)], campers={(0, 1): 3, (1, 1): 4},
                     hotels={(1, 0): (0, 2, 0)}, gold=[4, 0])
    assert GreedyBot(0, 1).step(state) == ("resize", 1, 0, 4)


def test_greedy_fires_to_send_a_rivals_guest_away() -> None:
    # [1][2]     P2's block 2 + 4 = 6 beats P1's guest 5. P1 burns its empty 1 (insured)
    #  3 [4]     and passes the fire to P2's 2, whose guest leaves: P1's 5 now controls.
    # [5] 6      ([n] hotels: (0,0) P1 empty, (1,0) and (1,1) P2, (0,2) P1)
    state = scenario([(PLAIN, 0, 0, 0)], gold=[0, 0],
                     hotels={(0, 0): (0, 1, 0), (1, 0): (1, 2, 2), (1, 1): (1, 4, 4),
                             (0, 2): (0, 5, 5)})
    bot = GreedyBot(0, 1)
    assert bot.step(state) == ("fire", 0, 0)
    state.apply_action(("fire", 0, 0))
    assert bot.step(state) == ("spread", 1, 0)


def test_greedy_does_not_fire_for_nothing() -> None:
    # the same table without P2's guests: burning gains nothing but insurance
    state = scenario([(PLAIN, 0, 0, 0)], gold=[0, 0],
                     hotels={(0, 0): (0, 1, 0), (1, 0): (1, 2, 0), (0, 2): (0, 5, 5)})
    assert GreedyBot(0, 1).step(state)[0] != "fire"


def test_greedy_fires_upgrades_and_downgrades_in_real_games() -> None:
    game = ColdComfortGame(bundled())
    seen: Counter[str] = Counter()
    for seed in range(3):
        record = play(game, 4, [("greedy", GreedyBot)] * 4, seed=f"moves/{seed}", log=True)
        for text in record.log:
            seen.update(word for word in ("sets fire", "upgrades", "downgrades")
                        if word in text)
    assert all(seen[word] for word in ("sets fire", "upgrades", "downgrades")), seen


def test_every_greedy_seat_of_a_setup_shares_one_verdict_memo() -> None:
    # a verdict is the same whoever asks: the seats (and a search's playout bots) share
    # what any of them scored; another player count's games keep their own
    game = ColdComfortGame(bundled())
    two, three = game.new_initial_state(2), game.new_initial_state(3)
    first, second = GreedyBot(0, 1), GreedyBot(1, 2)
    for bot, state in ((first, two), (second, two)):
        bot.step(state)
    assert first.verdicts is second.verdicts
    GreedyBot(2, 3).step(three)
    assert shared_verdicts(three.setup) is not first.verdicts
